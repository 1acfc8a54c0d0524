import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ApiError } from '../../lib/api';
import { api, fileUrl } from '../../lib/api';
import { usePagedApi } from '../../lib/use-paged-api';
import { LoadMore } from '../../components/LoadMore';
import Money from '../../components/Money';
import { FormReadOnlyView } from '../../form-engine/read-only';
import { ApiItems, EmptyState } from '../../components/Status';
import type { Message } from '../../components/MessageDialog';
import InlineFailure from '../../components/InlineFailure';
import { useConfirm } from '../../components/ConfirmDialog';
import { useToast } from '../../components/Toast';
import OfferCard from './OfferCard';
import CancelAgreementButton from './CancelAgreementButton';
import AgreementConsent from '../../components/app/AgreementConsent';
import { donationStatus } from '../../components/app/donation-status';
import { paymentMethodWord } from '../../components/app/payment-method';
import { hasAcceptanceEvidence, PROPOSAL_STATUS } from './ProposalsPage';
import { withProject, type Invitation } from './types';
import { investmentTypeLabel } from '../../components/app/investment-type';
import { formatDate } from '../../../shared/format/dates';
import { formatNumber } from '../../../shared/format/money';
import { localDigits } from '../../../shared/format/digits';
import { useWords } from '../../lib/words';

/** A refusal, said on the card of the item it concerns. */
function useFailures() {
  const [failures, setFailures] = useState<Record<string, Message>>({});
  return {
    failureOf: (id: string) => failures[id] ?? null,
    fail: (id: string, title: string, e: unknown) => setFailures((f) => ({ ...f, [id]: { title, text: (e as ApiError).message, tone: 'error' } })),
    clear: (id: string) => setFailures(({ [id]: _cleared, ...rest }) => rest),
  };
}

function Requests() {
  const { t, language } = useWords();
  const { failureOf, fail, clear } = useFailures();
  const { confirm, dialog } = useConfirm();
  const state = usePagedApi('/me/agreement-requests');
  return (
    <>
      {dialog}
      <ApiItems state={state} empty={
          <EmptyState
            title={t('You have sent no agreement requests.')}
            text={t('Open a project and choose Agreement Request.')}
            action={
              <Button component={RouterLink} to="/projects">
                {t('Browse projects')}
              </Button>
            }
          />
        }>
        {(items) => (
          <Grid container spacing={2}>
            {items.map((p) => (
              <Grid key={p.id} size={{ xs: 12, md: 6 }}>
                <Card sx={{ height: '100%' }}>
                  <CardContent sx={{ display: 'grid', gap: 1 }}>
                    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                      <Typography sx={{ fontWeight: 700 }} component="h2">
                        <RouterLink to={`/projectDetails?id=${p.projectId}`}>{p.projectTitle}</RouterLink>
                      </Typography>
                      <Chip size="small" label={PROPOSAL_STATUS(t)[p.status].label} color={PROPOSAL_STATUS(t)[p.status].color} />
                    </Box>
                    <Typography>
                      <Money amount={p.amount} /> · {investmentTypeLabel(p.investmentType, t)} · {t('sent {date}', { date: formatDate(p.createdAt, language) })}
                    </Typography>
                    {p.declineReason && <Typography variant="body2" color="text.secondary">{t('Owner’s reason: {reason}', { reason: p.declineReason })}</Typography>}
                    {p.document && <AgreementConsent agreementId={p.id} document={p.document} party="investor" />}
                    {p.acceptance && hasAcceptanceEvidence(p) && (
                      <>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>{t('The owner’s acceptance')}</Typography>
                        <FormReadOnlyView formId="agreement-accept" formVersion={p.acceptanceFormVersion} data={p.acceptance} fileUrl={fileUrl} label={t('The owner’s acceptance')} />
                      </>
                    )}
                    {p.status === 'pending' && (
                      <Box>
                        <Button
                          size="small"
                          color="error"
                          onClick={async () => {
                            const yes = await confirm({
                              title: t('Withdraw your request for “{title}”?', { title: p.projectTitle ?? '' }),
                              text: t('The owner will no longer see it. This is final.'),
                              confirmText: t('Withdraw request'),
                            });
                            if (!yes) return;
                            clear(p.id);
                            try {
                              await api.post(`/agreement-requests/${p.id}/withdraw`);
                              state.reload();
                            } catch (e) {
                              fail(p.id, t('Could not withdraw'), e);
                              state.reload();
                            }
                          }}
                        >
                          {t('Withdraw')}
                        </Button>
                      </Box>
                    )}
                    {p.cancellableUntil && (
                      <CancelAgreementButton
                        proposal={p}
                        until={p.cancellableUntil}
                        confirm={confirm}
                        onDone={() => {
                          clear(p.id);
                          state.reload();
                        }}
                        onFail={(e) => {
                          fail(p.id, t('Could not cancel'), e);
                          state.reload();
                        }}
                      />
                    )}
                    <InlineFailure failure={failureOf(p.id)} />
                  </CardContent>
                </Card>
              </Grid>
            ))}
          </Grid>
        )}
      </ApiItems>
      <LoadMore state={state} label={t('Show more requests')} />
    </>
  );
}

function Offers() {
  const { t } = useWords();
  const { failureOf, fail, clear } = useFailures();
  const state = usePagedApi('/me/offers');
  return (
    <>
      <ApiItems state={state} empty={
          <EmptyState
            title={t('You have published no offers.')}
            action={
              <Button component={RouterLink} to="/investForm">
                {t('Create New Invest')}
              </Button>
            }
          />
        }>
        {(items) => (
          <Grid container spacing={2}>
            {items.map((o) => (
              <Grid key={o.id} size={{ xs: 12, sm: 6, lg: 4 }}>
                <OfferCard
                  offer={o}
                  action={
                    o.status === 'open' ? (
                      <Button
                        size="small"
                        color="error"
                        onClick={async () => {
                          clear(o.id);
                          try {
                            await api.post(`/offers/${o.id}/withdraw`);
                            state.reload();
                          } catch (e) {
                            fail(o.id, t('Could not withdraw'), e);
                          }
                        }}
                      >
                        {t('Withdraw offer')}
                      </Button>
                    ) : (
                      <Chip size="small" label={t('Withdrawn')} />
                    )
                  }
                />
                <InlineFailure failure={failureOf(o.id)} />
              </Grid>
            ))}
          </Grid>
        )}
      </ApiItems>
      <LoadMore state={state} label={t('Show more offers')} />
    </>
  );
}

/** What the invitation's owner sees of the invited offer's contact details, and the choice to share them. */
function ContactSharing({ invitation, onShared }: { invitation: Invitation; onShared: () => void }) {
  const { t } = useWords();
  const { confirm, dialog } = useConfirm();
  const [failure, setFailure] = useState<Message | null>(null);
  const toast = useToast();
  if (invitation.contactShared) {
    return (
      <Typography variant="body2" color="text.secondary">
        {invitation.contactShared === 'shared'
          ? t('You shared the phone and e-mail of your offer with this owner.')
          : t('You answered with an agreement request, which shares the phone and e-mail of your offer with this owner.')}
      </Typography>
    );
  }
  if (!invitation.offerOpen) return null;
  async function share() {
    const yes = await confirm({
      title: t('Share your contact details with the owner of “{title}”?', { title: invitation.project.title }),
      text: t('They will see the phone and e-mail of the offer they invited. Nobody else will. You cannot take this back.'),
      confirmText: t('Share my contact details'),
    });
    if (!yes) return;
    setFailure(null);
    try {
      const answer = await api.post(`/me/invitations/${invitation.id}/share-contact`);
      toast({ title: t('Contact details shared'), text: answer.message, tone: 'success' });
      onShared();
    } catch (e) {
      setFailure({ title: t('Not shared'), text: (e as ApiError).message, tone: 'error' });
    }
  }
  return (
    <>
      {dialog}
      <Typography variant="body2" color="text.secondary">
        {t('The owner does not see your phone or e-mail. Sending an agreement request to this project shares them; so does this:')}
      </Typography>
      <Box>
        <Button size="small" onClick={share}>
          {t('Share my contact details with this owner')}
        </Button>
      </Box>
      <InlineFailure failure={failure} />
    </>
  );
}

function Invitations() {
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

function Donations() {
  const { t } = useWords();
  const state = usePagedApi('/me/donations');
  return (
    <>
      <ApiItems state={state} empty={
          <EmptyState
            title={t('No donations from this account yet.')}
            action={
              <Button component={RouterLink} to="/donate">
                {t('Donate')}
              </Button>
            }
          />
        }>
        {(items) => (
          <Grid container spacing={2}>
            {items.map((d) => (
              <Grid key={d.id} size={{ xs: 12, md: 6 }}>
                <Card>
                  <CardContent>
                    <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
                      <Typography sx={{ fontWeight: 700 }}>{d.projectTitle}</Typography>
                      <Chip size="small" label={donationStatus(d.status, t).chip} color={donationStatus(d.status, t).color} />
                    </Box>
                    <Typography>
                      <Money amount={d.amount} /> {t('by {method} · reference {reference}', { method: paymentMethodWord(d.paymentMethod, t), reference: d.reference })}
                    </Typography>
                    {d.note && <Typography variant="body2" color="text.secondary">{t('Staff note: {note}', { note: d.note })}</Typography>}
                    <Button size="small" variant="outlined" sx={{ mt: 1 }} component={RouterLink} to={`/donations/receipt?id=${d.id}`} aria-label={t('Receipt {reference}', { reference: d.reference })}>
                      {d.status === 'pledged' ? t('Receipt and how to pay') : t('Receipt')}
                    </Button>
                  </CardContent>
                </Card>
              </Grid>
            ))}
          </Grid>
        )}
      </ApiItems>
      <LoadMore state={state} label={t('Show more donations')} />
    </>
  );
}

/** The tabs in order, as `?tab=` names them (a dashboard link to an unpaid pledge, the Invest tab's own offers). */
const HISTORY_TABS = ['requests', 'offers', 'invitations', 'donations'];

/** Investment History: my agreement requests, my offers, the invitations I received, and my donations. */
export default function HistoryPage() {
  const { t } = useWords();
  const [params] = useSearchParams();
  const [tab, setTab] = useState(Math.max(0, HISTORY_TABS.indexOf(params.get('tab') ?? '')));
  return (
    <Box>
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }} aria-label={t('Investment history')}>
        <Tab label={t('Agreement requests')} />
        <Tab label={t('My offers')} />
        <Tab label={t('Invitations')} />
        <Tab label={t('Donations')} />
      </Tabs>
      {tab === 0 && <Requests />}
      {tab === 1 && <Offers />}
      {tab === 2 && <Invitations />}
      {tab === 3 && <Donations />}
    </Box>
  );
}
