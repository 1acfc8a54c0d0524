import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { ApiError } from '../../lib/api';
import { api } from '../../lib/api';
import { usePagedApi } from '../../lib/use-paged-api';
import type { ProjectView } from '../../../shared/api/views';
import ProjectImage from '../../components/ProjectImage';
import ProgressBar from '../../components/ProgressBar';
import { STATUS_LABEL } from '../../components/ProjectCard';
import { ApiItems, EmptyState } from '../../components/Status';
import { LoadMore } from '../../components/LoadMore';
import type { Message } from '../../components/MessageDialog';
import InlineFailure from '../../components/InlineFailure';
import { useConfirm } from '../../components/ConfirmDialog';
import { useWords } from '../../lib/words';
import { formatMoney, formatNumber } from '../../../shared/format/money';

const STATUS_COLOR: Record<ProjectView['status'], 'default' | 'info' | 'success' | 'warning' | 'primary'> = {
  pending_review: 'info',
  open: 'primary',
  rejected: 'warning',
  funded: 'success',
  closed: 'default',
};

/** My projects with status and figures, and what can be done with each. */
export default function MyProjectsPage() {
  const { t, language } = useWords();
  const state = usePagedApi('/me/projects');
  // A refusal is said on the card of the project it concerns.
  const [failures, setFailures] = useState<Record<string, Message>>({});
  const { confirm, dialog } = useConfirm();

  async function close(p: ProjectView) {
    const yes = await confirm({
      title: t('Close the campaign of “{title}”?', { title: p.title }),
      text: t('It will take no more requests or donations. This cannot be undone.'),
      confirmText: t('Close campaign'),
    });
    if (!yes) return;
    setFailures(({ [p.id]: _gone, ...rest }) => rest);
    try {
      await api.post(`/projects/${p.id}/close`);
      state.reload();
    } catch (e) {
      setFailures((f) => ({ ...f, [p.id]: { title: t('Could not close the project'), text: (e as ApiError).message, tone: 'error' } }));
    }
  }

  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button component={RouterLink} to="/EditProjects/projectOwnerInfo" variant="contained" startIcon={<AddIcon />}>
          {t('Create New Project')}
        </Button>
      </Box>
      <ApiItems state={state} loadingLabel={t('Loading your projects…')}
        empty={<EmptyState title={t('You have no projects yet.')} text={t('Verified owners can apply for funding in four steps.')} />}>
        {(items) => (
          <Grid container spacing={2}>
            {items.map((p) => {
              const f = p.figures;
              return (
                <Grid key={p.id} size={12}>
                  <Card>
                    <Grid container>
                      <Grid size={{ xs: 12, sm: 4, md: 3 }}>
                        <ProjectImage fileId={p.images[0]} category={p.category} alt={p.title} isPublic={false} height={{ xs: 160, sm: 210 }} />
                      </Grid>
                      <Grid size={{ xs: 12, sm: 8, md: 9 }}>
                        <CardContent>
                          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
                            <Chip size="small" label={t(STATUS_LABEL[p.status])} color={STATUS_COLOR[p.status]} />
                            <Chip size="small" variant="outlined" label={t(p.category)} />
                          </Box>
                          <Typography variant="h6" component="h2">
                            {p.title}
                          </Typography>
                          {p.staffNote && p.status === 'rejected' && (
                            <Alert severity="warning" sx={{ my: 1 }}>
                              {t('Staff note: {note}', { note: p.staffNote })}
                            </Alert>
                          )}
                          {p.shariahReview?.decision === 'changes_requested' && (
                            <Alert severity="warning" sx={{ my: 1 }}>
                              {t('Shariah review: {adviser} asks for changes: {note}', { adviser: p.shariahReview.adviser, note: p.shariahReview.note ?? '' })}
                            </Alert>
                          )}
                          <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
                            {t('Raised {raised} of {goal} · {waiting} awaiting acceptance', {
                              raised: formatMoney(f.raised, language),
                              goal: formatMoney(f.goal, language),
                              waiting: formatMoney(f.waiting, language),
                            })}
                            {' · '}
                            {t('{count, plural, one {# backer} other {# backers}}', { count: f.backers })}
                            {f.daysLeft !== null && p.status === 'open' ? ` · ${t('{count, plural, one {# day left} other {# days left}}', { count: f.daysLeft })}` : ''}
                          </Typography>
                          <ProgressBar value={f.progressBar} label={t('{title}: {percent}% raised', { title: p.title, percent: formatNumber(f.progressPercent, language) })} style={{ marginBottom: 16 }} />
                          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                            <Button component={RouterLink} to={`/agreementRequest?project=${p.id}`} variant="contained" size="small">
                              {t('Agreement Requests')}
                            </Button>
                            <Button component={RouterLink} to={`/projectDetails?id=${p.id}`} variant="outlined" size="small">
                              {t('See Details')}
                            </Button>
                            {p.status === 'open' && (
                              <Button component={RouterLink} to={`/RelevantInvestorCards?project=${p.id}`} variant="outlined" size="small">
                                {t('Relevant Investors')}
                              </Button>
                            )}
                            {(p.status === 'rejected' || p.status === 'pending_review') && (
                              <Button component={RouterLink} to={`/EditProjects/projectOwnerInfo?id=${p.id}`} variant="outlined" size="small">
                                {t('Edit and resubmit')}
                              </Button>
                            )}
                            {(p.status === 'open' || p.status === 'funded') && (
                              <Button onClick={() => close(p)} color="error" size="small">
                                {t('Close campaign')}
                              </Button>
                            )}
                          </Box>
                          <InlineFailure failure={failures[p.id] ?? null} />
                        </CardContent>
                      </Grid>
                    </Grid>
                  </Card>
                </Grid>
              );
            })}
          </Grid>
        )}
      </ApiItems>
      <LoadMore state={state} label={t('Show more projects')} />
      {dialog}
    </Box>
  );
}
