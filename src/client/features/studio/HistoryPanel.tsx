/**
 * A form's versions, newest first, with their notes, authors, submissions and where each stands (waiting for
 * approval, returned, superseded). "Restore" (named "Restore version N") publishes a version that was live once
 * again as a new version (rolling back), after a confirmation; it waits for approval like any publish.
 */
import ActionsHeaderCell from '../../components/ActionsHeaderCell';
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useApi } from '../../lib/use-api';
import { ApiError } from '../../lib/api';
import { getFormVersion, publishForm, type FormVersionSummary, type Published } from '../../lib/forms-api';
import { decisionLine, STATUS_LABEL, wentLive } from './words';
import { useConfirm } from '../../components/ConfirmDialog';
import { ErrorState, Loading } from '../../components/Status';
import { formatDateTime } from '../../../shared/format/dates';

export default function HistoryPanel({ formId, current, refreshKey, onRestored }: { formId: string; current: number; refreshKey: number; onRestored: (published: Published) => void }) {
  const state = useApi<FormVersionSummary[]>(`/forms/${encodeURIComponent(formId)}/versions`);
  const { reload } = state;
  // A publish elsewhere on the page adds a version.
  useEffect(() => {
    if (refreshKey > 0) reload();
  }, [refreshKey, reload]);
  const { confirm, dialog } = useConfirm();
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function restore(v: FormVersionSummary): Promise<void> {
    const yes = await confirm({
      title: `Restore version ${v.version}?`,
      text: 'Its schema and ui-schema are published again as a new version: everyone gets them once it is live (after another staff member approves it, when approval is required); submissions keep the version they were made with.',
      confirmText: `Restore version ${v.version}`,
    });
    if (!yes) return;
    setBusy(v.version);
    setError(null);
    try {
      const old = await getFormVersion(formId, v.version);
      // Its words in other languages come back with it (without them the live version's would be kept).
      onRestored(await publishForm(formId, { baseVersion: current, schema: old.schema, uiSchema: old.uiSchema, translations: old.translations, note: `Restored version ${v.version}` }));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  }

  if (state.loading) return <Loading label="Loading the versions…" />;
  if (state.error) return <ErrorState message={state.error.message} onRetry={state.reload} />;
  return (
    <>
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          Not restored: {error}
        </Alert>
      )}
      {/* Three columns that wrap (the note and who published it share one), so the table fits the editor's column at
          any width and Restore is always in view. */}
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label="Versions" sx={{ tableLayout: 'auto' }}>
          <TableHead>
            <TableRow>
              <TableCell>Version</TableCell>
              <TableCell>Note, publication and submissions</TableCell>
              <ActionsHeaderCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(state.data ?? []).map((v) => (
              <TableRow key={v.version}>
                <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                  v{v.version} {v.version === current ? <Chip size="small" color="success" label="Current" /> : !wentLive(v) && <Chip size="small" color={v.status === 'pending_approval' ? 'warning' : 'default'} label={STATUS_LABEL[v.status]} />}
                </TableCell>
                <TableCell sx={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>
                  <Box>{v.note || '—'}</Box>
                  <Box sx={{ color: 'text.secondary', fontSize: 13, mt: 0.5 }}>
                    {formatDateTime(v.publishedAt)}
                    {v.publishedBy ? ` by ${v.publishedBy}` : ''} · {v.submissions} submission{v.submissions === 1 ? '' : 's'}
                  </Box>
                  {decisionLine(v) && <Box sx={{ color: 'text.secondary', fontSize: 13 }}>{decisionLine(v)}</Box>}
                </TableCell>
                <TableCell sx={{ verticalAlign: 'top', textAlign: 'right', px: 1 }}>
                  {v.version !== current && wentLive(v) && (
                    <Button size="small" variant="outlined" onClick={() => void restore(v)} disabled={busy !== null} aria-label={`Restore version ${v.version}`}>
                      Restore
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {dialog}
    </>
  );
}
