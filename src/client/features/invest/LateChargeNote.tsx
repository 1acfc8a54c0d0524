/**
 * What an owner owes to charity for paying an instalment late (DOMAIN.md "Late payments"), said as such: the charge
 * goes to the platform's charity account, never to the investor, and is no part of any return. Shown under the
 * instalment in the owner's schedule, and as a summary above it.
 */
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { formatMoney } from '../../../shared/domain/money';
import { formatDate } from '../../../shared/format/dates';
import type { LateCharge, Schedule } from './types';
import { localDigits } from '../../../shared/format/digits';
import { useWords } from '../../lib/words';

/** One instalment's charge: accruing (so far, and from when), owed once fixed, or received. */
export function LateChargeNote({ charge: c }: { charge: LateCharge }) {
  const { t, language } = useWords();
  const amount = formatMoney(c.amount, language);
  const text =
    c.status === 'accruing'
      ? t(
          "Late charge for charity: {amount} so far, owed to the platform's charity account, not to the investor. It accrues at {rate}% a year from {date} until you mark this instalment paid.",
          { amount, rate: localDigits(String(Number(c.ratePa)), language), date: formatDate(c.accruesFrom, language) },
        )
      : c.status === 'owed'
        ? t("Late charge for charity: {amount}, owed to the platform's charity account, not to the investor. Staff confirm when the charity account receives it.", { amount })
        : t('Late charge for charity: {amount}, received by the charity account on {date} (reference {reference}).', {
            amount,
            date: formatDate(c.settledAt, language),
            reference: c.reference ?? '',
          });
  return (
    <Typography variant="body2" color={c.status === 'settled' ? 'text.secondary' : 'warning.dark'} sx={{ mt: 0.5 }}>
      {text}
    </Typography>
  );
}

/** The owner's late charges in all, when there are any. */
export function LateChargeSummary({ totals }: { totals: NonNullable<Schedule['lateCharges']> }) {
  const { t, language } = useWords();
  if (totals.owing === '0.00' && totals.settled === '0.00') return null;
  return (
    <Alert severity={totals.owing === '0.00' ? 'info' : 'warning'} sx={{ mb: 2 }}>
      <strong>{t('Late charges for charity: {amount} owing', { amount: formatMoney(totals.owing, language) })}</strong>
      {totals.settled !== '0.00' ? t(', {amount} received', { amount: formatMoney(totals.settled, language) }) : ''}
      {t(". An instalment paid more than the grace period late carries a charge that goes to the platform's charity account, never to the investor, and is no part of any return.")}
    </Alert>
  );
}
