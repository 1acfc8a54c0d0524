/**
 * The annualised return (XIRR) as a percentage, expected and to date, each with what it counts; "not available" and
 * why, rather than a number, when there is none.
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { RateReason } from '../../../shared/api/portfolio';
import { formatRate } from '../../../shared/format/percent';
import { NOT_AVAILABLE } from './words';

interface Rates {
  xirr: number | null;
  xirrReason: RateReason | null;
  xirrToDate: number | null;
  xirrToDateReason: RateReason | null;
}

/** A rate as text: "19.34 % a year", or the reason it is not available. */
export function rateText(rate: number | null, reason: RateReason | null): string {
  const shown = formatRate(rate);
  return shown ? `${shown} a year` : NOT_AVAILABLE[reason ?? 'no_solution'];
}

export default function ReturnFigures({ rates }: { rates: Rates }) {
  const figures = [
    { label: 'Expected return (XIRR)', rate: rates.xirr, reason: rates.xirrReason, basis: 'every instalment on its due date, or the day you confirmed it' },
    { label: 'Return to date (XIRR)', rate: rates.xirrToDate, reason: rates.xirrToDateReason, basis: 'money received so far, and the principal still owed counted back today at face value' },
  ];
  return (
    <Box component="ul" aria-label="Annualised return" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
      {figures.map((f) => (
        <Paper component="li" key={f.label} variant="outlined" sx={{ px: 2, py: 1.25 }}>
          <Typography variant="body2" color="text.secondary">
            {f.label}
          </Typography>
          {f.rate === null ? (
            <Typography sx={{ fontWeight: 600, mt: 0.5 }}>{rateText(null, f.reason)}</Typography>
          ) : (
            <Typography sx={{ fontWeight: 700, fontSize: '1.5rem', fontVariantNumeric: 'tabular-nums' }}>{rateText(f.rate, null)}</Typography>
          )}
          <Typography variant="caption" color="text.secondary" component="p">
            Counts {f.basis}; annualised from the dates of the money (actual/365, as spreadsheets’ XIRR).
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
