import { useState } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { api, ApiError } from '../../lib/api';
import { useApi } from '../../lib/use-api';
import { useWords } from '../../lib/words';

/**
 * Which kinds of notice are also sent by e-mail, and by SMS for the kinds sent that way; each box saves as it is changed.
 * Each kind's label comes from the API in the request's language (the page's: the same `lang` cookie decides both).
 */
export default function NoticePreferencesCard() {
  const { t } = useWords();
  const state = useApi('/me/notice-preferences');
  const [error, setError] = useState<string | null>(null);
  const toggle = async (channel: 'email' | 'sms', kind: string, on: boolean) => {
    setError(null);
    try {
      await api.put('/me/notice-preferences', { [channel]: { [kind]: on } });
      state.reload();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('E-mail and SMS notices')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('Send me an e-mail when… (notices always appear here in the dashboard).')}
        </Typography>
        {state.error ? <Typography color="error">{state.error.message}</Typography> : null}
        {error ? (
          <Typography color="error" role="alert">
            {error}
          </Typography>
        ) : null}
        <FormGroup>
          {state.data?.kinds.map((k) => (
            <FormControlLabel key={k.kind} control={<Checkbox checked={k.email} onChange={(e) => void toggle('email', k.kind, e.target.checked)} />} label={k.label} />
          ))}
        </FormGroup>
        {state.data?.kinds.some((k) => k.sms !== null) && (
          <>
            <Typography color="text.secondary" sx={{ mt: 2, mb: 1 }}>
              {t('Send me an SMS when…')}
            </Typography>
            <FormGroup>
              {state.data.kinds
                .filter((k) => k.sms !== null)
                .map((k) => (
                  <FormControlLabel
                    key={k.kind}
                    control={<Checkbox checked={Boolean(k.sms)} onChange={(e) => void toggle('sms', k.kind, e.target.checked)} slotProps={{ input: { 'aria-label': t('SMS: {label}', { label: k.label }) } }} />}
                    label={k.label}
                  />
                ))}
            </FormGroup>
          </>
        )}
      </CardContent>
    </Card>
  );
}
