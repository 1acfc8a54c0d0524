/** The investor's totals: two to a row on a phone, the overdue one marked when there is any. */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { PortfolioTotals as Totals } from '../../../shared/api/portfolio';
import { formatMoney, toPaisa } from '../../../shared/domain/money';
import { useWords } from '../../lib/words';

export default function PortfolioTotals({ totals }: { totals: Totals }) {
  const { t, language } = useWords();
  const overdue = toPaisa(totals.overdue) > 0n;
  const tiles: { label: string; amount: string; note?: string; alarm?: boolean }[] = [
    { label: t('Invested'), amount: totals.invested, note: t('in accepted agreements') },
    { label: t('Received'), amount: totals.received, note: t('confirmed instalments') },
    {
      label: t('Outstanding'),
      amount: totals.outstanding,
      note: toPaisa(totals.awaitingConfirmation) > 0n ? t('{amount} paid, awaiting your confirmation', { amount: formatMoney(totals.awaitingConfirmation, language) }) : t('not received yet'),
    },
    { label: t('Overdue'), amount: totals.overdue, note: overdue ? t('not paid by its due date') : t('nothing late'), alarm: overdue },
    { label: t('Profit received'), amount: totals.profitReceived, note: t('the profit part of what came back') },
  ];
  return (
    <Box component="ul" aria-label={t('Portfolio totals')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, minmax(0, 1fr))' }, gap: 1.5 }}>
      {tiles.map((tile) => (
        <Paper component="li" key={tile.label} variant="outlined" sx={{ px: 2, py: 1.25, borderColor: tile.alarm ? 'error.main' : undefined }}>
          <Typography variant="body2" color="text.secondary">
            {tile.label}
          </Typography>
          <Typography sx={{ fontWeight: 700, fontSize: { xs: '1.1rem', sm: '1.25rem' }, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere', color: tile.alarm ? 'error.main' : undefined }}>
            {formatMoney(tile.amount, language)}
          </Typography>
          {tile.note && (
            <Typography variant="caption" color="text.secondary" component="p">
              {tile.note}
            </Typography>
          )}
        </Paper>
      ))}
    </Box>
  );
}
