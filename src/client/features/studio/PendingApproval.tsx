/**
 * Four eyes in the studio (issue 31 §6), for the form and the site-content studios alike. A version waiting for
 * approval is shown to the other staff with its changes against the live version (the studio's diff) and Approve /
 * Return-with-note buttons; its author sees that it waits (and the live version stays what everyone gets), and, when
 * it comes back, the returning note. The server refuses the author's own decision and a stale one; its message shows.
 */
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ApiError } from '../../lib/api';
import type { VersionDecision } from '../../lib/forms-api';
import { formatDateTime } from '../../../shared/format/dates';
import { Loading } from '../../components/Status';
import { Diff } from './DiffPanel';
import { useWords } from '../../lib/words';
import { formatNumber } from '../../../shared/format/money';

/** One document compared: a label and the live and proposed texts. */
export interface Sides {
  label: string;
  live: string;
  proposed: string;
}


export interface PendingApprovalProps {
  /** Every version of the document, newest first (as the version lists answer). */
  versions: readonly VersionDecision[] | null;
  /** The live version's number. */
  live: number;
  /** The texts to compare for a version waiting (the live one's and its own). */
  load: (version: number) => Promise<Sides[]>;
  /** Approves (true) or returns (false) a version with a note; throws the server's refusal. */
  decide: (version: number, approve: boolean, note: string) => Promise<unknown>;
  /** After a decision: the version and whether it went live. */
  onDecided: (version: number, approved: boolean) => void;
  /** The author takes a returned version back into their draft, to change it and publish again. */
  onContinue: (version: number) => void;
}

/** What the newest version asks of the person looking, if anything: decide it, wait for it, or read its return. */
export default function PendingApproval({ versions, live, load, decide, onDecided, onContinue }: PendingApprovalProps) {
  const { t, language } = useWords();
  const newest = versions?.[0];
  if (!newest || newest.version <= live) return null;
  if (newest.status === 'returned' && newest.mine) {
    return (
      <Alert
        severity="warning"
        role="note"
        sx={{ mb: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => onContinue(newest.version)}>
            {t('Edit it in my draft')}
          </Button>
        }
      >
        <AlertTitle>{t('Version {version} was returned to you', { version: formatNumber(newest.version, language) })}</AlertTitle>
        {newest.decidedAt
          ? t('{who} returned it on {when}: “{note}”. Version {live} stays live. Take it into your draft, change it and publish again.', {
              who: newest.decidedBy ?? t('Another staff member'),
              when: formatDateTime(newest.decidedAt, language),
              note: newest.decisionNote ?? '',
              live: formatNumber(live, language),
            })
          : t('{who} returned it: “{note}”. Version {live} stays live. Take it into your draft, change it and publish again.', {
              who: newest.decidedBy ?? t('Another staff member'),
              note: newest.decisionNote ?? '',
              live: formatNumber(live, language),
            })}
      </Alert>
    );
  }
  if (newest.status !== 'pending_approval') return null;
  return <Waiting key={newest.version} v={newest} live={live} load={load} decide={decide} onDecided={onDecided} />;
}

function Waiting({ v, live, load, decide, onDecided }: Omit<PendingApprovalProps, 'versions' | 'onContinue'> & { v: VersionDecision }) {
  const { t, language } = useWords();
  const n = (x: number) => formatNumber(x, language);
  const [sides, setSides] = useState<Sides[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    load(v.version).then(setSides, (e: unknown) => setLoadError((e as Error).message));
  }, [load, v.version]);

  async function go(approve: boolean): Promise<void> {
    if (!approve && !note.trim()) {
      setNoteError(true);
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      await decide(v.version, approve, note.trim());
      onDecided(v.version, approve);
    } catch (e) {
      setRefusal(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  const by = `${v.publishedBy ?? t('someone')}, ${formatDateTime(v.publishedAt, language)}`;
  return (
    <Paper variant="outlined" component="section" aria-label={t('Waiting for approval')} sx={{ p: 2, mb: 2, borderColor: 'warning.main' }}>
      <Typography variant="h6" component="h3">
        {v.mine ? t('Your version {version} is waiting for approval', { version: n(v.version) }) : t('Version {version} is waiting for your approval', { version: n(v.version) })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {v.mine ? t('Another staff member approves it or returns it with a note.') : t('Published by {by}.', { by })}{' '}
        {t('Until then version {live} stays live.', { live: n(live) })}
        {v.note ? ` ${t('Note: “{note}”', { note: v.note })}` : ''}
      </Typography>
      {loadError && <Alert severity="error">{loadError}</Alert>}
      {!sides && !loadError && <Loading label={t('Loading the changes…')} />}
      {sides?.map((s) => <Diff key={s.label} label={s.label} published={s.live} draft={s.proposed} sides={[t('Live now'), t('Waiting for approval')]} />)}
      {refusal && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {refusal}
        </Alert>
      )}
      {!v.mine && (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            label={t('Note (required to return it)')}
            value={note}
            onChange={(e) => {
              setNote(e.target.value);
              setNoteError(false);
            }}
            error={noteError}
            helperText={noteError ? t('Say what should change: the author reads this') : t('The author reads it; it is kept in the history')}
            sx={{ flex: '1 1 240px' }}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
            <Button variant="contained" color="success" disabled={busy} onClick={() => void go(true)}>
              {t('Approve')}
            </Button>
            <Button variant="outlined" disabled={busy} onClick={() => void go(false)}>
              {t('Return with note')}
            </Button>
          </Box>
        </Box>
      )}
    </Paper>
  );
}
