/**
 * Request For Invest from an investor card: the signed-in person picks one of their open projects and invites the
 * offer's investor to it. With no open project they are told why nothing can be sent, and where their projects are.
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { api, type ApiError } from '../../lib/api';
import { usePagedApi } from '../../lib/use-paged-api';
import { ErrorState, Loading } from '../../components/Status';
import InlineFailure from '../../components/InlineFailure';
import type { Message } from '../../components/MessageDialog';
import { useToast } from '../../components/Toast';
import type { ProjectView } from '../../../shared/api/views';
import type { Offer } from './types';

function ChooseAndSend({ offer, onDone }: { offer: Offer; onDone: () => void }) {
  const projects = usePagedApi<ProjectView>('/me/projects?status=open&limit=50');
  const [chosen, setChosen] = useState('');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<Message | null>(null);
  const toast = useToast();
  // A campaign past its end date is shown closed until the closing job has run: it cannot invite.
  const open = (projects.data?.items ?? []).filter((p) => p.status === 'open');
  const projectId = chosen || open[0]?.id || '';

  async function send() {
    setSending(true);
    setFailure(null);
    try {
      const answer = await api.post<{ message: string }>(`/offers/${offer.id}/requests`, { projectId });
      toast({ title: 'Request sent', text: answer.message, tone: 'success' });
      onDone();
    } catch (e) {
      setFailure({ title: 'Request not sent', text: (e as ApiError).message, tone: 'error' });
    } finally {
      setSending(false);
    }
  }

  if (projects.loading) return <DialogContent><Loading label="Loading your open projects…" /></DialogContent>;
  if (projects.error) return <DialogContent><ErrorState message={projects.error.message} onRetry={projects.reload} /></DialogContent>;
  if (open.length === 0) {
    return (
      <>
        <DialogContent>
          <DialogContentText>A Request For Invest names one of your open projects. You have none yet: once staff approve a project of yours, you can invite investors to it.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={onDone}>Close</Button>
          <Button component={RouterLink} to="/dashboard/project" variant="contained">
            My projects
          </Button>
        </DialogActions>
      </>
    );
  }
  return (
    <>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {offer.name} sees your invitation under Investment History. Their phone and e-mail are shared with you once they answer it.
        </DialogContentText>
        <FormControl fullWidth>
          <InputLabel htmlFor={`rfi-project-${offer.id}`} shrink>
            Project
          </InputLabel>
          <NativeSelect id={`rfi-project-${offer.id}`} value={projectId} onChange={(e) => setChosen(e.target.value)} input={<OutlinedInput label="Project" notched />}>
            {open.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </NativeSelect>
        </FormControl>
        <InlineFailure failure={failure} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onDone}>Cancel</Button>
        <Button variant="contained" onClick={send} disabled={sending || !projectId}>
          Send request
        </Button>
      </DialogActions>
    </>
  );
}

/** The card's action for someone else's offer. */
export default function RequestForInvestButton({ offer }: { offer: Offer }) {
  const [open, setOpen] = useState(false);
  const titleId = `rfi-title-${offer.id}`;
  return (
    <>
      <Button size="small" variant="contained" onClick={() => setOpen(true)} aria-label={`Request For Invest to ${offer.name}`}>
        Request For Invest
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <DialogTitle id={titleId}>Request For Invest to {offer.name}</DialogTitle>
        {open && <ChooseAndSend offer={offer} onDone={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}
