import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ApiError } from '../../lib/api';
import { api } from '../../lib/api';
import type { Message } from '../../components/MessageDialog';
import InlineFailure from '../../components/InlineFailure';
import { useConfirm } from '../../components/ConfirmDialog';
import { useToast } from '../../components/Toast';
import { type Invitation } from './types';
import { useWords } from '../../lib/words';

/** What the invitation's owner sees of the invited offer's contact details, and the choice to share them. */
export default function ContactSharing({ invitation, onShared }: { invitation: Invitation; onShared: () => void }) {
  const { t } = useWords();
  const { confirm, dialog } = useConfirm();
  const [failure, setFailure] = useState<Message | null>(null);
  const toast = useToast();
  if (invitation.contactShared) {
    return (
      <Typography variant="body2" color="text.secondary">
        {invitation.contactShared === 'shared'
          ? t('You shared the phone and e-mail of your offer with this owner.')
          : t('You answered with an agreement request, which shares the phone and e-mail of your offer with this owner.')}
      </Typography>
    );
  }
  if (!invitation.offerOpen) return null;
  async function share() {
    const yes = await confirm({
      title: t('Share your contact details with the owner of “{title}”?', { title: invitation.project.title }),
      text: t('They will see the phone and e-mail of the offer they invited. Nobody else will. You cannot take this back.'),
      confirmText: t('Share my contact details'),
    });
    if (!yes) return;
    setFailure(null);
    try {
      const answer = await api.post(`/me/invitations/${invitation.id}/share-contact`);
      toast({ title: t('Contact details shared'), text: answer.message, tone: 'success' });
      onShared();
    } catch (e) {
      setFailure({ title: t('Not shared'), text: (e as ApiError).message, tone: 'error' });
    }
  }
  return (
    <>
      {dialog}
      <Typography variant="body2" color="text.secondary">
        {t('The owner does not see your phone or e-mail. Sending an agreement request to this project shares them; so does this:')}
      </Typography>
      <Box>
        <Button size="small" onClick={share}>
          {t('Share my contact details with this owner')}
        </Button>
      </Box>
      <InlineFailure failure={failure} />
    </>
  );
}
