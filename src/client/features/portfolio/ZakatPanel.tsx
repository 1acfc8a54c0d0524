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
import { localDigits } from '../../../shared/format/digits';
import type { Language } from '../../../shared/i18n/language';
import { useWords, type Words } from '../../lib/words';

function stepText(step: ZakatStepView, zakat: ZakatView, t: Words['t'], language: Language): string {
  const money = (amount: string | number) => formatMoney(amount, language);
  switch (step.step) {
    case 'holdings':
      return t('What you are owed on the platform on {date} (instalments not received yet): {amount}.', { date: formatDate(zakat.asOf, language), amount: money(step.amount) });
    case 'nisab':
      return step.reached
        ? t("The nisab, set by the platform's staff: {amount}. Your holdings here reach it.", { amount: money(step.amount) })
        : t("The nisab, set by the platform's staff: {amount}. Your holdings here are below it.", { amount: money(step.amount) });
    case 'rate':
      return t('{percent} % of {holdings}: {amount}.', { percent: localDigits(String(step.percent), language), holdings: money(zakat.holdings), amount: money(step.amount) });
    case 'due':
      return zakat.steps.some((s) => s.step === 'nisab' && s.reached === false)
        ? t('Estimated zakat: {amount} (below the nisab, none is due on these holdings).', { amount: money(step.amount) })
        : t('Estimated zakat: {amount}.', { amount: money(step.amount) });
  }
}

export default function ZakatPanel({ zakat }: { zakat: ZakatView }) {
  const { t, language } = useWords();
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
      <Alert severity="info" sx={{ m: 0 }}>
        {t(
          'An estimate, to confirm with a scholar: zakat is 2.5 % of wealth that reaches the nisab. It counts only what you are owed on this platform, not your other wealth, debts or the date your zakat year began.',
        )}
      </Alert>
      <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.75 }} aria-label={t('How the estimate is worked out')}>
        {zakat.steps.map((s) => (
          <Typography component="li" key={s.step} sx={{ fontWeight: s.step === 'due' ? 700 : undefined }}>
            {stepText(s, zakat, t, language)}
          </Typography>
        ))}
      </Box>
      {zakat.nisab === null && <Typography color="text.secondary">{t("No estimate yet: the platform's staff have not set the nisab.")}</Typography>}
    </Paper>
  );
}
