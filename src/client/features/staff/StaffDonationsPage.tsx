import { useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { SchemaForm } from '../../form-engine';
import type { ReviewForm } from '../../../shared/generated/form-types';
import { api } from '../../lib/api';
import { useApi } from '../../lib/use-api';
import Money from '../../components/Money';
import { ApiItems, EmptyState } from '../../components/Status';
import InlineFailure from '../../components/InlineFailure';
import { useSubmit } from '../forms/use-submit';
import { formatDateTime } from '../../../shared/format/dates';

interface Donation {
  id: string;
  receipt: string;
  projectTitle: string;
  status: string;
  amount: string;
  paymentMethod: string;
  donorName: string | null;
  email: string | null;
  anonymous: boolean;
  createdAt: string;
  note: string | null;
}

/** Staff: confirm that pledged donations arrived (they then count as raised), or cancel them with a note. */
export default function StaffDonationsPage() {
  const [status, setStatus] = useState<'pledged' | 'confirmed' | 'cancelled'>('pledged');
  const state = useApi<{ items: Donation[] }>(`/staff/donations?status=${status}`);
  const [open, setOpen] = useState<Donation | null>(null);
  const review = useSubmit<ReviewForm>(async (form) => {
    if (!open) return;
    await api.post(`/staff/donations/${open.id}/review`, form);
    setOpen(null);
    state.reload();
    return { title: form.decision === 'approve' ? 'Donation confirmed' : 'Donation cancelled', text: 'Recorded in the audit log.', tone: 'success' };
  }, 'Not recorded');

  return (
    <Box>
      <Tabs value={status} onChange={(_e, v: typeof status) => setStatus(v)} sx={{ mb: 2 }} aria-label="Donation status">
        <Tab value="pledged" label="Pledged" />
        <Tab value="confirmed" label="Confirmed" />
        <Tab value="cancelled" label="Cancelled" />
      </Tabs>
      <ApiItems state={state} empty={<EmptyState title="Nothing here." text={status === 'pledged' ? 'No donation is waiting for confirmation.' : undefined} />}>
        {(items) => (
          <Grid container spacing={2}>
            {items.map((d) => (
              <Grid key={d.id} size={{ xs: 12, md: 6 }}>
                <Card>
                  <CardContent sx={{ display: 'grid', gap: 0.5 }}>
                    <Typography sx={{ fontWeight: 700 }}>{d.projectTitle}</Typography>
                    <Typography variant="h6" component="p">
                      <Money amount={d.amount} /> by {d.paymentMethod}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {d.receipt} · {d.anonymous ? 'Anonymous' : (d.donorName ?? 'No name')} {d.email ? `· ${d.email}` : ''} · {formatDateTime(d.createdAt)}
                    </Typography>
                    {d.note && <Typography variant="body2">Note: {d.note}</Typography>}
                    {d.status === 'pledged' && (
                      <Box sx={{ mt: 1 }}>
                        <Button variant="contained" size="small" onClick={() => setOpen(d)} aria-label={`Review donation ${d.receipt}`}>
                          Review
                        </Button>
                      </Box>
                    )}
                  </CardContent>
                </Card>
              </Grid>
            ))}
          </Grid>
        )}
      </ApiItems>
      <Dialog open={Boolean(open)} onClose={() => !review.busy && setOpen(null)} aria-labelledby="donation-review-title" maxWidth="sm" fullWidth>
        <DialogTitle id="donation-review-title">
          {open?.receipt}: <Money amount={open?.amount} /> by {open?.paymentMethod}
        </DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            Approve when the money has arrived; reject to cancel the pledge.
          </Typography>
          <SchemaForm formId="review" onSubmit={review.submit} busy={review.busy} serverErrors={review.errors} hideTitle actions={<Button onClick={() => setOpen(null)}>Cancel</Button>} />
          <InlineFailure failure={review.failure} onClose={review.clearFailure} />
        </DialogContent>
      </Dialog>
    </Box>
  );
}
