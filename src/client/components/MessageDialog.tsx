import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useWords } from '../lib/words';

export interface Message {
  title: string;
  text?: string;
  tone?: 'success' | 'error' | 'info';
}

/** The popups of spec section 8 ("Welcome", "Login Failed", "Signup Failed"…) as accessible dialogs. */
export default function MessageDialog({ message, onClose }: { message: Message | null; onClose: () => void }) {
  const { t } = useWords();
  return (
    <Dialog open={Boolean(message)} onClose={onClose} aria-labelledby="message-dialog-title" aria-describedby={message?.text ? 'message-dialog-text' : undefined} maxWidth="xs" fullWidth>
      <DialogTitle id="message-dialog-title" sx={{ color: message?.tone === 'error' ? 'error.main' : 'primary.dark' }}>
        {message?.title}
      </DialogTitle>
      {message?.text && (
        <DialogContent>
          <DialogContentText id="message-dialog-text">{message.text}</DialogContentText>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          {t('OK')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
