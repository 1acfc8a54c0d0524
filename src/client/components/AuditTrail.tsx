import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../shared/format/dates';
import { useWords } from '../lib/words';

export interface AuditEntry {
  action: string;
  by: string;
  at: string;
  note: string | null;
}

/** Who acted when no person did (the API's `by` for the system: a campaign closed by its end date). */
const SYSTEM = 'system';

/**
 * The audit log of a record: who decided what, when, with which note, in the page language. The API answers each
 * action as its code (`project.approve`); `actionWord` says it in words (the page's feature knows its actions), else
 * the code shows. A note is shown as it was written.
 */
export default function AuditTrail({ entries, actionWord }: { entries: AuditEntry[]; actionWord?: (action: string) => string }) {
  const { t, language } = useWords();
  if (entries.length === 0) return null;
  return (
    <Box>
      <Typography sx={{ fontWeight: 600 }}>{t('Audit log')}</Typography>
      {entries.map((h, i) => (
        <Typography key={i} variant="body2" color="text.secondary">
          {t('{when} — {action} by {by}', { when: formatDateTime(h.at, language), action: actionWord ? actionWord(h.action) : h.action, by: h.by === SYSTEM ? t('the system') : h.by })}
          {h.note ? `: ${h.note}` : ''}
        </Typography>
      ))}
    </Box>
  );
}
