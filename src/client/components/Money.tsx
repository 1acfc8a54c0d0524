import { formatMoney } from '../../shared/domain/money';
import { useWords } from '../lib/words';

/** An amount shown as taka (৳ with lakh grouping, in the page language's digits) or by its currency code. */
export default function Money({ amount, currency = 'BDT' }: { amount: string | number | null | undefined; currency?: string | null }) {
  const { language } = useWords();
  if (amount === null || amount === undefined || amount === '') return <>—</>;
  return <>{formatMoney(amount, language, currency ?? 'BDT')}</>;
}
