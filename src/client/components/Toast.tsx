/**
 * Non-blocking feedback (issue 12 §5): a success says so in a toast that goes away by itself and needs no click.
 * Toasts are queued here, across page changes (a form navigates on success), and drawn by ToastHost, whose code
 * (notistack and the Alert) is fetched with the first toast rather than with every page. Only the spec's own popups
 * (section 8) stay dialogs.
 */
import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from 'react';
import type { Message } from './MessageDialog';

import type { QueuedToast } from './toast-queue';

const ToastHost = lazy(() => import('./ToastHost'));
const ShowToast = createContext<(message: Message) => void>(() => {
  throw new Error('useToast needs a ToastProvider around the app');
});

/** Puts the toast queue around the app. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<QueuedToast[]>([]);
  const show = useCallback((message: Message) => setQueue((q) => [...q.slice(-9), { id: (q.at(-1)?.id ?? -1) + 1, message }]), []);
  return (
    <ShowToast.Provider value={show}>
      {children}
      {queue.length > 0 && (
        <Suspense fallback={null}>
          <ToastHost queue={queue} />
        </Suspense>
      )}
    </ShowToast.Provider>
  );
}

/** Returns a function that shows a message as a toast: its title in bold, then its text. */
export function useToast(): (message: Message) => void {
  return useContext(ShowToast);
}
