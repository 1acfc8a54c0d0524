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
import AgreementConsent from '../../components/AgreementConsent';
import { useSubmit } from '../../lib/use-submit';
import { EmptyState, ErrorState, Loading } from '../../components/Status';
import NotFoundPage from '../../components/NotFoundPage';
import type { Proposal } from './types';
import { countOf } from '../../../shared/format/count';

export const PROPOSAL_STATUS: Record<Proposal['status'], { label: string; color: 'info' | 'success' | 'default' | 'warning' }> = {
  pending: { label: 'Pending', color: 'info' },
  accepted: { label: 'Accepted', color: 'success' },
  declined: { label: 'Declined', color: 'warning' },
  withdrawn: { label: 'Withdrawn', color: 'default' },
  expired: { label: 'Expired', color: 'default' },
  cancelled: { label: 'Cancelled', color: 'default' },
};

/** Whether the owner's acceptance carries anything to show: its documents are optional evidence now. */
export function hasAcceptanceEvidence(p: Proposal): boolean {
  return p.acceptanceDocuments.length > 0 || Object.keys(p.acceptance ?? {}).some((k) => k !== 'documents');
}

/** Answers the card shows in its header (type, name, amount): the view below shows the rest. */
const IN_CARD_HEADER = ['investorType', 'investorName', 'investmentAmount'];

/** The owner's proposal cards for one project: accept (with documents) or decline (with a reason). */
export default function ProposalsPage() {
  const [params] = useSearchParams();
  const projectId = params.get('project');
  const cards = usePagedApi<Proposal, { project: { id: string; title: string; status: string }; totalInvestors: number; backers: number; waiting: number }>(
    projectId ? `/projects/${projectId}/agreement-requests` : null,
  );
  const { data, error, loading, reload } = cards;
  const [declining, setDeclining] = useState<Proposal | null>(null);
  const decline = useSubmit<DeclineForm>(async (form) => {
    if (!declining) return;
    await api.post(`/agreement-requests/${declining.id}/decline`, form);
    setDeclining(null);
    reload();
    return { title: 'Request declined', text: 'The investor sees your reason under Investment History.', tone: 'success' };
  }, 'Could not decline');

  if (!projectId) return <EmptyState title="Choose a project first." action={<Button component={RouterLink} to="/dashboard/project">My projects</Button>} />;
  if (loading) return <Loading label="Loading agreement requests…" />;
  if (error?.status === 404) return <NotFoundPage />;
  if (error || !data) return <ErrorState message={error?.message ?? 'Could not load the requests.'} onRetry={reload} />;

  return (
    <Box>
      <Typography variant="h5" component="h2" gutterBottom>
        {data.project.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {/* The project's own figures: investors have an accepted agreement; backers also count confirmed donors. */}
        {countOf(data.totalInvestors, 'investor')} with an accepted agreement · {countOf(data.backers, 'backer')} in all ·{' '}
        {countOf(data.waiting, 'request')} waiting
      </Typography>
      {data.items.length === 0 ? (
        <EmptyState title="No agreement requests yet." text="When investors propose an investment, their cards appear here." />
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
                    <Typography variant="overline">{p.investorType}</Typography>
                    <Chip size="small" label={PROPOSAL_STATUS[p.status].label} color={PROPOSAL_STATUS[p.status].color} />
                  </Box>
                  <Typography variant="h6" component="h3">
                    {p.investorName}
                  </Typography>
                  <Typography variant="h5" component="p" color="primary" sx={{ fontWeight: 700 }}>
                    <Money amount={p.amount} />
                  </Typography>
                  <FormReadOnlyView formId="agreement-request" formVersion={p.formVersion} data={p.data} fileUrl={fileUrl} omit={IN_CARD_HEADER} label={`Request of ${p.investorName}`} />
                  {p.status === 'declined' && p.declineReason && (
                    <Typography variant="body2" color="text.secondary">
                      Your reason: {p.declineReason}
                    </Typography>
                  )}
                  {p.document && <AgreementConsent agreementId={p.id} document={p.document} party="owner" />}
                  {p.status === 'accepted' && p.acceptance && hasAcceptanceEvidence(p) && (
                    <>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        Your acceptance
                      </Typography>
                      <FormReadOnlyView formId="agreement-accept" formVersion={p.acceptanceFormVersion} data={p.acceptance} fileUrl={fileUrl} label="Your acceptance" />
                    </>
                  )}
                  {p.status === 'pending' && (
                    <Box className="hover-action" sx={{ display: 'flex', gap: 1, mt: 1 }}>
                      <Button component={RouterLink} to={`/agreementRequest/agreementAccept?id=${p.id}`} variant="contained" aria-label={`Accept the request of ${p.investorName}`}>
                        Accept
                      </Button>
                      <Button variant="outlined" color="error" onClick={() => setDeclining(p)} aria-label={`Decline the request of ${p.investorName}`}>
                        Decline
                      </Button>
                    </Box>
                  )}
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
      <LoadMore state={cards} label="Show more requests" />
      <Dialog open={Boolean(declining)} onClose={() => !decline.busy && setDeclining(null)} aria-labelledby="decline-title" maxWidth="sm" fullWidth>
        <DialogTitle id="decline-title">Decline the request of {declining?.investorName}?</DialogTitle>
        <DialogContent>
          <SchemaForm
            formId="decline"
            onSubmit={decline.submit}
            busy={decline.busy}
            serverErrors={decline.errors}
            actions={
              <Button onClick={() => setDeclining(null)} disabled={decline.busy}>
                Cancel
              </Button>
            }
          />
          <InlineFailure failure={decline.failure} onClose={decline.clearFailure} />
        </DialogContent>
      </Dialog>
    </Box>
  );
}
