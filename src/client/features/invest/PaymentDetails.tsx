/**
 * How an instalment was paid, as the owner recorded it: the instalment-paid form's answer drawn by the read-only
 * view with the version it was given with (so "bKash" and "bKash transaction ID (TrxID)" are the form's own words,
 * and a field staff add in the studio shows with no code change). Nothing for an instalment still due.
 */
import { FormReadOnlyView } from '../../form-engine/read-only';
import type { Instalment } from './types';
import { formatNumber } from '../../../shared/format/money';
import { useWords } from '../../lib/words';

export default function PaymentDetails({ instalment: i }: { instalment: Pick<Instalment, 'seq' | 'payment' | 'paymentFormVersion'> }) {
  const { t, language } = useWords();
  if (!i.payment) return null;
  return (
    <FormReadOnlyView
      formId="instalment-paid"
      formVersion={i.paymentFormVersion}
      data={i.payment}
      label={t('How instalment {seq} was paid', { seq: formatNumber(i.seq, language) })}
    />
  );
}
