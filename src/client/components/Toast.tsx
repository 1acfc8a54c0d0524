/**
 * Non-blocking feedback (issue 12 §5): a success says so in a toast that goes away by itself and needs no click.
 * notistack queues them across page changes (a form navigates on success); each is drawn as an MUI Alert so it
 * follows the theme. Only the spec's own popups (section 8) stay dialogs.
 */
import { forwardRef, useCallback, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import { SnackbarContent, SnackbarProvider, useSnackbar, type CustomContentProps } from 'notistack';
import type { Message } from './MessageDialog';

/** How long a toast stays (ms): long enough to read two short sentences. */
export const TOAST_MS = 6000;

const ToastContent = forwardRef<HTMLDivElement, CustomContentProps>(function ToastContent({ id, message, variant }, ref) {
  const { closeSnackbar } = useSnackbar();
  return (
    <SnackbarContent ref={ref}>
      {/* status, not alert: a success is polite news and must not interrupt what a screen reader is saying. */}
      <Alert role="status" severity={variant === 'error' ? 'error' : variant === 'info' ? 'info' : 'success'} variant="filled" onClose={() => closeSnackbar(id)} sx={{ width: '100%', boxShadow: 3 }}>
        {message}
      </Alert>
    </SnackbarContent>
  );
});

/** Puts the toast queue around the app. */
export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      maxSnack={3}
      autoHideDuration={TOAST_MS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      Components={{ success: ToastContent, info: ToastContent, error: ToastContent, default: ToastContent }}
    >
      {children}
    </SnackbarProvider>
  );
}

/** Returns a function that shows a message as a toast: its title in bold, then its text. */
export function useToast(): (message: Message) => void {
  const { enqueueSnackbar } = useSnackbar();
  return useCallback(
    (m: Message) => {
      enqueueSnackbar(
        <span>
          <strong>{m.title}</strong>
          {m.text ? ` — ${m.text}` : ''}
        </span>,
        { variant: m.tone === 'error' ? 'error' : m.tone === 'info' ? 'info' : 'success' },
      );
    },
    [enqueueSnackbar],
  );
}
