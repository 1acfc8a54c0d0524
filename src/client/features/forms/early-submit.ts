/**
 * A form that may be sent before the page's code has arrived (a screen's `submit.early`: the sign-in, which a password
 * manager fills and a person sends at once, while the form's code, twice a page to read's, is still on its way to a
 * phone). The server draws the form inside a box naming where it goes and which fields it sends; /boot.js, on Enter or
 * a press of its submit before the code has the form, posts those fields as JSON at once (when none it needs is
 * empty) and keeps the answer on `window.__sentEarly`, saying so with a `sent-early` event. The code, once it has the
 * screen, takes that answer as its own submit's: the request leaves once, and a refusal (the server checks the body
 * with the same schema and messages) reads as any other.
 */
import { useEffect, useRef } from 'react';
import type { Screen } from '../../config';
import { API_BASE, takeSentEarly } from '../../lib/api';

type Data = Record<string, unknown>;

/**
 * The attributes of the box around a form /boot.js may send early, or undefined when it may not: only a POST, and only
 * a form whose every field is a top-level text (what its inputs hold is then the body, as they show it).
 */
export function earlySendAttributes(screen: Screen, schema: unknown, apiPath: string | null): Record<string, string> | undefined {
  const submit = screen.submit;
  if (!submit?.early || submit.method !== 'POST' || apiPath === null || !schema || typeof schema !== 'object') return undefined;
  const properties = (schema as { properties?: unknown }).properties;
  if (!properties || typeof properties !== 'object') return undefined;
  const fields = Object.entries(properties as Record<string, unknown>);
  const text = (field: unknown) => !!field && typeof field === 'object' && (field as { type?: unknown }).type === 'string';
  if (fields.length === 0 || !fields.every(([, field]) => text(field))) return undefined;
  const rename = submit.rename ?? {};
  return {
    'data-send-early': API_BASE + apiPath,
    'data-send-fields': fields.map(([name]) => `${name}:${rename[name] ?? name}`).join(' '),
  };
}

/**
 * Takes the answer of a form /boot.js sent to `apiPath` early (now, or when it says it has), once, and hands it to
 * `settle` with the values it sent, as the form's own submit would. Off when `apiPath` is null.
 */
export function useSentEarly(apiPath: string | null, settle: (answer: Promise<Data>, data: Data) => void): void {
  const latest = useRef(settle);
  latest.current = settle;
  useEffect(() => {
    if (apiPath === null) return;
    const take = () => {
      const sent = takeSentEarly<Data>(apiPath);
      if (sent) latest.current(sent.answer, sent.data);
    };
    take();
    addEventListener('sent-early', take);
    return () => removeEventListener('sent-early', take);
  }, [apiPath]);
}
