import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../shared/format/dates';

export interface AuditEntry {
  action: string;
  by: string;
  at: string;
  note: string | null;
}

/** The audit log of a record: who decided what, when, with which note. */
export default function AuditTrail({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <Box>
      <Typography sx={{ fontWeight: 600 }}>Audit log</Typography>
      {entries.map((h, i) => (
        <Typography key={i} variant="body2" color="text.secondary">
          {formatDateTime(h.at)} — {h.action} by {h.by}
          {h.note ? `: ${h.note}` : ''}
        </Typography>
      ))}
    </Box>
  );
}
