import { formatMoney } from '../../shared/domain/money';

/** An amount shown as taka (৳ with thousands separators) or by its currency code. */
export default function Money({ amount, currency = 'BDT' }: { amount: string | number | null | undefined; currency?: string | null }) {
  if (amount === null || amount === undefined || amount === '') return <>—</>;
  return <>{formatMoney(amount, 'en', currency ?? 'BDT')}</>;
}
