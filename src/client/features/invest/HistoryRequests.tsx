/** Investment History's first tab: the agreement requests I sent, each withdrawn or cancelled from its card. */
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { api, fileUrl } from '../../lib/api';
import { usePagedApi } from '../../lib/use-paged-api';
import { LoadMore } from '../../components/LoadMore';
import Money from '../../components/Money';
import { FormReadOnlyView } from '../../form-engine/read-only';
import { ApiItems, EmptyState } from '../../components/Status';
import InlineFailure from '../../components/InlineFailure';
import { useConfirm } from '../../components/ConfirmDialog';
import CancelAgreementButton from './CancelAgreementButton';
import AgreementConsent from '../../components/app/AgreementConsent';
import { hasAcceptanceEvidence, PROPOSAL_STATUS } from './ProposalsPage';
import { investmentTypeLabel } from '../../components/app/investment-type';
import { formatDate } from '../../../shared/format/dates';
import { useWords } from '../../lib/words';
import { useFailures } from './use-failures';

export default function HistoryRequests() {
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
