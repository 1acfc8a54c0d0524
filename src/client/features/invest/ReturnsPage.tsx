import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ApiError } from '../../lib/api';
import { api } from '../../lib/api';
import { useApi } from '../../lib/use-api';
import { usePagedApi } from '../../lib/use-paged-api';
import { LoadMore } from '../../components/LoadMore';
import { formatMoney } from '../../../shared/domain/money';
import { EmptyState, ErrorState, Loading } from '../../components/Status';
import AgreementConsent from '../../components/app/AgreementConsent';
import type { Instalment } from './types';
import { formatDate } from '../../../shared/format/dates';
import { useConfirm } from '../../components/ConfirmDialog';
import PaymentDetails from './PaymentDetails';
import ScheduleTotals from './ScheduleTotals';
import { LateChargeNote, LateChargeSummary } from './LateChargeNote';
import { formatNumber } from '../../../shared/format/money';
import { useWords, type Words } from '../../lib/words';

// The form engine comes with the dialog, only when an owner marks an instalment paid.
const MarkPaidDialog = lazy(() => import('./MarkPaidDialog'));

const STATUS = (t: Words['t']): Record<Instalment['status'], { label: string; color: 'warning' | 'info' | 'success' }> => ({
  due: { label: t('Due'), color: 'warning' },
  paid: { label: t('Paid — awaiting confirmation'), color: 'info' },
  confirmed: { label: t('Confirmed'), color: 'success' },
});

function ScheduleTable({ role, agreementId }: { role: 'investor' | 'owner'; agreementId: string | null }) {
  const { t, language } = useWords();
  const money = (amount: string) => formatMoney(amount, language);
  const num = (n: number) => formatNumber(n, language);
  const path = role === 'investor' ? '/me/returns' : '/me/repayments';
  // A page of the schedule at a time (the totals are of all of it), and the chosen agreement's own count and sum.
  const state = usePagedApi(path);
  const { data, error, loading } = state;
  const chosenSchedule = useApi(agreementId ? `${path}?agreement=${encodeURIComponent(agreementId)}&limit=1` : null);
  const reload = () => {
    state.reload();
    chosenSchedule.reload();
  };
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const [busy, setBusy] = useState<string | null>(null);
  // A refusal is said in the row of the instalment it concerns.
  const [failure, setFailure] = useState<{ id: string; text: string } | null>(null);
  const [paying, setPaying] = useState<Instalment | null>(null);
  const { confirm, dialog } = useConfirm();
  if (loading) return <Loading label={t('Loading the schedule…')} />;
  if (error) return <ErrorState message={error.message} onRetry={reload} />;
  if (!data?.items.length) {
    return (
      <EmptyState
        title={role === 'investor' ? t('No returns scheduled yet.') : t('You owe no repayments.')}
        text={role === 'investor' ? t('When an owner accepts your agreement request, its schedule appears here.') : t('When you accept an investment, its schedule appears here.')}
      />
    );
  }
  /** The investor confirms receipt, after reading how the owner says it was paid: confirming is final. */
  async function confirmReceipt(i: Instalment) {
    const yes = await confirm({
      title: t('Confirm you received instalment {seq}?', { seq: num(i.seq) }),
      text: i.payment?.reference
        ? t('{amount} for “{title}”, marked paid by the owner on {date}. Confirm only once the money has reached you (look for the reference below in your statement): confirming is final.', {
            amount: money(i.amount),
            title: i.projectTitle,
            date: formatDate(i.paidAt, language),
          })
        : t('{amount} for “{title}”, marked paid by the owner on {date}. Confirm only once the money has reached you: confirming is final.', {
            amount: money(i.amount),
            title: i.projectTitle,
            date: formatDate(i.paidAt, language),
          }),
      details: <PaymentDetails instalment={i} />,
      confirmText: t('Confirm receipt'),
      tone: 'primary',
    });
    if (!yes) return;
    setBusy(i.id);
    setFailure(null);
    try {
      await api.post(`/instalments/${i.id}/confirm`);
      reload();
    } catch (e) {
      setFailure({ id: i.id, text: t('Not recorded: {reason}', { reason: (e as ApiError).message }) });
      reload();
    } finally {
      setBusy(null);
    }
  }
  /** An instalment's state and the step its viewer may take, and why that step was refused. */
  const statusOf = (i: Instalment) => (
    <>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip size="small" label={i.status === 'due' && i.overdue ? t('Overdue') : STATUS(t)[i.status].label} color={i.status === 'due' && i.overdue ? 'error' : STATUS(t)[i.status].color} />
        {i.agreementInDefaultSince && i.status === 'due' && i.overdue && <Chip size="small" variant="outlined" color="error" label={t('Agreement in default since {date}', { date: formatDate(i.agreementInDefaultSince, language) })} />}
        {role === 'owner' && i.status === 'due' && (
          <Button size="small" variant="contained" onClick={() => setPaying(i)} aria-label={t('Mark instalment {seq} of {title} paid', { seq: num(i.seq), title: i.projectTitle })}>
            {t('Mark paid')}
          </Button>
        )}
        {role === 'investor' && i.status === 'paid' && (
          <Button size="small" variant="contained" disabled={busy === i.id} onClick={() => confirmReceipt(i)} aria-label={t('Confirm receipt of instalment {seq} of {title}', { seq: num(i.seq), title: i.projectTitle })}>
            {t('Confirm receipt')}
          </Button>
        )}
      </Box>
      {i.payment && (
        <Box sx={{ mt: 1 }}>
          <PaymentDetails instalment={i} />
        </Box>
      )}
      {role === 'owner' && i.lateCharge && <LateChargeNote charge={i.lateCharge} />}
      {failure?.id === i.id && (
        <Typography variant="body2" color="error" role="alert" sx={{ mt: 0.5 }}>
          {failure.text}
        </Typography>
      )}
    </>
  );
  const label = role === 'investor' ? t('Returns to you') : t('Your repayments');
  const chosen = chosenSchedule.data?.items[0];
  const chosenCount = chosenSchedule.data?.count ?? 0;
  return (
    <>
      {chosen && (
        <Typography sx={{ mb: 2 }} role="status">
          {t('The schedule of the agreement with {party}: {count, plural, one {# instalment} other {# instalments}} of {amount} in all, highlighted below.', {
            party: role === 'owner' ? (chosen.investorName ?? t('the investor')) : `“${chosen.projectTitle}”`,
            count: chosenCount,
            amount: money(chosenSchedule.data!.totals.scheduled),
          })}
        </Typography>
      )}
      <ScheduleTotals role={role} totals={data.totals} counts={data.counts} />
      {role === 'owner' && data.lateCharges && <LateChargeSummary totals={data.lateCharges} />}
      {phone ? (
        // On a phone each instalment is a small card: a table of six columns does not fit 390 px.
        <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {data.items.map((i) => (
            <Paper
              component="li"
              key={i.id}
              variant="outlined"
              aria-current={i.agreementId === agreementId ? 'true' : undefined}
              sx={{ p: 1.5, bgcolor: i.agreementId === agreementId ? 'action.selected' : undefined }}
            >
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>{i.projectTitle}</Typography>
                <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{money(i.amount)}</Typography>
              </Box>
              <Typography variant="body2" color="text.secondary">
                {t('No. {seq} · due {date}', { seq: num(i.seq), date: formatDate(i.dueOn, language) })}
                {role === 'owner' && i.investorName ? ` · ${i.investorName}` : ''}
              </Typography>
              <Box sx={{ mt: 1 }}>{statusOf(i)}</Box>
            </Paper>
          ))}
        </Box>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={label}>
            <TableHead>
              <TableRow>
                <TableCell>{t('Project')}</TableCell>
                {role === 'owner' && <TableCell>{t('Investor')}</TableCell>}
                <TableCell>#</TableCell>
                <TableCell>{t('Due')}</TableCell>
                <TableCell align="right">{t('Amount')}</TableCell>
                <TableCell>{t('Status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.items.map((i) => (
                <TableRow key={i.id} selected={i.agreementId === agreementId} aria-current={i.agreementId === agreementId ? 'true' : undefined}>
                  <TableCell>{i.projectTitle}</TableCell>
                  {role === 'owner' && <TableCell>{i.investorName}</TableCell>}
                  <TableCell>{num(i.seq)}</TableCell>
                  <TableCell>{formatDate(i.dueOn, language)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {money(i.amount)}
                  </TableCell>
                  <TableCell>{statusOf(i)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <LoadMore state={state} label={t('Show later instalments')} />
      {paying && (
        <Suspense fallback={null}>
          <MarkPaidDialog
            instalment={paying}
            onClose={() => setPaying(null)}
            onPaid={() => {
              setPaying(null);
              reload();
            }}
          />
        </Suspense>
      )}
      {dialog}
    </>
  );
}

/** The agreement a link points at (as right after accepting it): its document, to download and agree to. */
function ChosenAgreement({ id }: { id: string }) {
  const answer = useApi(`/agreement-requests/${encodeURIComponent(id)}`);
  if (!answer.data?.document) return null;
  return (
    <Box sx={{ mb: 2, maxWidth: 720 }}>
      <AgreementConsent agreementId={id} document={answer.data.document} party={answer.data.viewerParty} />
    </Box>
  );
}

/**
 * Investment Return: my schedules as investor (confirm receipts) and as owner (mark instalments paid).
 * `?view=repayments|returns` opens a tab and `?agreement=<id>` highlights one agreement's instalments, so a link
 * (after accepting, from the dashboard) lands on the schedule it is about.
 */
export default function ReturnsPage() {
  const { t } = useWords();
  const [params] = useSearchParams();
  const [tab, setTab] = useState(params.get('view') === 'repayments' ? 1 : 0);
  return (
    <Box>
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} sx={{ mb: 2 }} aria-label={t('Schedules')}>
        <Tab label={t('Returns to me')} />
        <Tab label={t('My repayments')} />
      </Tabs>
      {params.get('agreement') && <ChosenAgreement id={params.get('agreement')!} />}
      <ScheduleTable key={tab} role={tab === 0 ? 'investor' : 'owner'} agreementId={params.get('agreement')} />
    </Box>
  );
}
