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
import { EmptyState, ErrorState, Loading } from '../../components/Status';
import { formatDateTime } from '../../../shared/format/dates';
import { draftsLine, submissionsLine, versionTag } from './words';
import { useWords } from '../../lib/words';
import { useFormWords } from './form-titles';

export default function FormsListPage() {
  const { t, language } = useWords();
  const state = useApi('/forms');
  const formWords = useFormWords((state.data ?? []).map((f) => f.formId), language);
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t(
          "Change a form's fields, rules and messages, preview it, test it with sample data and publish it. Published versions take effect at once for everyone; every submission keeps the version it was made with.",
        )}
      </Typography>
      {state.loading ? (
        <Loading label={t('Loading the forms…')} />
      ) : state.error ? (
        <ErrorState message={state.error.message} onRetry={state.reload} />
      ) : !state.data?.length ? (
        <EmptyState title={t('No forms yet.')} />
      ) : (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflowX: 'auto' }}>
          <Table size="small" aria-label={t('Forms')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('Form')}</TableCell>
                <TableCell>{t('Version')}</TableCell>
                <TableCell>{t('Published')}</TableCell>
                <TableCell>{t('Submissions')}</TableCell>
                <TableCell>{t('Drafts')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {state.data.map((f) => (
                <TableRow key={f.formId}>
                  <TableCell>
                    <Link component={RouterLink} to={`/staff/forms/${encodeURIComponent(f.formId)}`} sx={{ fontWeight: 600 }}>
                      {(f.title && formWords[f.formId]?.[f.title]) || f.title || f.formId}
                    </Link>
                    <Typography variant="body2" color="text.secondary" component="div">
                      <code>{f.formId}</code>
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Chip size="small" label={versionTag(f.version, language)} />
                    {f.pending && (
                      <Typography variant="body2" color="warning.dark" component="div" sx={{ mt: 0.5 }}>
                        {f.pending.mine
                          ? t('{version} waiting for approval', { version: versionTag(f.pending.version, language) })
                          : t('{version} waiting for your approval', { version: versionTag(f.pending.version, language) })}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ minWidth: 150 }}>
                    {f.publishedAt ? (
                      <>
                        <Box>{formatDateTime(f.publishedAt, language)}</Box>
                        <Typography variant="body2" color="text.secondary">
                          {f.publishedBy ? t('by {who}', { who: f.publishedBy }) : t('from the files')}
                        </Typography>
                      </>
                    ) : (
                      t('From the files')
                    )}
                  </TableCell>
                  <TableCell sx={{ minWidth: 120 }}>{submissionsLine(t, language, f.submissions)}</TableCell>
                  <TableCell sx={{ minWidth: 140 }}>{draftsLine(t, f.drafts)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}
