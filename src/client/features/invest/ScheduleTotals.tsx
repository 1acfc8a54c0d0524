/**
 * The totals above a schedule, each saying what it counts and of how many instalments: paid and awaiting the
 * investor's confirmation apart from confirmed (a "Paid" figure alone read as money received). Two to a row on a
 * phone.
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatMoney } from '../../../shared/domain/money';
import { useWords } from '../../lib/words';
import type { Schedule } from './types';

export default function ScheduleTotals({ role, totals, counts: c }: { role: 'investor' | 'owner' } & Pick<Schedule, 'totals' | 'counts'>) {
  const { t, language } = useWords();
  const tiles: [label: string, amount: string, count: number][] = [
    [t('Scheduled'), totals.scheduled, c.scheduled],
    [t('Still due'), totals.due, c.due],
    [t('Paid, awaiting confirmation'), totals.paid, c.paid],
    [role === 'investor' ? t('Confirmed received') : t('Confirmed by the investor'), totals.confirmed, c.confirmed],
  ];
  return (
    <Box component="ul" aria-label={t('Totals')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, minmax(0, max-content))' }, gap: { xs: 1.5, sm: 3 }, mb: 2 }}>
      {tiles.map(([label, amount, count]) => (
        <Paper component="li" key={label} variant="outlined" sx={{ px: 2, py: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>{formatMoney(amount, language)}</Typography>
          <Typography variant="caption" color="text.secondary">
            {t('{count, plural, one {# instalment} other {# instalments}}', { count })}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
