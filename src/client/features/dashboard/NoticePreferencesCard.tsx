import { useState } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { api, ApiError } from '../../lib/api';
import { useApi } from '../../lib/use-api';
import { useWords, type Words } from '../../lib/words';

/** A kind of notice as Settings names it, in the page language (the API gives its English label). */
function kindLabel(kind: string, label: string, t: Words['t']): string {
  switch (kind) {
    case 'verification_decided':
      return t('My identity verification is decided');
    case 'project_decided':
      return t('My project is approved or rejected');
    case 'shariah_review':
      return t("My project's Shariah review is recorded");
    case 'proposal_received':
      return t('My project receives a proposal');
    case 'proposal_decided':
      return t('A proposal I sent or received is decided');
    case 'invest_request':
      return t('A project owner sends me a Request For Invest');
    case 'instalment_due':
      return t('An instalment is due soon, due today, overdue or in default');
    case 'instalment_paid':
      return t('An instalment owed to me is marked paid');
    case 'instalment_confirmed':
      return t('An investor confirms an instalment I paid');
    case 'donation_confirmed':
      return t('My donation is confirmed');
    case 'contact_shared':
      return t('An investor shares their contact details with me');
    case 'goal_not_reached':
      return t('An all-or-nothing campaign I own or backed misses its goal, and my money from it is returned');
    default:
      return label;
  }
}

/** Which kinds of notice are also sent by e-mail, and by SMS for the kinds sent that way; each box saves as it is changed. */
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
            <FormControlLabel key={k.kind} control={<Checkbox checked={k.email} onChange={(e) => void toggle('email', k.kind, e.target.checked)} />} label={kindLabel(k.kind, k.label, t)} />
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
                    control={<Checkbox checked={Boolean(k.sms)} onChange={(e) => void toggle('sms', k.kind, e.target.checked)} slotProps={{ input: { 'aria-label': t('SMS: {label}', { label: kindLabel(k.kind, k.label, t) }) } }} />}
                    label={kindLabel(k.kind, k.label, t)}
                  />
                ))}
            </FormGroup>
          </>
        )}
      </CardContent>
    </Card>
  );
}
