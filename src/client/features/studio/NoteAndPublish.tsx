/** The note for a new version and the Publish button, shared by the form and the site-content studios. */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { useWords } from '../../lib/words';

export interface NoteAndPublishProps {
  disabled: boolean;
  /** The note's help while nothing is wrong. */
  help?: string;
  /** Publishes with the note; true when it was published (the note is then cleared). */
  publish: (note: string) => Promise<boolean>;
}

export default function NoteAndPublish({ disabled, help, publish }: NoteAndPublishProps) {
  const { t } = useWords();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState(false);
  const [busy, setBusy] = useState(false);

  async function go(): Promise<void> {
    if (!note.trim()) {
      setNoteError(true);
      return;
    }
    setBusy(true);
    try {
      if (await publish(note.trim())) setNote('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <TextField
        label={t('Note for this version')}
        value={note}
        onChange={(e) => {
          setNote(e.target.value);
          setNoteError(false);
        }}
        error={noteError}
        helperText={noteError ? t('Say what changed and why') : (help ?? t('What changed and why (shown in the history)'))}
        sx={{ flex: '1 1 240px' }}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
      <Button variant="contained" onClick={() => void go()} disabled={busy || disabled} aria-busy={busy} startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined} sx={{ mt: 1 }}>
        {t('Publish')}
      </Button>
    </Box>
  );
}
