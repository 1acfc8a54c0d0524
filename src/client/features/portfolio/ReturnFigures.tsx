/**
 * The annualised return (XIRR) as a percentage, expected and to date, each with what it counts; "not available" and
 * why, rather than a number, when there is none.
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { RateReason } from '../../../shared/api/portfolio';
import { formatRate } from '../../../shared/format/percent';
import { notAvailable } from './words';
import { useWords, type Words } from '../../lib/words';
import type { Language } from '../../../shared/i18n/language';

interface Rates {
  xirr: number | null;
  xirrReason: RateReason | null;
  xirrToDate: number | null;
  xirrToDateReason: RateReason | null;
}

/** A rate as text: "19.34 % a year", or the reason it is not available. */
export function rateText(rate: number | null, reason: RateReason | null, t: Words['t'], language: Language): string {
  const shown = formatRate(rate, language);
  return shown ? t('{rate} a year', { rate: shown }) : notAvailable(t, reason ?? 'no_solution');
}

export default function ReturnFigures({ rates }: { rates: Rates }) {
  const { t, language } = useWords();
  const figures = [
    {
      label: t('Expected return (XIRR)'),
      rate: rates.xirr,
      reason: rates.xirrReason,
      basis: t('Counts every instalment on its due date, or the day you confirmed it; annualised from the dates of the money (actual/365, as spreadsheets’ XIRR).'),
    },
    {
      label: t('Return to date (XIRR)'),
      rate: rates.xirrToDate,
      reason: rates.xirrToDateReason,
      basis: t('Counts money received so far, and the principal still owed counted back today at face value; annualised from the dates of the money (actual/365, as spreadsheets’ XIRR).'),
    },
  ];
  return (
    <Box component="ul" aria-label={t('Annualised return')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
      {figures.map((f) => (
        <Paper component="li" key={f.label} variant="outlined" sx={{ px: 2, py: 1.25 }}>
          <Typography variant="body2" color="text.secondary">
            {f.label}
          </Typography>
          {f.rate === null ? (
            <Typography sx={{ fontWeight: 600, mt: 0.5 }}>{rateText(null, f.reason, t, language)}</Typography>
          ) : (
            <Typography sx={{ fontWeight: 700, fontSize: '1.5rem', fontVariantNumeric: 'tabular-nums' }}>{rateText(f.rate, null, t, language)}</Typography>
          )}
          <Typography variant="caption" color="text.secondary" component="p">
            {f.basis}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
