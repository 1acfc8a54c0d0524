import { useRef, useState, type FormEvent } from 'react';
import type { ApiError } from '../../lib/api';
import { api } from '../../lib/api';
import { useSubmitAttributes } from '../../form-engine/hydration';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { useWords } from '../../lib/words';

/**
 * The footer's newsletter sign-up. It posts the `newsletter` form to the API, which checks it with the shared schema
 * and answers its messages (so every page stays free of the form engine).
 *
 * It is drawn in plain CSS (src/client/ui/site.css), the input the browser's own in Material's outlined look: the
 * footer is on every page, and Material's input parts would be about 7 kB gzip that a page to read loads for this
 * one field. The forms load them anyway.
 */
export default function Newsletter() {
  // The input keeps its own text (read when the form is sent): on a server-rendered page a visitor may type before
  // the page's code has run, and a controlled input would lose those keys when React takes it over. The button waits
  // for that moment, since the bare HTML form would otherwise reload the page.
  const input = useRef<HTMLInputElement>(null);
  const [sent, setSent] = useState(0);
  const submitAttributes = useSubmitAttributes();
  const [busy, setBusy] = useState(false);
  const { t } = useWords();
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setFieldError(null);
    setResult(null);
    try {
      const answer = await api.post('/newsletter', { email: (input.current?.value ?? '').trim() });
      setResult({ ok: true, text: answer.message });
      // A fresh, empty input (its label back in place).
      setSent((n) => n + 1);
    } catch (err) {
      const e2 = err as ApiError;
      const onField = e2.errors?.find((x) => x.path === '/email');
      if (onField) setFieldError(onField.message);
      else setResult({ ok: false, text: e2.message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-label={t('Newsletter sign-up')}>
      <div className="newsletter-row">
        <div className="newsletter-field">
          <label htmlFor="newsletter-email" className="visually-hidden">
            {t('Your email')}
          </label>
          <input
            key={sent}
            id="newsletter-email"
            className="newsletter-input"
            type="email"
            placeholder={t('Your email')}
            ref={input}
            autoComplete="email"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby="newsletter-email-helper-text newsletter-help"
          />
          <p id="newsletter-email-helper-text" className={fieldError ? 'newsletter-helper newsletter-helper-error' : 'newsletter-helper'}>
            {fieldError ?? ' '}
          </p>
        </div>
        <Button
          // A plain button until the code has the form (/boot.js holds a press meanwhile), as the form engine's submit.
          {...submitAttributes}
          variant="contained"
          color="secondary"
          className="newsletter-submit"
          disabled={busy}
          startIcon={busy ? <span className="spinner spinner-small" aria-hidden="true" /> : undefined}
        >
          {t('Subscribe')}
        </Button>
      </div>
      <div id="newsletter-help" role="status" aria-live="polite">
        {result && (
          <Notice tone={result.ok ? 'success' : 'error'} style={{ marginTop: 8 }}>
            {result.text}
          </Notice>
        )}
      </div>
    </form>
  );
}
