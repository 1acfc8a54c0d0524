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
import Money from '../../components/Money';
import { EmptyState, ErrorState, Loading } from '../../components/Status';
import InlineFailure from '../../components/InlineFailure';
import { useSubmit } from '../../lib/use-submit';
import { formatDateTime } from '../../../shared/format/dates';

interface Refund {
  id: string;
  reference: string;
  status: 'refund_due' | 'refunded';
  amount: string;
  paymentMethod: string;
  donorName: string | null;
  email: string | null;
  phone: string | null;
  projectTitle: string;
  confirmedAt: string | null;
  closedAt: string | null;
  refundReference: string | null;
  refundedAt: string | null;
  refundedBy: string | null;
}

const list = { listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 } as const;

function Detail({ children }: { children: React.ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  );
}

export default function StaffRefundsPage() {
  const [tab, setTab] = useState<'refund_due' | 'refunded'>('refund_due');
  const state = useApi<{ items: Refund[] }>(`/staff/refunds?status=${tab}`);
  const [refunding, setRefunding] = useState<Refund | null>(null);
  const record = useSubmit<RefundForm>(async (form) => {
    if (!refunding) return;
    await api.post(`/staff/donations/${refunding.id}/refund`, form);
    setRefunding(null);
    state.reload();
    return { title: 'Refund recorded', text: `The donor is told that ${refunding.reference} was returned.`, tone: 'success' };
  }, 'Not recorded');

  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Donations to all-or-nothing campaigns that ended below their goal. Send each back the way it came, then record the refund with its reference: the donor is told.
      </Typography>
      <Tabs value={tab} onChange={(_e, v: typeof tab) => setTab(v)} aria-label="Refunds" sx={{ mb: 1 }}>
        <Tab value="refund_due" label="Due" />
        <Tab value="refunded" label="Refunded" />
      </Tabs>
      {state.loading ? (
        <Loading label="Loading the refunds…" />
      ) : state.error ? (
        <ErrorState message={state.error.message} onRetry={state.reload} />
      ) : state.data!.items.length === 0 ? (
        <EmptyState title={tab === 'refund_due' ? 'No refund is due.' : 'No refund recorded yet.'} />
      ) : (
        <Box component="ul" aria-label={tab === 'refund_due' ? 'Refunds due' : 'Refunds recorded'} sx={list}>
          {state.data!.items.map((r) => (
            <Paper component="li" key={r.id} variant="outlined" sx={{ p: 1.5 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {r.reference} · {r.projectTitle}
                </Typography>
                <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  <Money amount={r.amount} />
                </Typography>
              </Box>
              <Detail>
                Paid by {r.paymentMethod}
                {r.confirmedAt ? `, confirmed ${formatDateTime(r.confirmedAt)}` : ''}
                {r.closedAt ? `; the campaign closed ${formatDateTime(r.closedAt)}` : ''}
              </Detail>
              <Detail>Donor: {[r.donorName, r.email, r.phone].filter(Boolean).join(' · ') || 'anonymous, no contact given'}</Detail>
              {r.status === 'refunded' ? (
                <Detail>
                  Refunded {formatDateTime(r.refundedAt)}, reference {r.refundReference}, recorded by {r.refundedBy ?? 'staff'}
                </Detail>
              ) : (
                <Button size="small" variant="contained" sx={{ mt: 1 }} onClick={() => setRefunding(r)} aria-label={`Record the refund of ${r.reference}`}>
                  Record refund
                </Button>
              )}
            </Paper>
          ))}
        </Box>
      )}
      <Dialog open={Boolean(refunding)} onClose={() => !record.busy && setRefunding(null)} aria-labelledby="refund-title" maxWidth="sm" fullWidth>
        <DialogTitle id="refund-title">
          <Money amount={refunding?.amount} /> back to {refunding?.donorName ?? refunding?.email ?? 'the donor'} ({refunding?.reference})
        </DialogTitle>
        <DialogContent>
          <SchemaForm formId="refund" onSubmit={record.submit} busy={record.busy} serverErrors={record.errors} actions={<Button onClick={() => setRefunding(null)}>Cancel</Button>} />
          <InlineFailure failure={record.failure} onClose={record.clearFailure} />
        </DialogContent>
      </Dialog>
    </Box>
  );
}
