import { useState } from 'react';
import type { ApiError } from '../../lib/api';
import type { Message } from '../../components/MessageDialog';

/** A refusal, said on the card of the item it concerns. */
export function useFailures() {
  const [failures, setFailures] = useState<Record<string, Message>>({});
  return {
    failureOf: (id: string) => failures[id] ?? null,
    fail: (id: string, title: string, e: unknown) => setFailures((f) => ({ ...f, [id]: { title, text: (e as ApiError).message, tone: 'error' } })),
    clear: (id: string) => setFailures(({ [id]: _cleared, ...rest }) => rest),
  };
}
