/**
 * Staff: the refund queue (issue 31 §2). Confirmed donations to all-or-nothing campaigns that ended below their goal
 * wait here until staff send the money back and record the refund with its reference (final, audited, the donor is
 * told); the Refunded tab lists what was sent back.
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
import type { RefundForm } from '../../../shared/generated/form-types';
import { api } from '../../lib/api';
import { useApi } from '../../lib/use-api';
import { EmptyState, ErrorState, Loading } from '../../components/Status';
import InlineFailure from '../../components/InlineFailure';
import { useSubmit } from '../../lib/use-submit';
import { formatDateTime } from '../../../shared/format/dates';
import { formatMoney } from '../../../shared/format/money';
import { useWords } from '../../lib/words';
import { methodWord } from './status-words';
import type { ApiItem } from '../../lib/api-paths';

type Refund = ApiItem<'GET /staff/refunds'>;

const list = { listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 } as const;

function Detail({ children }: { children: React.ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  );
}

export default function StaffRefundsPage() {
  const { t, language } = useWords();
  const [tab, setTab] = useState<'refund_due' | 'refunded'>('refund_due');
  const state = useApi(`/staff/refunds?status=${tab}`);
  const [refunding, setRefunding] = useState<Refund | null>(null);
  const record = useSubmit<RefundForm>(async (form) => {
    if (!refunding) return;
    await api.post(`/staff/donations/${refunding.id}/refund`, form);
    setRefunding(null);
    state.reload();
    return { title: t('Refund recorded'), text: t('The donor is told that {reference} was returned.', { reference: refunding.reference }), tone: 'success' };
  }, t('Not recorded'));

  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('Donations to all-or-nothing campaigns that ended below their goal. Send each back the way it came, then record the refund with its reference: the donor is told.')}
      </Typography>
      <Tabs value={tab} onChange={(_e, v: typeof tab) => setTab(v)} aria-label={t('Refunds')} sx={{ mb: 1 }}>
        <Tab value="refund_due" label={t('Due')} />
        <Tab value="refunded" label={t('Refunded')} />
      </Tabs>
      {state.loading ? (
        <Loading label={t('Loading the refunds…')} />
      ) : state.error ? (
        <ErrorState message={state.error.message} onRetry={state.reload} />
      ) : state.data!.items.length === 0 ? (
        <EmptyState title={tab === 'refund_due' ? t('No refund is due.') : t('No refund recorded yet.')} />
      ) : (
        <Box component="ul" aria-label={tab === 'refund_due' ? t('Refunds due') : t('Refunds recorded')} sx={list}>
          {state.data!.items.map((r) => (
            <Paper component="li" key={r.id} variant="outlined" sx={{ p: 1.5 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {r.reference} · {r.projectTitle}
                </Typography>
                <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{formatMoney(r.amount, language)}</Typography>
              </Box>
              <Detail>
                {t('Paid by {method}', { method: methodWord(t, r.paymentMethod) })}
                {r.confirmedAt ? t(', confirmed {when}', { when: formatDateTime(r.confirmedAt, language) }) : ''}
                {r.closedAt ? t('; the campaign closed {when}', { when: formatDateTime(r.closedAt, language) }) : ''}
              </Detail>
              <Detail>{t('Donor: {donor}', { donor: [r.donorName, r.email, r.phone].filter(Boolean).join(' · ') || t('anonymous, no contact given') })}</Detail>
              {r.status === 'refunded' ? (
                <Detail>
                  {t('Refunded {when}, reference {reference}, recorded by {who}', {
                    when: formatDateTime(r.refundedAt, language),
                    reference: r.refundReference ?? '—',
                    who: r.refundedBy ?? t('staff'),
                  })}
                </Detail>
              ) : (
                <Button size="small" variant="contained" sx={{ mt: 1 }} onClick={() => setRefunding(r)} aria-label={t('Record the refund of {reference}', { reference: r.reference })}>
                  {t('Record refund')}
                </Button>
              )}
            </Paper>
          ))}
        </Box>
      )}
      <Dialog open={Boolean(refunding)} onClose={() => !record.busy && setRefunding(null)} aria-labelledby="refund-title" maxWidth="sm" fullWidth>
        <DialogTitle id="refund-title">
          {refunding &&
            t('{amount} back to {donor} ({reference})', {
              amount: formatMoney(refunding.amount, language),
              donor: refunding.donorName ?? refunding.email ?? t('the donor'),
              reference: refunding.reference,
            })}
        </DialogTitle>
        <DialogContent>
          <SchemaForm formId="refund" onSubmit={record.submit} busy={record.busy} serverErrors={record.errors} actions={<Button onClick={() => setRefunding(null)}>{t('Cancel')}</Button>} />
          <InlineFailure failure={record.failure} onClose={record.clearFailure} />
        </DialogContent>
      </Dialog>
    </Box>
  );
}
