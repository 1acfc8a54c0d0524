import { useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { ApiError } from '../../lib/api';
import { api } from '../../lib/api';
import { useHydrated } from '../../form-engine/hydration';

/**
 * The footer's newsletter sign-up. It posts the `newsletter` form to the API, which checks it with the shared schema
 * and answers its messages (so every page stays free of the form engine).
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
        {/* TextField's parts, not TextField: it would bring the Select into every page's first load. */}
        <FormControl
          size="small"
          error={Boolean(fieldError)}
          sx={{ flex: 1, '& .MuiOutlinedInput-root': { bgcolor: 'common.white' }, '& .MuiFormHelperText-root': { color: fieldError ? '#ffd2cc' : 'inherit', mx: 0 } }}
        >
          <InputLabel htmlFor="newsletter-email" id="newsletter-email-label">
            Your email
          </InputLabel>
          <OutlinedInput
            key={sent}
            id="newsletter-email"
            type="email"
            label="Your email"
            inputRef={input}
            autoComplete="email"
            inputProps={{ 'aria-describedby': 'newsletter-email-helper-text newsletter-help' }}
          />
          <FormHelperText id="newsletter-email-helper-text">{fieldError ?? ' '}</FormHelperText>
        </FormControl>
        <Button type="submit" variant="contained" color="secondary" disabled={busy || !hydrated} startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}>
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
