import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { SchemaForm } from '../../form-engine';
import type { ReviewForm } from '../../../shared/generated/form-types';
import { api } from '../../lib/api';
import { useSubmit } from '../forms/use-submit';
import AuditTrail from '../../components/AuditTrail';
import { useApi } from '../../lib/use-api';
import StoredImage from '../../components/StoredImage';
import { EmptyState, ErrorState, Loading } from '../../components/Status';
import MessageDialog from '../../components/MessageDialog';
import verificationSchema from '../../../../schemas/verification.schema.json';

interface QueueItem {
  id: string;
  status: string;
  name: string | null;
  email: string;
  phone: string;
  nid: string | null;
  submittedAt: string;
  reviewedAt: string | null;
  note: string | null;
}

interface Detail {
  id: string;
  status: string;
  current: boolean;
  data: Record<string, string>;
  email: string;
  phone: string;
  note: string | null;
  submittedAt: string;
  history: { action: string; by: string; at: string; note: string | null }[];
}

const titles = Object.fromEntries(Object.entries(verificationSchema.properties).map(([k, v]) => [k, (v as { title: string }).title]));

function Review({ id, onDone }: { id: string; onDone: () => void }) {
  const { data, error, loading, reload } = useApi<Detail>(`/staff/verifications/${id}`);
  const review = useSubmit<ReviewForm>(async (form) => {
    await api.post(`/staff/verifications/${id}/review`, form);
    return { title: form.decision === 'approve' ? 'Verified' : 'Rejected', text: 'The decision is recorded in the audit log.', tone: 'success' };
  }, 'Not recorded');
  if (loading) return <Loading label="Opening the submission…" />;
  if (error || !data) return <ErrorState message={error?.message ?? 'Could not open it.'} onRetry={reload} />;

  const images = Object.entries(data.data).filter(([, v]) => typeof v === 'string' && v.startsWith('file:'));
  const fields = Object.entries(data.data).filter(([, v]) => !(typeof v === 'string' && v.startsWith('file:')));
  return (
    <Card>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {data.email} · {data.phone}
        </Typography>
        <Grid container spacing={2}>
          {images.map(([k, v]) => (
            <Grid key={k} size={{ xs: 12, sm: 4 }}>
              <StoredImage fileId={v.slice(5)} caption={titles[k] ?? k} />
            </Grid>
          ))}
        </Grid>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' }, columnGap: 3, rowGap: 0.5, m: 0 }}>
          {fields.map(([k, v]) => (
            <Box key={k} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {titles[k] ?? k}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {String(v)}
              </Typography>
            </Box>
          ))}
        </Box>
        {data.status === 'submitted' && data.current ? (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <SchemaForm formId="review" onSubmit={review.submit} busy={review.busy} serverErrors={review.errors} />
          </Paper>
        ) : (
          <Alert severity="info">
            This submission is {data.status}
            {data.note ? ` (note: ${data.note})` : ''}.
          </Alert>
        )}
        <AuditTrail entries={data.history} />
      </CardContent>
      <MessageDialog
        message={review.message}
        onClose={() => {
          const done = review.message?.tone === 'success';
          review.setMessage(null);
          if (done) onDone();
        }}
      />
    </Card>
  );
}

/** Staff: the verification queue, one submission with its images, verify or reject with a note. */
export default function StaffVerificationsPage() {
  const [status, setStatus] = useState<'submitted' | 'verified' | 'rejected'>('submitted');
  const { data, error, loading, reload } = useApi<{ items: QueueItem[] }>(`/staff/verifications?status=${status}`);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Box>
      <Tabs value={status} onChange={(_e, v: typeof status) => { setStatus(v); setOpen(null); }} sx={{ mb: 2 }} aria-label="Verification status">
        <Tab value="submitted" label="Waiting" />
        <Tab value="verified" label="Verified" />
        <Tab value="rejected" label="Rejected" />
      </Tabs>
      {loading ? (
        <Loading />
      ) : error ? (
        <ErrorState message={error.message} onRetry={reload} />
      ) : !data?.items.length ? (
        <EmptyState title="Nothing here." text={status === 'submitted' ? 'No verification is waiting for review.' : undefined} />
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Paper variant="outlined">
              <List component="div" aria-label="Submissions">
                {data.items.map((i) => (
                  <ListItemButton key={i.id} selected={open === i.id} onClick={() => setOpen(i.id)}>
                    <ListItemText primary={i.name ?? i.email} secondary={`${i.email} · ${new Date(i.submittedAt).toLocaleDateString()}`} />
                  </ListItemButton>
                ))}
              </List>
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            {open ? (
              <Review
                key={open}
                id={open}
                onDone={() => {
                  setOpen(null);
                  reload();
                }}
              />
            ) : (
              <EmptyState title="Choose a submission to review." />
            )}
          </Grid>
        </Grid>
      )}
    </Box>
  );
}
