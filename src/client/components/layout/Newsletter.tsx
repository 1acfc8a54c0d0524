import { useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import visuallyHidden from '@mui/utils/visuallyHidden';
import type { ApiError } from '../../lib/api';
import { api } from '../../lib/api';
import { useHydrated } from '../../form-engine/hydration';

/**
 * The footer's newsletter sign-up. It posts the `newsletter` form to the API, which checks it with the shared schema
 * and answers its messages (so every page stays free of the form engine).
 *
 * The input is the browser's own, styled here, not Material's outlined input: the footer is on every page, and
 * Material's input parts (FormControl, InputLabel, OutlinedInput, InputBase with its autosizing textarea,
 * FormHelperText) are about 7 kB gzip that a page to read would load for this one field. The forms load them anyway.
 */
export default function Newsletter() {
  // The input keeps its own text (read when the form is sent): on a server-rendered page a visitor may type before
  // the page's code has run, and a controlled input would lose those keys when React takes it over. The button waits
  // for that moment, since the bare HTML form would otherwise reload the page.
  const input = useRef<HTMLInputElement>(null);
  const [sent, setSent] = useState(0);
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setFieldError(null);
    setResult(null);
    try {
      const answer = await api.post<{ message: string }>('/newsletter', { email: (input.current?.value ?? '').trim() });
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
    <Box component="form" noValidate onSubmit={submit} aria-label="Newsletter sign-up">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box component="label" htmlFor="newsletter-email" sx={visuallyHidden}>
            Your email
          </Box>
          <Box
            component="input"
            key={sent}
            id="newsletter-email"
            type="email"
            placeholder="Your email"
            ref={input}
            autoComplete="email"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby="newsletter-email-helper-text newsletter-help"
            sx={{
              display: 'block',
              width: '100%',
              boxSizing: 'border-box',
              height: 40,
              px: 1.75,
              font: 'inherit',
              fontSize: 16,
              color: 'text.primary',
              bgcolor: 'common.white',
              border: '1px solid',
              borderColor: fieldError ? 'error.main' : 'rgba(0, 0, 0, 0.23)',
              borderRadius: 1,
              outline: 'none',
              '&::placeholder': { color: 'text.secondary', opacity: 1 },
              // The focus ring of the dark footer (white), drawn as Material draws a focused input: a 2 px border.
              '&:focus': { borderColor: 'secondary.main', boxShadow: (t) => `0 0 0 1px ${t.palette.secondary.main}` },
            }}
          />
          <Box component="p" id="newsletter-email-helper-text" sx={{ m: 0, mt: 0.5, minHeight: '1.66em', fontSize: 12, lineHeight: 1.66, color: fieldError ? '#ffd2cc' : 'inherit' }}>
            {fieldError ?? ' '}
          </Box>
        </Box>
        <Button
          type="submit"
          variant="contained"
          color="secondary"
          disabled={busy || !hydrated}
          // Material's disabled look is dark grey, unseen on the dark footer.
          sx={{ '&.Mui-disabled': { bgcolor: 'rgba(255, 255, 255, 0.16)', color: 'rgba(255, 255, 255, 0.7)' } }}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}>
          Subscribe
        </Button>
      </Box>
      <Box id="newsletter-help" role="status" aria-live="polite">
        {result && (
          <Alert severity={result.ok ? 'success' : 'error'} sx={{ mt: 1 }}>
            {result.text}
          </Alert>
        )}
      </Box>
    </Box>
  );
}
