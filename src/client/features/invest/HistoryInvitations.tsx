/** Investment History's third tab: the invitations (Requests For Invest) project owners sent me. */
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { usePagedApi } from '../../lib/use-paged-api';
import { LoadMore } from '../../components/LoadMore';
import Money from '../../components/Money';
import { ApiItems, EmptyState } from '../../components/Status';
import { withProject } from './types';
import { formatDate } from '../../../shared/format/dates';
import { formatNumber } from '../../../shared/format/money';
import { localDigits } from '../../../shared/format/digits';
import { useWords } from '../../lib/words';
import ContactSharing from './ContactSharing';

export default function HistoryInvitations() {
  const { t, language } = useWords();
  const state = usePagedApi('/me/invitations');
  return (
    <>
      <ApiItems state={state} empty={<EmptyState title={t('No invitations yet.')} text={t('Project owners who find your offer relevant can send you a Request For Invest.')} />}>
        {(items) => (
          <Grid container spacing={2}>
            {items.filter(withProject).map((i) => (
              <Grid key={i.id} size={{ xs: 12, md: 6 }}>
                <Card>
                  <CardContent sx={{ display: 'grid', gap: 1 }}>
                    <Typography variant="body2" color="text.secondary">
                      {formatDate(i.createdAt, language)} · {t('Request For Invest')}
                    </Typography>
                    <Typography variant="h6" component="h2">
                      {i.project.title}
                    </Typography>
                    <Typography>
                      {t('Goal')} <Money amount={i.project.figures.goal} /> ·{' '}
                      {t('markup {percent} % · {progress}% raised', {
                        percent: localDigits(String(i.project.figures.markupPercent), language),
                        progress: formatNumber(i.project.figures.progressPercent, language),
                      })}
                    </Typography>
                    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                      <Button size="small" variant="outlined" component={RouterLink} to={`/projectDetails?id=${i.project.id}`}>
                        {t('See Details')}
                      </Button>
                      {i.project.status === 'open' && (
                        <Button size="small" variant="contained" component={RouterLink} to={`/investmentAgreementForm?project=${i.project.id}`}>
                          {t('Agreement Request')}
                        </Button>
                      )}
                    </Box>
                    <ContactSharing invitation={i} onShared={state.reload} />
                  </CardContent>
                </Card>
              </Grid>
            ))}
          </Grid>
        )}
      </ApiItems>
      <LoadMore state={state} label={t('Show more invitations')} />
    </>
  );
}
