/**
 * Staff: the scheduled jobs — what each does, when it runs, and how its last run went (closing campaigns, overdue
 * instalments, unpaid pledges, purging). A failed run says why; the next slot runs the job again.
 */
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useApi } from '../../lib/use-api';
import { ApiItems, EmptyState } from '../../components/Status';
import { formatDateTime } from '../../../shared/format/dates';

interface JobStatus {
  name: string;
  schedule: string;
  description: string;
  lastRun: { startedAt: string; finishedAt: string | null; ok: boolean | null; result: string | null } | null;
}

export default function StaffJobsPage() {
  const state = useApi<{ items: JobStatus[] }>('/staff/jobs');
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        These run by themselves on a clock, once across all server processes. Times are Dhaka time.
      </Typography>
      <ApiItems state={state} empty={<EmptyState title="No scheduled jobs." />}>
        {(items) => (
          <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small" aria-label="Scheduled jobs">
              <TableHead>
                <TableRow>
                  <TableCell>Job</TableCell>
                  <TableCell>Last run</TableCell>
                  <TableCell>Result</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((j) => (
                  <TableRow key={j.name}>
                    <TableCell>
                      <Typography sx={{ fontWeight: 600 }}>{j.name}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {j.description}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{j.lastRun ? formatDateTime(j.lastRun.startedAt) : 'Not run yet'}</TableCell>
                    <TableCell>
                      {j.lastRun && (
                        <Chip size="small" label={j.lastRun.ok === false ? 'Failed' : j.lastRun.ok ? 'OK' : 'Running'} color={j.lastRun.ok === false ? 'error' : j.lastRun.ok ? 'success' : 'default'} sx={{ mr: 1 }} />
                      )}
                      {j.lastRun?.result ?? ''}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </ApiItems>
    </>
  );
}
