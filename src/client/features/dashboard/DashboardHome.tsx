import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { screensConfig } from '../../config';
import { useApi } from '../../lib/use-api';
import NextSteps from './NextSteps';
import { formatMoney, formatNumber } from '../../../shared/format/money';
import { ErrorState } from '../../components/Status';
import { useWords } from '../../lib/words';
import type { ApiAnswer } from '../../lib/api-paths';

type Tile = ApiAnswer<'GET /dashboard/summary'>['tiles'][number];

function TileCard({ tile }: { tile: Tile | null }) {
  const { t, language } = useWords();
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        {tile ? (
          <>
            <Typography variant="body2" color="text.secondary">
              {t(tile.label)}
            </Typography>
            {/* Two tiles to a row on phones: a smaller figure that may wrap rather than push the page sideways. */}
            <Typography variant="h5" component="p" sx={{ fontWeight: 700, mt: 0.5, fontVariantNumeric: 'tabular-nums', fontSize: { xs: '1.1rem', sm: '1.5rem' }, overflowWrap: 'anywhere' }}>
              {tile.format === 'money' ? formatMoney(tile.value, language) : formatNumber(Number(tile.value), language)}
            </Typography>
          </>
        ) : (
          <>
            <Skeleton width="70%" />
            <Skeleton width="45%" height={40} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The dashboard: the greeting and what needs you, Quick Access cards from the screen config and the Summary Overview tiles from the API. */
export default function DashboardHome() {
  const summary = useApi('/dashboard/summary');
  const { t } = useWords();
  const groups: { scope: Tile['scope']; title: string }[] = [
    { scope: 'platform', title: 'Platform' },
    { scope: 'yours', title: 'Yours' },
  ];
  return (
    // One column that never grows past the screen, whatever one section's longest word.
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 4 }}>
      <NextSteps />
      <Box component="section" aria-labelledby="quick-access">
        <Typography id="quick-access" variant="h5" component="h2" gutterBottom>
          {t('Quick Access')}
        </Typography>
        <Grid container spacing={2}>
          {screensConfig.quickAccess.map((group) => (
            <Grid key={group.title} size={{ xs: 12, md: 4 }}>
              <Card sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h6" component="h3" gutterBottom>
                    {t(group.title)}
                  </Typography>
                  <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
                    {group.links.map((l) => (
                      <li key={l.text}>
                        <Link component={RouterLink} to={l.to} underline="hover" sx={{ display: 'inline-flex', alignItems: 'center', fontWeight: 500 }}>
                          <ChevronRightIcon fontSize="small" aria-hidden /> {t(l.text)}
                        </Link>
                      </li>
                    ))}
                  </Box>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Box>
      <Box component="section" aria-labelledby="summary-overview" aria-busy={summary.loading}>
        <Typography id="summary-overview" variant="h5" component="h2" gutterBottom>
          {t('Summary Overview')}
        </Typography>
        {summary.error ? (
          <ErrorState message={t('The summary could not be loaded: {reason}', { reason: summary.error.message })} onRetry={summary.reload} />
        ) : (
          groups.map((g) => (
            <Box key={g.scope} sx={{ mb: 2 }}>
              <Typography variant="subtitle1" component="h3" color="text.secondary" sx={{ mb: 1 }}>
                {t(g.title)}
              </Typography>
              <Grid container spacing={{ xs: 1.5, sm: 2 }}>
                {(summary.data ? summary.data.tiles.filter((t) => t.scope === g.scope) : Array.from({ length: g.scope === 'platform' ? 6 : 5 }, () => null)).map((t, i) => (
                  <Grid key={t?.id ?? i} size={{ xs: 6, lg: 4 }}>
                    <TileCard tile={t} />
                  </Grid>
                ))}
              </Grid>
            </Box>
          ))
        )}
      </Box>
    </Box>
  );
}
