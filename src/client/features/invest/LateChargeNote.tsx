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

const NOT_THE_INVESTOR = "owed to the platform's charity account, not to the investor";

/** One instalment's charge: accruing (so far, and from when), owed once fixed, or received. */
export function LateChargeNote({ charge: c }: { charge: LateCharge }) {
  const text =
    c.status === 'accruing'
      ? `Late charge for charity: ${formatMoney(c.amount)} so far, ${NOT_THE_INVESTOR}. It accrues at ${Number(c.ratePa)}% a year from ${formatDate(c.accruesFrom)} until you mark this instalment paid.`
      : c.status === 'owed'
        ? `Late charge for charity: ${formatMoney(c.amount)}, ${NOT_THE_INVESTOR}. Staff confirm when the charity account receives it.`
        : `Late charge for charity: ${formatMoney(c.amount)}, received by the charity account on ${formatDate(c.settledAt)} (reference ${c.reference}).`;
  return (
    <Typography variant="body2" color={c.status === 'settled' ? 'text.secondary' : 'warning.dark'} sx={{ mt: 0.5 }}>
      {text}
    </Typography>
  );
}

/** The owner's late charges in all, when there are any. */
export function LateChargeSummary({ totals }: { totals: NonNullable<Schedule['lateCharges']> }) {
  if (totals.owing === '0.00' && totals.settled === '0.00') return null;
  return (
    <Alert severity={totals.owing === '0.00' ? 'info' : 'warning'} sx={{ mb: 2 }}>
      <strong>Late charges for charity: {formatMoney(totals.owing)} owing</strong>
      {totals.settled !== '0.00' ? `, ${formatMoney(totals.settled)} received` : ''}. An instalment paid more than the grace period late carries a charge that goes to
      the platform's charity account, never to the investor, and is no part of any return.
    </Alert>
  );
}
