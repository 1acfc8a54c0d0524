/**
 * What a page does around a form it sends itself (a dialog, a staff decision): the busy flag, the server's field
 * errors (shown under the fields), a network notice (what was typed stays) and a popup for any other refusal.
 */
import { useState } from 'react';
import type { FieldError } from '../../../shared/validation/errors';
import { ApiError } from '../../lib/api';
import type { Message } from '../../components/MessageDialog';

export interface Submit<T> {
  busy: boolean;
  errors: FieldError[];
  notice: string | null;
  message: Message | null;
  setMessage: (m: Message | null) => void;
  /** Runs the action; its returned message (if any) is shown as a popup. */
  submit: (data: T) => Promise<void>;
}

export function useSubmit<T>(action: (data: T) => Promise<Message | void>, failureTitle: string): Submit<T> {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [message, setMessage] = useState<Message | null>(null);

  async function submit(data: T): Promise<void> {
    if (busy) return;
    setBusy(true);
    setErrors([]);
    setNotice(null);
    try {
      const result = await action(data);
      if (result) setMessage(result);
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(0, String(err));
      if (e.network) setNotice(e.message);
      else if (e.status === 400 && e.errors.length > 0) setErrors(e.errors);
      else setMessage({ title: failureTitle, text: e.message, tone: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return { busy, errors, notice, message, setMessage, submit };
}
