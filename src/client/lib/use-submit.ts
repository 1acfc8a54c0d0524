/**
 * What a page does around a form it sends itself (a dialog, a staff decision): the busy flag, the server's field
 * errors (shown under the fields), any other refusal or a lost connection said inline at the form (`failure`; what
 * was typed stays), and a toast for the success message.
 */
import { useState } from 'react';
import type { FieldError } from '../../shared/validation/errors';
import { ApiError } from './api';
import type { Message } from '../components/MessageDialog';
import { useToast } from '../components/Toast';

export interface Submit<T> {
  busy: boolean;
  errors: FieldError[];
  /** Why the last attempt was refused (not a field error): shown with InlineFailure next to the form. */
  failure: Message | null;
  clearFailure: () => void;
  /** Runs the action; its returned message (if any) is shown as a toast. Resolves true when it succeeded. */
  submit: (data: T) => Promise<boolean>;
}

export function useSubmit<T>(action: (data: T) => Promise<Message | void>, failureTitle: string): Submit<T> {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<Message | null>(null);
  const toast = useToast();

  async function submit(data: T): Promise<boolean> {
    if (busy) return false;
    setBusy(true);
    setErrors([]);
    setFailure(null);
    try {
      const result = await action(data);
      if (result) toast(result);
      return true;
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(0, String(err));
      if (e.status === 400 && e.errors.length > 0) setErrors(e.errors);
      else setFailure({ title: failureTitle, text: e.message, tone: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { busy, errors, failure, clearFailure: () => setFailure(null), submit };
}
