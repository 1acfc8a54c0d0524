/**
 * Asking before a final step (close a campaign, withdraw a request) in an MUI dialog instead of `window.confirm`:
 * it follows the theme, names the action on its button and can be read by a screen reader. Cancel has the focus,
 * so Enter pressed by habit does not do the irreversible thing.
 */
import { useCallback, useRef, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useWords } from '../lib/words';

export interface Confirmation {
  title: string;
  text?: string;
  /** What the step is about, shown under the text (the payment an investor is asked to confirm). */
  details?: ReactNode;
  /** The confirming button's text: the action itself ("Close campaign"), not "OK". */
  confirmText: string;
  /** The dismissing button's text when "Cancel" would be ambiguous (a dialog about cancelling something). */
  cancelText?: string;
  /** `danger` (the default) for a step that takes something away; `primary` for recording what happened. */
  tone?: 'danger' | 'primary';
}

/** `confirm(question)` resolves true when the user confirms, false on Cancel or Escape; render `dialog` once. */
export function useConfirm(): { confirm: (q: Confirmation) => Promise<boolean>; dialog: ReactNode } {
  const [question, setQuestion] = useState<Confirmation | null>(null);
  const resolver = useRef<((yes: boolean) => void) | null>(null);
  const { t } = useWords();

  const confirm = useCallback((q: Confirmation) => {
    resolver.current?.(false);
    setQuestion(q);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  function answer(yes: boolean): void {
    resolver.current?.(yes);
    resolver.current = null;
    setQuestion(null);
  }

  const dialog = (
    <Dialog open={Boolean(question)} onClose={() => answer(false)} aria-labelledby="confirm-dialog-title" aria-describedby={question?.text ? 'confirm-dialog-text' : undefined} maxWidth="xs" fullWidth>
      <DialogTitle id="confirm-dialog-title">{question?.title}</DialogTitle>
      {(question?.text || question?.details) && (
        <DialogContent>
          {question.text && <DialogContentText id="confirm-dialog-text">{question.text}</DialogContentText>}
          {question.details}
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={() => answer(false)} autoFocus>
          {question?.cancelText ?? t('Cancel')}
        </Button>
        <Button onClick={() => answer(true)} variant="contained" color={question?.tone === 'primary' ? 'primary' : 'error'}>
          {question?.confirmText}
        </Button>
      </DialogActions>
    </Dialog>
  );
  return { confirm, dialog };
}
