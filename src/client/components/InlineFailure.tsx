import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { Message } from './MessageDialog';

/**
 * Why something failed, said next to it (issue 12 §5) instead of in a popup to dismiss: a title and the server's
 * reason, announced to screen readers as it appears.
 */
export default function InlineFailure({ failure, onClose }: { failure: Message | null; onClose?: () => void }) {
  if (!failure) return null;
  return (
    <Alert severity="error" role="alert" sx={{ mt: 2 }} onClose={onClose}>
      <AlertTitle>{failure.title}</AlertTitle>
      {failure.text}
    </Alert>
  );
}
