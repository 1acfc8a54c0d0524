import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { SchemaForm } from '../../form-engine';
import { FormReadOnlyView } from '../../form-engine/read-only';
import type { DeclineForm } from '../../../shared/generated/form-types';
import { api, fileUrl } from '../../lib/api';
import { usePagedApi } from '../../lib/use-paged-api';
import { LoadMore } from '../../components/LoadMore';
import Money from '../../components/Money';
import InlineFailure from '../../components/InlineFailure';
import AgreementConsent from '../../components/app/AgreementConsent';
import { useSubmit } from '../../lib/use-submit';
import { EmptyState, ErrorState, Loading } from '../../components/Status';
import NotFoundPage from '../../components/NotFoundPage';
import type { Proposal } from './types';
import { useWords, type Words } from '../../lib/words';

/** Each state of an agreement request: its word in the page language and its colour. */
export const PROPOSAL_STATUS = (t: Words['t']): Record<Proposal['status'], { label: string; color: 'info' | 'success' | 'default' | 'warning' }> => ({
  pending: { label: t('Pending'), color: 'info' },
  accepted: { label: t('Accepted'), color: 'success' },
  declined: { label: t('Declined'), color: 'warning' },
  withdrawn: { label: t('Withdrawn'), color: 'default' },
  expired: { label: t('Expired'), color: 'default' },
  cancelled: { label: t('Cancelled'), color: 'default' },
});

/** Who the investor is (stored in English: `Individual`, `Organization`, …), in the page language. */
function investorTypeLabel(type: string | null, t: Words['t']): string | null {
  switch (type) {
    case 'Individual':
      return t('Individual');
    case 'Organization':
      return t('Organization');
    case 'Agency':
      return t('Agency');
    case 'Committee':
      return t('Committee');
    case 'NGO':
      return t('NGO');
    default:
      return type;
  }
}

/** Whether the owner's acceptance carries anything to show: its documents are optional evidence now. */
export function hasAcceptanceEvidence(p: Proposal): boolean {
  return p.acceptanceDocuments.length > 0 || Object.keys(p.acceptance ?? {}).some((k) => k !== 'documents');
}

/** Answers the card shows in its header (type, name, amount): the view below shows the rest. */
const IN_CARD_HEADER = ['investorType', 'investorName', 'investmentAmount'];

/** The owner's proposal cards for one project: accept (with documents) or decline (with a reason). */
export default function ProposalsPage() {
  const { t } = useWords();
  const [params] = useSearchParams();
  const projectId = params.get('project');
  const cards = usePagedApi(
    projectId ? `/projects/${projectId}/agreement-requests` : null,
  );
  const { data, error, loading, reload } = cards;
  const [declining, setDeclining] = useState<Proposal | null>(null);
  const decline = useSubmit<DeclineForm>(async (form) => {
    if (!declining) return;
    await api.post(`/agreement-requests/${declining.id}/decline`, form);
    setDeclining(null);
    reload();
    return { title: t('Request declined'), text: t('The investor sees your reason under Investment History.'), tone: 'success' };
  }, t('Could not decline'));

  if (!projectId) {
    return (
      <EmptyState
        title={t('Choose a project first.')}
        action={
          <Button component={RouterLink} to="/dashboard/project">
            {t('My projects')}
          </Button>
        }
      />
    );
  }
  if (loading) return <Loading label={t('Loading agreement requests…')} />;
  if (error?.status === 404) return <NotFoundPage />;
  if (error || !data) return <ErrorState message={error?.message ?? t('Could not load the requests.')} onRetry={reload} />;

  return (
    <Box>
      <Typography variant="h5" component="h2" gutterBottom>
        {data.project.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {/* The project's own figures: investors have an accepted agreement; backers also count confirmed donors. */}
        {t(
          '{investors, plural, one {# investor} other {# investors}} with an accepted agreement · {backers, plural, one {# backer} other {# backers}} in all · {waiting, plural, one {# request} other {# requests}} waiting',
          { investors: data.totalInvestors, backers: data.backers, waiting: data.waiting },
        )}
      </Typography>
      {data.items.length === 0 ? (
        <EmptyState title={t('No agreement requests yet.')} text={t('When investors propose an investment, their cards appear here.')} />
      ) : (
        <Grid container spacing={2}>
          {data.items.map((p) => (
            <Grid key={p.id} size={{ xs: 12, md: 6 }}>
              <Card
                sx={{
                  height: '100%',
                  '& .hover-action': { opacity: { xs: 1, md: p.status === 'pending' ? 0 : 1 }, transition: 'opacity 150ms' },
                  '&:hover .hover-action, &:focus-within .hover-action': { opacity: 1 },
                }}
              >
                <CardContent sx={{ display: 'grid', gap: 1 }}>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
                    <Typography variant="overline">{investorTypeLabel(p.investorType, t)}</Typography>
                    <Chip size="small" label={PROPOSAL_STATUS(t)[p.status].label} color={PROPOSAL_STATUS(t)[p.status].color} />
                  </Box>
                  <Typography variant="h6" component="h3">
                    {p.investorName}
                  </Typography>
                  <Typography variant="h5" component="p" color="primary" sx={{ fontWeight: 700 }}>
                    <Money amount={p.amount} />
                  </Typography>
                  <FormReadOnlyView formId="agreement-request" formVersion={p.formVersion} data={p.data} fileUrl={fileUrl} omit={IN_CARD_HEADER} label={t('Request of {name}', { name: p.investorName ?? '' })} />
                  {p.status === 'declined' && p.declineReason && (
                    <Typography variant="body2" color="text.secondary">
                      {t('Your reason: {reason}', { reason: p.declineReason })}
                    </Typography>
                  )}
                  {p.document && <AgreementConsent agreementId={p.id} document={p.document} party="owner" />}
                  {p.status === 'accepted' && p.acceptance && hasAcceptanceEvidence(p) && (
                    <>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {t('Your acceptance')}
                      </Typography>
                      <FormReadOnlyView formId="agreement-accept" formVersion={p.acceptanceFormVersion} data={p.acceptance} fileUrl={fileUrl} label={t('Your acceptance')} />
                    </>
                  )}
                  {p.status === 'pending' && (
                    <Box className="hover-action" sx={{ display: 'flex', gap: 1, mt: 1 }}>
                      <Button component={RouterLink} to={`/agreementRequest/agreementAccept?id=${p.id}`} variant="contained" aria-label={t('Accept the request of {name}', { name: p.investorName ?? '' })}>
                        {t('Accept')}
                      </Button>
                      <Button variant="outlined" color="error" onClick={() => setDeclining(p)} aria-label={t('Decline the request of {name}', { name: p.investorName ?? '' })}>
                        {t('Decline')}
                      </Button>
                    </Box>
                  )}
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
      <LoadMore state={cards} label={t('Show more requests')} />
      <Dialog open={Boolean(declining)} onClose={() => !decline.busy && setDeclining(null)} aria-labelledby="decline-title" maxWidth="sm" fullWidth>
        <DialogTitle id="decline-title">{t('Decline the request of {name}?', { name: declining?.investorName ?? '' })}</DialogTitle>
        <DialogContent>
          <SchemaForm
            formId="decline"
            onSubmit={decline.submit}
            busy={decline.busy}
            serverErrors={decline.errors}
            actions={
              <Button onClick={() => setDeclining(null)} disabled={decline.busy}>
                {t('Cancel')}
              </Button>
            }
          />
          <InlineFailure failure={decline.failure} onClose={decline.clearFailure} />
        </DialogContent>
      </Dialog>
    </Box>
  );
}
