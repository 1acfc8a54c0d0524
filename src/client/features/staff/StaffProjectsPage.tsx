import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import type { ProjectReviewForm } from '../../../shared/generated/form-types';
import type { ProjectView } from '../../../shared/api/views';
import { api } from '../../lib/api';
import { useSubmit } from '../forms/use-submit';
import AuditTrail, { type AuditEntry } from '../../components/AuditTrail';
import { useApi } from '../../lib/use-api';
import StoredImage from '../../components/StoredImage';
import Money from '../../components/Money';
import { EmptyState, ErrorState, Loading } from '../../components/Status';
import MessageDialog from '../../components/MessageDialog';
import projectSchema from '../../../../schemas/project-owner.schema.json';

type Detail = ProjectView & { owner: { email: string; phone: string }; submittedAt: string; history: AuditEntry[] };

const titles: Record<string, string> = Object.fromEntries(
  Object.entries(projectSchema.properties).map(([k, v]) => [k, (v as { title: string }).title]),
);

function Review({ id, onDone }: { id: string; onDone: () => void }) {
  const { data, error, loading, reload } = useApi<Detail>(`/staff/projects/${id}`);
  const review = useSubmit<ProjectReviewForm>(async (form) => {
    await api.post(`/staff/projects/${id}/review?seen=${encodeURIComponent(data!.submittedAt)}`, form);
    return { title: form.decision === 'approve' ? 'Project approved' : 'Project rejected', text: 'The decision is recorded in the audit log.', tone: 'success' };
  }, 'Not recorded');
  if (loading) return <Loading label="Opening the project…" />;
  if (error || !data) return <ErrorState message={error?.message ?? 'Could not open it.'} onRetry={reload} />;

  const f = data.figures;
  return (
    <Card>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box>
          <Typography variant="h6" component="h2">
            {data.title}
          </Typography>
          <Typography color="text.secondary">
            {data.category} · {data.owner.email} · {data.owner.phone} ·{' '}
            <RouterLink to={`/projectDetails?id=${data.id}`}>open the project page</RouterLink>
          </Typography>
        </Box>
        <Typography>
          Goal <Money amount={f.goal} />, minimum <Money amount={f.minInvestment} />, markup {f.markupPercent} % over {f.durationMonths} months ({f.annualisedReturn.simplePercent} % a year), {f.repayment.type}
          {f.repayment.everyMonths ? ` every ${f.repayment.everyMonths} months` : ''}.
        </Typography>
        <Grid container spacing={2}>
          {data.images.map((img, i) => (
            <Grid key={img} size={{ xs: 12, sm: 4 }}>
              <StoredImage fileId={img} caption={`Image ${i + 1}`} />
            </Grid>
          ))}
        </Grid>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' }, columnGap: 3, rowGap: 0.5, m: 0, maxHeight: 360, overflow: 'auto' }}>
          {Object.entries(data.details)
            .filter(([, v]) => typeof v !== 'object' && !String(v).startsWith('file:'))
            .map(([k, v]) => (
              <Box key={k} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary">
                  {titles[k] ?? k}
                </Typography>
                <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
                  {String(v)}
                </Typography>
              </Box>
            ))}
        </Box>
        {data.status === 'pending_review' ? (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <SchemaForm formId="project-review" onSubmit={review.submit} busy={review.busy} serverErrors={review.errors} />
          </Paper>
        ) : (
          <Alert severity="info">This project is {data.status.replace('_', ' ')}.</Alert>
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

/** Staff: the project review queue. */
export default function StaffProjectsPage() {
  const [status, setStatus] = useState<'pending_review' | 'open' | 'rejected'>('pending_review');
  const { data, error, loading, reload } = useApi<{ items: ProjectView[] }>(`/staff/projects?status=${status}`);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Box>
      <Tabs value={status} onChange={(_e, v: typeof status) => { setStatus(v); setOpen(null); }} sx={{ mb: 2 }} aria-label="Project status">
        <Tab value="pending_review" label="Waiting" />
        <Tab value="open" label="Open" />
        <Tab value="rejected" label="Rejected" />
      </Tabs>
      {loading ? (
        <Loading />
      ) : error ? (
        <ErrorState message={error.message} onRetry={reload} />
      ) : !data?.items.length ? (
        <EmptyState title="Nothing here." text={status === 'pending_review' ? 'No project is waiting for review.' : undefined} />
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Paper variant="outlined">
              <List component="div" aria-label="Projects">
                {data.items.map((p) => (
                  <ListItemButton key={p.id} selected={open === p.id} onClick={() => setOpen(p.id)}>
                    <ListItemText primary={p.title} secondary={`${p.category} · ৳${Number(p.figures.goal).toLocaleString('en-US')}`} />
                  </ListItemButton>
                ))}
              </List>
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            {open ? (
              <Review key={open} id={open} onDone={() => { setOpen(null); reload(); }} />
            ) : (
              <EmptyState title="Choose a project to review." action={<Button onClick={reload}>Refresh</Button>} />
            )}
          </Grid>
        </Grid>
      )}
    </Box>
  );
}
