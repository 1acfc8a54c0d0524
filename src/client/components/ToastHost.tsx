/**
 * Draws the toasts (Toast.tsx queues them): notistack stacks and times them out, each drawn as an MUI Alert so it
 * follows the theme. Loaded with the first toast, so no page pays for it on its first load.
 */
import { forwardRef, useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import { closeSnackbar, enqueueSnackbar, SnackbarContent, SnackbarProvider, type CustomContentProps } from 'notistack';
import { TOAST_MS, type QueuedToast } from './toast-queue';
import { ThemeScope } from '../app/ThemeScope';

const ToastContent = forwardRef<HTMLDivElement, CustomContentProps>(function ToastContent({ id, message, variant }, ref) {
  return (
    <SnackbarContent ref={ref}>
      {/* status, not alert: a success is polite news and must not interrupt what a screen reader is saying. */}
      <Alert role="status" severity={variant === 'error' ? 'error' : variant === 'info' ? 'info' : 'success'} variant="filled" onClose={() => closeSnackbar(id)} sx={{ width: '100%', boxShadow: 3 }}>
        {message}
      </Alert>
    </SnackbarContent>
  );
});

export default function ToastHost({ queue }: { queue: QueuedToast[] }) {
  const shown = useRef(0);
  useEffect(() => {
    for (const { id, message: m } of queue) {
      if (id < shown.current) continue;
      shown.current = id + 1;
      enqueueSnackbar(
        <span>
          <strong>{m.title}</strong>
          {m.text ? ` — ${m.text}` : ''}
        </span>,
        { variant: m.tone === 'error' ? 'error' : m.tone === 'info' ? 'info' : 'success' },
      );
    }
  }, [queue]);
  return (
    <ThemeScope>
      <SnackbarProvider
      maxSnack={3}
      autoHideDuration={TOAST_MS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        Components={{ success: ToastContent, info: ToastContent, error: ToastContent, default: ToastContent }}
      />
    </ThemeScope>
  );
}
