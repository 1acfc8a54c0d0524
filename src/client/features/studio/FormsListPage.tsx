/**
 * Staff: the form studio's list — every form with its current version, who published it and when, how many
 * submissions each version has, and the drafts staff are working on. Each opens the form's editor.
 */
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useApi } from '../../lib/use-api';
import type { FormSummary } from '../../lib/forms-api';
import { EmptyState, ErrorState, Loading } from '../../components/Status';
import { formatDateTime } from '../../../shared/format/dates';
import { draftsLine, submissionsLine } from './words';

export default function FormsListPage() {
  const state = useApi<FormSummary[]>('/forms');
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Change a form&apos;s fields, rules and messages, preview it, test it with sample data and publish it. Published
        versions take effect at once for everyone; every submission keeps the version it was made with.
      </Typography>
      {state.loading ? (
        <Loading label="Loading the forms…" />
      ) : state.error ? (
        <ErrorState message={state.error.message} onRetry={state.reload} />
      ) : !state.data?.length ? (
        <EmptyState title="No forms yet." />
      ) : (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflowX: 'auto' }}>
          <Table size="small" aria-label="Forms">
            <TableHead>
              <TableRow>
                <TableCell>Form</TableCell>
                <TableCell>Version</TableCell>
                <TableCell>Published</TableCell>
                <TableCell>Submissions</TableCell>
                <TableCell>Drafts</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {state.data.map((f) => (
                <TableRow key={f.formId}>
                  <TableCell>
                    <Link component={RouterLink} to={`/staff/forms/${encodeURIComponent(f.formId)}`} sx={{ fontWeight: 600 }}>
                      {f.title || f.formId}
                    </Link>
                    <Typography variant="body2" color="text.secondary" component="div">
                      <code>{f.formId}</code>
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Chip size="small" label={`v${f.version}`} />
                    {f.pending && (
                      <Typography variant="body2" color="warning.dark" component="div" sx={{ mt: 0.5 }}>
                        v{f.pending.version} waiting for {f.pending.mine ? 'approval' : 'your approval'}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ minWidth: 150 }}>
                    {f.publishedAt ? (
                      <>
                        <Box>{formatDateTime(f.publishedAt)}</Box>
                        <Typography variant="body2" color="text.secondary">
                          {f.publishedBy ? `by ${f.publishedBy}` : 'from the files'}
                        </Typography>
                      </>
                    ) : (
                      'From the files'
                    )}
                  </TableCell>
                  <TableCell sx={{ minWidth: 120 }}>{submissionsLine(f.submissions)}</TableCell>
                  <TableCell sx={{ minWidth: 140 }}>{draftsLine(f.drafts)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}
