/**
 * Verify OTP: the 4-digit code form (verify-otp, the phone carried from sign-up in navigation state), a countdown
 * to the moment a new code may be asked, and Resend OTP once it reaches zero. The server says how long that is
 * (POST /auth/user/otp-cooldown: its OTP_RESEND_SECONDS from the last code sent), so arriving from sign-up, coming
 * back later or reloading all count down from the time really left. Resending stays on this page and restarts the
 * timer from the server's answer; a right code signs the user in and opens the dashboard (after the spec's Welcome
 * popup). A wrong or expired code is said under the code field — it is about the code, not a failed login — and a
 * refused resend beside the Resend button.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SchemaForm } from '../../form-engine';
import type { VerifyOtpForm } from '../../../shared/generated/form-types';
import type { FieldError } from '../../../shared/validation/errors';
import type { ApiError } from '../../lib/api';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { formatPhone } from '../../../shared/phone/phone.js';
import MessageDialog, { type Message } from '../../components/MessageDialog';
import { useToast } from '../../components/Toast';
import type { PageProps } from '../../config';
import { useWords } from '../../lib/words';

/** Seconds as mm:ss. */
export function mmss(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** A countdown to a deadline set by `restart(seconds)`; `left` is null until the first restart (not known yet). */
function useCountdown() {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (deadline === null) return;
    const tick = () => setLeft(Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
    tick();
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [deadline]);
  const restart = useCallback((seconds: number) => setDeadline(Date.now() + seconds * 1000), []);
  return { left, restart };
}

export default function OtpPage({ screen }: PageProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const carried = ((location.state as { phone?: string } | null)?.phone ?? '').trim();
  const [phone, setPhone] = useState<string>(carried);
  const [phoneInput, setPhoneInput] = useState('');
  const { left, restart } = useCountdown();
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [resendFailure, setResendFailure] = useState<string | null>(null);
  const toast = useToast();
  const { t } = useWords();
  // The phone goes where the language puts it in the sentence.
  const sentTo = t('We sent a 4-digit code to {phone}.').split('{phone}');

  // How long until a new code may be asked for this phone, as the server counts it (a code was just sent by sign-up,
  // or a while ago before a reload). If it cannot be asked, Resend OTP is offered: the server still enforces the wait.
  useEffect(() => {
    if (!phone) return;
    let live = true;
    api.post('/auth/user/otp-cooldown', { phone }).then(
      (a) => live && restart(a.resendInSeconds),
      () => live && restart(0),
    );
    return () => {
      live = false;
    };
  }, [phone, restart]);

  async function verify(data: VerifyOtpForm) {
    setBusy(true);
    setNotice(null);
    setServerErrors([]);
    try {
      const answer = await api.patch('/auth/user/verify-otp', data);
      await signIn(answer.token);
      setNext('/dashboard/dashboardBtn');
      setMessage({ title: t('Welcome'), text: answer.message, tone: 'success' });
    } catch (err) {
      const e = err as ApiError;
      if (e.network) setNotice(e.message);
      else if (e.status === 400 && e.errors.length) setServerErrors(e.errors);
      // Wrong, expired or locked: the server's reason is about the code, so it goes under the code field.
      else setServerErrors([{ path: '/otp', message: e.message }]);
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    setResending(true);
    setNotice(null);
    setResendFailure(null);
    try {
      const answer = await api.post('/auth/user/resend-otp', { phone });
      restart(answer.resendInSeconds);
      toast({ title: t('OTP has been resent!'), text: t('A new code is on its way to {phone}.', { phone: formatPhone(phone) }), tone: 'success' });
    } catch (err) {
      const e = err as ApiError;
      if (e.network) setNotice(e.message);
      else if (e.status === 429 && e.retryAfterSeconds) {
        // The last code (from sign-up or a resend) is still inside the server's cooldown: count down to its end.
        restart(e.retryAfterSeconds);
        setResendFailure(e.message);
      } else setResendFailure(e.message);
    } finally {
      setResending(false);
    }
  }

  function usePhone(e: FormEvent) {
    e.preventDefault();
    if (phoneInput.trim()) setPhone(phoneInput.trim());
  }

  return (
    <Paper elevation={2} sx={{ p: { xs: 2.5, sm: 4 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t(screen.title)}
      </Typography>
      {!phone ? (
        <Box component="form" onSubmit={usePhone} noValidate>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('Enter the phone number you signed up with. Then type the code we sent, or ask for a new one.')}
          </Typography>
          <TextField label={t('Phone Number')} value={phoneInput} onChange={(e) => setPhoneInput(e.target.value)} fullWidth autoComplete="tel" required sx={{ mb: 2 }} />
          <Button type="submit" variant="contained">
            {t('Continue')}
          </Button>
        </Box>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {sentTo[0]}
            <strong>{formatPhone(phone)}</strong>
            {sentTo[1]}
          </Typography>
          {notice && (
            <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
              {notice}
            </Alert>
          )}
          <SchemaForm formId="verify-otp" initialData={{ phone }} onSubmit={verify} busy={busy} serverErrors={serverErrors} hideTitle />
          <Box sx={{ mt: 3, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            {/* Not a live region: a screen reader would read every second. The line beside it is. */}
            <Typography component="span" sx={{ fontVariantNumeric: 'tabular-nums', fontSize: 20, fontWeight: 600, minWidth: '5ch' }} aria-hidden data-testid="otp-timer">
              {left === null ? '' : mmss(left)}
            </Typography>
            <Box aria-live="polite">
              {left === null ? null : left > 0 ? (
                <Typography color="text.secondary">{t('You can resend after timer ends')}</Typography>
              ) : (
                <Button variant="outlined" onClick={resend} disabled={resending}>
                  {t('Resend OTP')}
                </Button>
              )}
            </Box>
          </Box>
          {resendFailure && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {resendFailure}
            </Alert>
          )}
        </>
      )}
      <MessageDialog
        message={message}
        onClose={() => {
          setMessage(null);
          if (next) navigate(next, { replace: true });
        }}
      />
    </Paper>
  );
}
