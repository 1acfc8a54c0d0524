import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ApiError } from '../../lib/api';
import { api } from '../../lib/api';
import { useApi } from '../../lib/use-api';
import { usePagedApi } from '../../lib/use-paged-api';
import { EmptyState, ErrorState, Loading } from '../../components/Status';
import { LoadMore } from '../../components/LoadMore';
import type { Message } from '../../components/MessageDialog';
import InlineFailure from '../../components/InlineFailure';
import { useToast } from '../../components/Toast';
import NotFoundPage from '../../components/NotFoundPage';
import OfferCard from './OfferCard';
import { useWords } from '../../lib/words';
import type { Offer } from './types';
import { formatMoney } from '../../../shared/domain/money';

function ChooseProject() {
  const { t, language } = useWords();
  const projects = usePagedApi('/me/projects?status=open');
  const { data, error, loading, reload } = projects;
  if (loading) return <Loading label={t('Loading your projects…')} />;
  if (error) return <ErrorState message={error.message} onRetry={reload} />;
  // An open campaign whose end date has passed is shown as closed until the closing job has run.
  const open = (data?.items ?? []).filter((p) => p.status === 'open');
  if (open.length === 0 && !projects.more) {
    return (
      <EmptyState
        title={t('You have no open project.')}
        text={t('Investors can be matched to a project once staff approve it.')}
        action={
          <Button component={RouterLink} to="/dashboard/project">
            {t('My projects')}
          </Button>
        }
      />
    );
  }
  return (
    <Paper variant="outlined">
      <Typography sx={{ p: 2, pb: 0 }} color="text.secondary">
        {t('Choose the project to find investors for:')}
      </Typography>
      <List component="div">
        {open.map((p) => (
          <ListItemButton key={p.id} component={RouterLink} to={`/RelevantInvestorCards?project=${p.id}`}>
            <ListItemText primary={p.title} secondary={t('{category} · minimum {amount}', { category: t(p.category), amount: formatMoney(p.figures.minInvestment, language) })} />
          </ListItemButton>
        ))}
      </List>
      <LoadMore state={projects} label={t('Show more projects')} pb={2} />
    </Paper>
  );
}

/** Relevant investors of a project (linked offers first, then matching ones), each with Request For Invest. */
export default function RelevantInvestorsPage() {
  const { t } = useWords();
  const [params] = useSearchParams();
  const projectId = params.get('project');
  const { data, error, loading, reload } = useApi(projectId ? `/projects/${projectId}/relevant-investors` : null);
  const [sending, setSending] = useState<string | null>(null);
  // A refusal is said on the offer's card.
  const [failure, setFailure] = useState<{ offerId: string; message: Message } | null>(null);
  const toast = useToast();

  if (!projectId) return <ChooseProject />;
  if (loading) return <Loading label={t('Finding investors…')} />;
  if (error?.status === 404) return <NotFoundPage />;
  if (error || !data) return <ErrorState message={error?.message ?? t('Could not load investors.')} onRetry={reload} />;

  async function invite(offer: Offer) {
    setSending(offer.id);
    setFailure(null);
    try {
      const answer = await api.post(`/offers/${offer.id}/requests`, { projectId });
      toast({ title: t('Request sent'), text: answer.message, tone: 'success' });
      reload();
    } catch (e) {
      setFailure({ offerId: offer.id, message: { title: t('Request not sent'), text: (e as ApiError).message, tone: 'error' } });
    } finally {
      setSending(null);
    }
  }

  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('Offers made from your project come first, then open offers in your category that cover your minimum investment.')}
      </Typography>
      {data.items.length === 0 ? (
        <EmptyState title={t('No matching investors yet.')} text={t('New offers in your category will appear here.')} />
      ) : (
        <Grid container spacing={2}>
          {data.items.map((o) => (
            <Grid key={o.id} size={{ xs: 12, sm: 6, lg: 4 }}>
              <OfferCard
                offer={o}
                action={
                  <>
                    {o.reason === 'linked' && <Chip size="small" label={t('Offered to this project')} color="success" />}
                    {o.invited ? (
                      <Chip size="small" label={t('Request sent')} />
                    ) : (
                      <Button size="small" variant="contained" disabled={sending === o.id} onClick={() => invite(o)} aria-label={t('Request For Invest to {name}', { name: o.name })}>
                        {t('Request For Invest')}
                      </Button>
                    )}
                  </>
                }
              />
              <InlineFailure failure={failure?.offerId === o.id ? failure.message : null} />
            </Grid>
          ))}
        </Grid>
      )}
    </Box>
  );
}
