/** What the toast queue (Toast.tsx) and the code that draws it (ToastHost.tsx, loaded with the first toast) share. */
import type { Message } from './MessageDialog';

/** How long a toast stays (ms): long enough to read two short sentences. */
export const TOAST_MS = 6000;

/** A toast waiting to be drawn; ids rise, so the host draws each once. */
export interface QueuedToast {
  id: number;
  message: Message;
}
