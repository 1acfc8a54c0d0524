/**
 * Keeps a long form's draft on the server while the user types (debounced), so nothing is lost when they leave.
 * Images in the draft are stored once: the server answers `file:<id>` for each new image and later saves send
 * that reference instead of the image again.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api, ApiError } from '../../lib/api';
import { formatDateTime } from '../../../shared/format/dates';

type Data = Record<string, unknown>;

/** How long typing must pause before the draft is saved. */
export const DRAFT_DEBOUNCE_MS = 800;

/** Replaces image data URLs already stored with their references (deep). */
function withKnownFiles(value: unknown, known: Map<string, string>): unknown {
  if (typeof value === 'string') return value.startsWith('data:') ? (known.get(value) ?? value) : value;
  if (Array.isArray(value)) return value.map((v) => withKnownFiles(v, known));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withKnownFiles(v, known)]));
  return value;
}

/** Learns data URL → file reference pairs by walking what was sent beside what was stored. */
function learnFiles(sent: unknown, stored: unknown, known: Map<string, string>): void {
  if (typeof sent === 'string' && typeof stored === 'string') {
    if (sent.startsWith('data:') && stored.startsWith('file:')) known.set(sent, stored);
  } else if (Array.isArray(sent) && Array.isArray(stored)) {
    sent.forEach((v, i) => learnFiles(v, stored[i], known));
  } else if (sent && stored && typeof sent === 'object' && typeof stored === 'object') {
    for (const [k, v] of Object.entries(sent)) learnFiles(v, (stored as Data)[k], known);
  }
}

export interface Draft {
  /** Loads the saved draft (null when there is none, or drafts are off). */
  restore: () => Promise<Data | null>;
  /** Schedules a save of the current data. */
  save: (data: Data) => void;
  /** Deletes the draft (after a successful submit, or "start over"). */
  discard: () => Promise<void>;
  /** When the restored draft was saved. */
  restoredAt: string | null;
  /** A line for the user: saving, saved at, or why it was not saved. */
  status: string | null;
}

export function useDraft(formId: string | null): Draft {
  const [restoredAt, setRestoredAt] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const known = useRef(new Map<string, string>());
  const active = useRef(true);
  const chain = useRef<Promise<void>>(Promise.resolve());

  const pending = useRef<(() => void) | null>(null);
  useEffect(() => {
    active.current = true;
    return () => {
      active.current = false;
      // Leaving the form: what was typed in the last moments is saved now, not dropped.
      if (timer.current) clearTimeout(timer.current);
      pending.current?.();
      pending.current = null;
    };
  }, []);

  const restore = useCallback(async () => {
    if (!formId) return null;
    const answer = await api.get(`/me/drafts/${formId}`);
    if (answer.data && Object.keys(answer.data).length > 0) {
      setRestoredAt(answer.updatedAt);
      return answer.data;
    }
    return null;
  }, [formId]);

  const save = useCallback(
    (data: Data) => {
      if (!formId) return;
      if (timer.current) clearTimeout(timer.current);
      const run = () => {
        pending.current = null;
        const body = withKnownFiles(data, known.current) as Data;
        // Saves run one after another, so an older one never lands after a newer one. A save still runs after
        // the form is left; only the status line is not updated then.
        chain.current = chain.current.then(async () => {
          if (active.current) setStatus('Saving draft…');
          try {
            const answer = await api.put(`/me/drafts/${formId}`, { data: body });
            learnFiles(body, answer.data, known.current);
            if (active.current) setStatus(`Draft saved at ${formatDateTime(answer.updatedAt)}`);
          } catch (err) {
            if (active.current) setStatus(`Draft not saved: ${err instanceof ApiError ? err.message : 'unknown error'}`);
          }
        });
      };
      pending.current = run;
      timer.current = setTimeout(run, DRAFT_DEBOUNCE_MS);
    },
    [formId],
  );

  const discard = useCallback(async () => {
    if (!formId) return;
    if (timer.current) clearTimeout(timer.current);
    pending.current = null;
    await chain.current;
    try {
      await api.delete(`/me/drafts/${formId}`);
    } catch {
      // a stale draft is harmless
    }
    setRestoredAt(null);
    setStatus(null);
  }, [formId]);

  return useMemo(() => ({ restore, save, discard, restoredAt, status }), [restore, save, discard, restoredAt, status]);
}
