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
import { useWords } from '../../lib/words';
import type { Offer } from './types';

function ChooseAndSend({ offer, onDone }: { offer: Offer; onDone: () => void }) {
  const { t } = useWords();
  const projects = usePagedApi('/me/projects?status=open&limit=50');
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
      const answer = await api.post(`/offers/${offer.id}/requests`, { projectId });
      toast({ title: t('Request sent'), text: answer.message, tone: 'success' });
      onDone();
    } catch (e) {
      setFailure({ title: t('Request not sent'), text: (e as ApiError).message, tone: 'error' });
    } finally {
      setSending(false);
    }
  }

  if (projects.loading) return <DialogContent><Loading label={t('Loading your open projects…')} /></DialogContent>;
  if (projects.error) return <DialogContent><ErrorState message={projects.error.message} onRetry={projects.reload} /></DialogContent>;
  if (open.length === 0) {
    return (
      <>
        <DialogContent>
          <DialogContentText>
            {t('A Request For Invest names one of your open projects. You have none yet: once staff approve a project of yours, you can invite investors to it.')}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={onDone}>{t('Close')}</Button>
          <Button component={RouterLink} to="/dashboard/project" variant="contained">
            {t('My projects')}
          </Button>
        </DialogActions>
      </>
    );
  }
  return (
    <>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t('{name} sees your invitation under Investment History. Their phone and e-mail are shared with you once they answer it.', { name: offer.name })}
        </DialogContentText>
        <FormControl fullWidth>
          <InputLabel htmlFor={`rfi-project-${offer.id}`} shrink>
            {t('Project')}
          </InputLabel>
          <NativeSelect id={`rfi-project-${offer.id}`} value={projectId} onChange={(e) => setChosen(e.target.value)} input={<OutlinedInput label={t('Project')} notched />}>
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
        <Button onClick={onDone}>{t('Cancel')}</Button>
        <Button variant="contained" onClick={send} disabled={sending || !projectId}>
          {t('Send request')}
        </Button>
      </DialogActions>
    </>
  );
}

/** The card's action for someone else's offer. */
export default function RequestForInvestButton({ offer }: { offer: Offer }) {
  const { t } = useWords();
  const [open, setOpen] = useState(false);
  const titleId = `rfi-title-${offer.id}`;
  return (
    <>
      <Button size="small" variant="contained" onClick={() => setOpen(true)} aria-label={t('Request For Invest to {name}', { name: offer.name })}>
        {t('Request For Invest')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <DialogTitle id={titleId}>{t('Request For Invest to {name}', { name: offer.name })}</DialogTitle>
        {open && <ChooseAndSend offer={offer} onDone={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}
