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
import { decisionLine, statusLabel, versionTag, wentLive } from './words';
import { useWords } from '../../lib/words';
import { formatNumber } from '../../../shared/format/money';
import { useConfirm } from '../../components/ConfirmDialog';
import { ErrorState, Loading } from '../../components/Status';
import { formatDateTime } from '../../../shared/format/dates';

export default function HistoryPanel({ formId, current, refreshKey, onRestored }: { formId: string; current: number; refreshKey: number; onRestored: (published: Published) => void }) {
  const { t, language } = useWords();
  const n = (v: number) => formatNumber(v, language);
  const state = useApi(`/forms/${encodeURIComponent(formId)}/versions`);
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
      title: t('Restore version {version}?', { version: n(v.version) }),
      text: t(
        'Its schema and ui-schema are published again as a new version: everyone gets them once it is live (after another staff member approves it, when approval is required); submissions keep the version they were made with.',
      ),
      confirmText: t('Restore version {version}', { version: n(v.version) }),
    });
    if (!yes) return;
    setBusy(v.version);
    setError(null);
    try {
      const old = await getFormVersion(formId, v.version);
      // Its words in other languages come back with it (without them the live version's would be kept).
      onRestored(await publishForm(formId, { baseVersion: current, schema: old.schema, uiSchema: old.uiSchema, translations: old.translations, note: t('Restored version {version}', { version: n(v.version) }) }));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  }

  if (state.loading) return <Loading label={t('Loading the versions…')} />;
  if (state.error) return <ErrorState message={state.error.message} onRetry={state.reload} />;
  return (
    <>
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {t('Not restored: {reason}', { reason: error })}
        </Alert>
      )}
      {/* Three columns that wrap (the note and who published it share one), so the table fits the editor's column at
          any width and Restore is always in view. */}
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label={t('Versions')} sx={{ tableLayout: 'auto' }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('Version')}</TableCell>
              <TableCell>{t('Note, publication and submissions')}</TableCell>
              <ActionsHeaderCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(state.data ?? []).map((v) => (
              <TableRow key={v.version}>
                <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                  {versionTag(v.version, language)}{' '}
                  {v.version === current ? (
                    <Chip size="small" color="success" label={t('Current')} />
                  ) : (
                    !wentLive(v) && <Chip size="small" color={v.status === 'pending_approval' ? 'warning' : 'default'} label={statusLabel(t, v.status)} />
                  )}
                </TableCell>
                <TableCell sx={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>
                  <Box>{v.note || '—'}</Box>
                  <Box sx={{ color: 'text.secondary', fontSize: 13, mt: 0.5 }}>
                    {v.publishedBy
                      ? t('{when} by {who}', { when: formatDateTime(v.publishedAt, language), who: v.publishedBy })
                      : formatDateTime(v.publishedAt, language)}{' '}
                    · {t('{count, plural, one {# submission} other {# submissions}}', { count: v.submissions })}
                  </Box>
                  {decisionLine(t, language, v) && <Box sx={{ color: 'text.secondary', fontSize: 13 }}>{decisionLine(t, language, v)}</Box>}
                </TableCell>
                <TableCell sx={{ verticalAlign: 'top', textAlign: 'right', px: 1 }}>
                  {v.version !== current && wentLive(v) && (
                    <Button size="small" variant="outlined" onClick={() => void restore(v)} disabled={busy !== null} aria-label={t('Restore version {version}', { version: n(v.version) })}>
                      {t('Restore')}
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
