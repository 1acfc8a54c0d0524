/**
 * Above the agreement request form (issue 31 §4): the risk statement, inline, until the person has acknowledged its
 * current version; ticking "I have read and understand the risks" records the acknowledgment (the statement's
 * version and the time) and lets the form send. Once acknowledged, one line says when, with the statement a click
 * away. Nothing is shown where the installation does not require it (RISK_ACK_REQUIRED=0).
 */
import { useEffect, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type {  RiskStatementView } from '../../../../shared/api/views';
import { formatDateTime } from '../../../../shared/format/dates';
import { api, ApiError } from '../../../lib/api';
import { useApi } from '../../../lib/use-api';

/** What the form says when it is sent before the statement is acknowledged (FormScreen shows it). */
export const RISK_ACK_NEEDED = 'Please read the risk statement above and tick “I have read and understand the risks” before you send the request.';
const SAVE_FAILED = 'Your acknowledgment was not recorded';

function Statement({ statement, headingId }: { statement: RiskStatementView; headingId: string }) {
  return (
    <>
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        {statement.title}
      </Typography>
      <Typography sx={{ mb: 1 }}>{statement.intro}</Typography>
      <Box component="ul" sx={{ pl: 2.5, my: 1, display: 'grid', gap: 0.75 }}>
        {statement.points.map((p) => (
          <Typography component="li" key={p} variant="body2">
            {p}
          </Typography>
        ))}
      </Box>
    </>
  );
}

/** `onBlocked`: told whether the form must wait (null: it may send); `refresh`: changes to read the state again. */
export default function RiskAcknowledgment({ onBlocked, refresh }: { onBlocked: (reason: string | null) => void; refresh: number }) {
  const { data, error, reload } = useApi('/me/risk-acknowledgment');
  const [busy, setBusy] = useState(false);
  const [ticked, setTicked] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const headingId = useId();

  useEffect(() => {
    if (refresh > 0) reload();
    // Read again only when the form asks (a refusal that may mean the statement changed).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refresh]);

  const blocked = data ? data.required && !data.current : false;
  useEffect(() => {
    onBlocked(blocked ? RISK_ACK_NEEDED : null);
  }, [blocked, onBlocked]);

  if (error) return <Alert severity="warning" sx={{ mb: 2 }}>The risk statement could not be loaded: {error.message}</Alert>;
  if (!data || !data.required) return null;
  const { statement } = data;

  if (data.current) {
    return (
      <Alert severity="success" sx={{ mb: 2 }} data-testid="risk-acknowledged" action={<Button color="inherit" size="small" onClick={() => setOpen((o) => !o)} aria-expanded={open}>{open ? 'Hide' : 'Read it again'}</Button>}>
        You acknowledged the risk statement on {formatDateTime(data.acknowledgedAt!)}.
        {open && (
          <Box sx={{ mt: 1 }}>
            <Statement statement={statement} headingId={headingId} />
          </Box>
        )}
      </Alert>
    );
  }

  const acknowledge = async () => {
    setTicked(true);
    setBusy(true);
    setFailure(null);
    try {
      await api.post('/me/risk-acknowledgment', { version: statement.version, language: statement.language });
    } catch (e) {
      setTicked(false);
      setFailure(`${SAVE_FAILED}: ${e instanceof ApiError ? e.message : String(e)}`);
    } finally {
      setBusy(false);
      // Read the state again either way: acknowledged, or the statement changed and must be read anew.
      reload();
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} data-testid="risk-statement" sx={{ p: { xs: 2, sm: 2.5 }, mb: 3, borderColor: 'warning.main', borderWidth: 2 }}>
      <Statement statement={statement} headingId={headingId} />
      <FormControlLabel
        sx={{ alignItems: 'flex-start', mr: 0, mt: 1 }}
        control={<Checkbox checked={ticked} disabled={busy} onChange={(e) => e.target.checked && void acknowledge()} sx={{ mt: -0.75 }} />}
        label={<Typography sx={{ fontWeight: 600 }}>{statement.acknowledge}</Typography>}
      />
      {failure && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      )}
    </Paper>
  );
}
