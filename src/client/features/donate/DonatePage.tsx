/**
 * Donate: choose an open project (or arrive from one), fill the donate form — its payment methods follow the amount
 * tiers of the schema — and get a receipt. No account needed.
 */
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { SchemaForm } from '../../form-engine';
import type { DonateForm } from '../../../shared/generated/form-types';
import type { FieldError } from '../../../shared/validation/errors';
import type { ProjectPage, ProjectView } from '../../../shared/api/views';
import type { ApiError } from '../../lib/api';
import { api } from '../../lib/api';
import { useApi } from '../../lib/use-api';
import PageHero from '../../components/PageHero';
import Money from '../../components/Money';
import { EmptyState, ErrorState, Loading } from '../../components/Status';
import MessageDialog, { type Message } from '../../components/MessageDialog';
import DetailList from '../../components/DetailList';

interface Receipt {
  receipt: string;
  amount: string;
  paymentMethod: string;
  projectTitle: string;
  createdAt: string;
  message: string;
  status: string;
}

export default function DonatePage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const projectId = params.get('project') ?? '';
  const { data, error, loading, reload } = useApi<ProjectPage>('/projects?status=open&limit=50&sort=newest');
  // A project from a link may be older than the 50 newest: load it on its own.
  const listed = data?.items.some((p) => p.id === projectId) ?? false;
  const single = useApi<ProjectView>(projectId && data && !listed ? `/projects/${projectId}` : null);
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [receipt, setReceipt] = useState<Receipt | null>(null);

  const projects = [...(data?.items ?? []), ...(single.data && !listed ? [single.data] : [])];
  const chosen = projects.find((p) => p.id === projectId && p.status === 'open');

  // A new visit (the header's Donate link, another project) starts a new donation.
  useEffect(() => setReceipt(null), [projectId, location.key]);

  async function donate(form: DonateForm) {
    setBusy(true);
    setNotice(null);
    setServerErrors([]);
    try {
      setReceipt(await api.post<Receipt>(`/projects/${projectId}/donations`, form));
    } catch (err) {
      const e = err as ApiError;
      if (e.network) setNotice(e.message);
      else if (e.status === 400 && e.errors.length) setServerErrors(e.errors);
      else setMessage({ title: 'Donation not recorded', text: e.message, tone: 'error' });
    } finally {
      setBusy(false);
    }
  }

  let body;
  if (receipt) {
    body = (
      <Paper sx={{ p: { xs: 3, md: 4 } }} role="status">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
          <CheckCircleIcon color="primary" fontSize="large" aria-hidden />
          <Typography variant="h5" component="h2">
            Thank you for your donation
          </Typography>
        </Box>
        <Typography sx={{ mb: 2 }}>{receipt.message}</Typography>
        <DetailList
          sx={{ gridTemplateColumns: 'auto 1fr' }}
          items={[
            ['Receipt', <strong>{receipt.receipt}</strong>],
            ['Project', receipt.projectTitle],
            ['Amount', <Money amount={receipt.amount} />],
            ['Payment method', receipt.paymentMethod],
            ['Status', 'Pledged — staff confirm it when the money arrives'],
            ['Date', new Date(receipt.createdAt).toLocaleString()],
          ]}
        />
        <Box sx={{ display: 'flex', gap: 2, mt: 3, flexWrap: 'wrap' }} className="no-print">
          <Button variant="contained" onClick={() => window.print()}>
            Print receipt
          </Button>
          <Button component={RouterLink} to={`/projectDetails?id=${projectId}`} variant="outlined">
            Back to the project
          </Button>
        </Box>
      </Paper>
    );
  } else if (loading) {
    body = <Loading label="Loading open projects…" />;
  } else if (error) {
    body = <ErrorState message={`Open projects could not be loaded: ${error.message}`} onRetry={reload} />;
  } else if (projects.length === 0) {
    body = <EmptyState title="No project is taking donations right now." text="Approved, open projects appear here." />;
  } else {
    body = (
      <Paper sx={{ p: { xs: 2.5, md: 4 } }}>
        <FormControl fullWidth sx={{ mb: 3 }}>
          <InputLabel id="donate-project">Project</InputLabel>
          <Select labelId="donate-project" label="Project" value={chosen ? projectId : ''} onChange={(e) => setParams({ project: e.target.value }, { replace: true })}>
            {projects.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.title} — {p.figures.progressPercent}% of ৳{Number(p.figures.goal).toLocaleString('en-US')}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        {projectId && !chosen && <Alert severity="warning" sx={{ mb: 2 }}>That project is not taking donations. Choose an open one.</Alert>}
        {notice && (
          <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
            {notice}
          </Alert>
        )}
        {chosen ? (
          <SchemaForm formId="donate" onSubmit={donate} busy={busy} serverErrors={serverErrors} hideTitle />
        ) : (
          <Typography color="text.secondary">Choose the project you want to support.</Typography>
        )}
      </Paper>
    );
  }

  return (
    <>
      <PageHero title="Donate" intro="Give to an open project. Your pledge counts in Pledged now, and in Raised once staff confirm the money arrived." />
      <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
        {body}
      </Container>
      <MessageDialog message={message} onClose={() => setMessage(null)} />
    </>
  );
}
