/**
 * Staff: the platform's charity account, where late charges go (never to investors). What is accruing and owed (to
 * chase, and to confirm received with the payment's reference), what was received, and where it went (payments out,
 * recorded with their reference). Each confirmation and payment is audited; neither can be undone.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { SchemaForm } from '../../form-engine';
import type { CharityDisbursementForm, CharityReceiptForm } from '../../../shared/generated/form-types';
import { api } from '../../lib/api';
import { useApi } from '../../lib/use-api';
import { EmptyState, ErrorState, Loading } from '../../components/Status';
import InlineFailure from '../../components/InlineFailure';
import { useSubmit } from '../../lib/use-submit';
import { formatDate, formatDateTime } from '../../../shared/format/dates';
import { formatMoney, formatNumber } from '../../../shared/format/money';
import { localDigits } from '../../../shared/format/digits';
import { useWords } from '../../lib/words';
import type { ApiAnswer } from '../../lib/api-paths';

type Report = ApiAnswer<'GET /staff/charity'>;
/** A late charge owed to, or received by, the charity account. */
type Charge = Report['owing'][number];

function Tiles({ totals }: { totals: Report['totals'] }) {
  const { t, language } = useWords();
  const tiles: [string, string, string][] = [
    [t('Held now'), totals.balance, t('received, less paid out')],
    [t('Received'), totals.received, t('confirmed by staff')],
    [t('Paid out'), totals.disbursed, t('to charities')],
    [t('Owed'), totals.owed, t('instalment paid, charge not yet received')],
    [t('Accruing'), totals.accruing, t('instalments still unpaid, to today')],
  ];
  return (
    <Box component="ul" aria-label={t('Charity account')} sx={{ listStyle: 'none', p: 0, m: 0, mb: 2, display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' }, gap: 1.5 }}>
      {tiles.map(([label, amount, what]) => (
        <Paper component="li" key={label} variant="outlined" sx={{ px: 2, py: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>{formatMoney(amount, language)}</Typography>
          <Typography variant="caption" color="text.secondary">
            {what}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

function Row({ title, amount, children }: { title: string; amount: string; children: React.ReactNode }) {
  const { language } = useWords();
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
        <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{formatMoney(amount, language)}</Typography>
      </Box>
      {children}
    </Paper>
  );
}

const list = { listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 } as const;

export default function StaffCharityPage() {
  const { t, language } = useWords();
  const state = useApi('/staff/charity');
  const [tab, setTab] = useState<'owing' | 'received' | 'out'>('owing');
  const [settling, setSettling] = useState<Charge | null>(null);
  const [paying, setPaying] = useState(false);
  const settle = useSubmit<CharityReceiptForm>(async (form) => {
    if (!settling) return;
    await api.post(`/staff/late-charges/${settling.id}/settle`, form);
    setSettling(null);
    state.reload();
    return { title: t('Received'), text: t('The charge is recorded as received by the charity account.'), tone: 'success' };
  }, t('Not recorded'));
  const disburse = useSubmit<CharityDisbursementForm>(async (form) => {
    await api.post('/staff/charity/disbursements', form);
    setPaying(false);
    state.reload();
    return { title: t('Payment recorded'), text: t('It is listed under Paid out.'), tone: 'success' };
  }, t('Not recorded'));

  if (state.loading) return <Loading label={t('Loading the charity account…')} />;
  if (state.error) return <ErrorState message={state.error.message} onRetry={state.reload} />;
  const r = state.data!;
  const instalmentTitle = (c: Charge) => t('{project} · instalment {number}', { project: c.projectTitle, number: formatNumber(c.instalmentSeq, language) });
  const detail = (text: string) => (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {text}
    </Typography>
  );
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('Late charges are owed to charity through the platform, never to investors, and are no part of any return.')}
      </Typography>
      <Tiles totals={r.totals} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Tabs value={tab} onChange={(_e, v: typeof tab) => setTab(v)} aria-label={t('Charity account')} variant="scrollable" allowScrollButtonsMobile>
          <Tab value="owing" label={t('Owing ({count})', { count: formatNumber(r.owing.length, language) })} />
          <Tab value="received" label={t('Received')} />
          <Tab value="out" label={t('Paid out')} />
        </Tabs>
        <Button variant="outlined" onClick={() => setPaying(true)} disabled={r.totals.balance === '0.00'}>
          {t('Record a payment out')}
        </Button>
      </Box>
      {tab === 'owing' &&
        (r.owing.length ? (
          <Box component="ul" aria-label={t('Late charges owing')} sx={list}>
            {r.owing.map((c) => (
              <Row key={c.id} title={instalmentTitle(c)} amount={c.amount}>
                {detail(
                  c.status === 'accruing'
                    ? t('Accruing at {rate}% a year since {since} on {amount} due {due}; the instalment is not paid yet.', {
                        rate: localDigits(String(Number(c.ratePa)), language),
                        since: formatDate(c.accruesFrom, language),
                        amount: formatMoney(c.overdueAmount, language),
                        due: formatDate(c.dueOn, language),
                      })
                    : t('Owed: the instalment was paid on {date}, the charge is fixed.', { date: formatDate(c.paidOn, language) }),
                )}
                {detail(t('Owner: {email}', { email: c.ownerEmail }))}
                {c.status === 'owed' && (
                  <Button size="small" variant="contained" sx={{ mt: 1 }} onClick={() => setSettling(c)} aria-label={t('Confirm receipt of the late charge on {project}, instalment {number}', { project: c.projectTitle, number: formatNumber(c.instalmentSeq, language) })}>
                    {t('Confirm receipt')}
                  </Button>
                )}
              </Row>
            ))}
          </Box>
        ) : (
          <EmptyState title={t('No late charge is owing.')} />
        ))}
      {tab === 'received' &&
        (r.received.length ? (
          <Box component="ul" aria-label={t('Late charges received')} sx={list}>
            {r.received.map((c) => (
              <Row key={c.id} title={instalmentTitle(c)} amount={c.amount}>
                {detail(
                  t('Received {when}, reference {reference}, confirmed by {who}', {
                    when: formatDateTime(c.settledAt, language),
                    reference: c.reference ?? '—',
                    who: c.settledBy ?? t('staff'),
                  }) + (c.note ? `. ${c.note}` : ''),
                )}
                {detail(t('Owner: {email}', { email: c.ownerEmail }))}
              </Row>
            ))}
          </Box>
        ) : (
          <EmptyState title={t('Nothing received yet.')} />
        ))}
      {tab === 'out' &&
        (r.disbursements.length ? (
          <Box component="ul" aria-label={t('Payments out of the charity account')} sx={list}>
            {r.disbursements.map((d) => (
              <Row key={d.id} title={d.recipient} amount={d.amount}>
                {detail(
                  t('Paid {when}, reference {reference}, recorded by {who}', { when: formatDate(d.paidOn, language), reference: d.reference, who: d.recordedBy }) +
                    (d.note ? `. ${d.note}` : ''),
                )}
              </Row>
            ))}
          </Box>
        ) : (
          <EmptyState title={t('Nothing paid out yet.')} />
        ))}
      <Dialog open={Boolean(settling)} onClose={() => !settle.busy && setSettling(null)} aria-labelledby="charity-receipt-title" maxWidth="sm" fullWidth>
        <DialogTitle id="charity-receipt-title">
          {settling && t('{amount} from {email}', { amount: formatMoney(settling.amount, language), email: settling.ownerEmail })}
        </DialogTitle>
        <DialogContent>
          <SchemaForm formId="charity-receipt" onSubmit={settle.submit} busy={settle.busy} serverErrors={settle.errors} actions={<Button onClick={() => setSettling(null)}>{t('Cancel')}</Button>} />
          <InlineFailure failure={settle.failure} onClose={settle.clearFailure} />
        </DialogContent>
      </Dialog>
      <Dialog open={paying} onClose={() => !disburse.busy && setPaying(false)} aria-labelledby="charity-out-title" maxWidth="sm" fullWidth>
        <DialogTitle id="charity-out-title">
          {t('Pay out of the charity account (it holds {amount})', { amount: formatMoney(r.totals.balance, language) })}
        </DialogTitle>
        <DialogContent>
          <SchemaForm formId="charity-disbursement" onSubmit={disburse.submit} busy={disburse.busy} serverErrors={disburse.errors} hideTitle actions={<Button onClick={() => setPaying(false)}>{t('Cancel')}</Button>} />
          <InlineFailure failure={disburse.failure} onClose={disburse.clearFailure} />
        </DialogContent>
      </Dialog>
    </Box>
  );
}
