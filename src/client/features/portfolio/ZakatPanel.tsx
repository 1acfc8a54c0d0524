/**
 * The zakat estimate beside the portfolio (issue 30 §4), its basis step by step, labelled as an estimate to confirm
 * with a scholar; without a nisab set by staff, the holdings and no estimate.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ZakatStepView, ZakatView } from '../../../shared/api/portfolio';
import { formatMoney } from '../../../shared/domain/money';
import { formatDate } from '../../../shared/format/dates';

function stepText(step: ZakatStepView, zakat: ZakatView): string {
  switch (step.step) {
    case 'holdings':
      return `What you are owed on the platform on ${formatDate(zakat.asOf)} (instalments not received yet): ${formatMoney(step.amount)}.`;
    case 'nisab':
      return `The nisab, set by the platform's staff: ${formatMoney(step.amount)}. Your holdings here ${step.reached ? 'reach it' : 'are below it'}.`;
    case 'rate':
      return `${step.percent} % of ${formatMoney(zakat.holdings)}: ${formatMoney(step.amount)}.`;
    case 'due':
      return `Estimated zakat: ${formatMoney(step.amount)}${zakat.steps.some((s) => s.step === 'nisab' && s.reached === false) ? ' (below the nisab, none is due on these holdings)' : ''}.`;
  }
}

export default function ZakatPanel({ zakat }: { zakat: ZakatView }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
      <Alert severity="info" sx={{ m: 0 }}>
        An estimate, to confirm with a scholar: zakat is 2.5 % of wealth that reaches the nisab. It counts only what you are owed on this platform, not
        your other wealth, debts or the date your zakat year began.
      </Alert>
      <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.75 }} aria-label="How the estimate is worked out">
        {zakat.steps.map((s) => (
          <Typography component="li" key={s.step} sx={{ fontWeight: s.step === 'due' ? 700 : undefined }}>
            {stepText(s, zakat)}
          </Typography>
        ))}
      </Box>
      {zakat.nisab === null && <Typography color="text.secondary">No estimate yet: the platform's staff have not set the nisab.</Typography>}
    </Paper>
  );
}
