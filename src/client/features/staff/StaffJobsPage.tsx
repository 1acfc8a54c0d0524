/**
 * Staff: the scheduled jobs — what each does, when it runs, and how its last run went (closing campaigns, overdue
 * instalments, reminders, late payments, unpaid pledges, purging). A failed run says why; the next slot runs the job
 * again, or staff run it now (after an outage), which is audited.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { api, type ApiError } from '../../lib/api';
import { useApi } from '../../lib/use-api';
import { ApiItems, EmptyState } from '../../components/Status';
import { formatDateTime } from '../../../shared/format/dates';
import { useWords, type Words } from '../../lib/words';
import type { ApiItem } from '../../lib/api-paths';

/** What each job does, in the page's language (the API says it in English; an unknown job keeps the API's words). */
function jobDescription(t: Words['t'], job: JobStatus): string {
  switch (job.name) {
    case 'close-campaigns':
      return t('Closes campaigns whose end date has passed.');
    case 'mark-overdue':
      return t('Marks instalments still due after their due date as overdue, and tells their owners and investors.');
    case 'instalment-reminders':
      return t('Reminds owners of instalments due in 3 days and due today (each reminder once).');
    case 'late-payments':
      return t('Opens late charges for charity past the grace period, and moves agreements into or out of default.');
    case 'pledges':
      return t('Reminds donors of unpaid pledges, then expires them.');
    case 'deliver-mail':
      return t('Sends queued e-mail notices, retrying failures with backoff.');
    case 'agreement-documents':
      return t('Makes the agreement documents of agreements accepted before documents existed.');
    case 'purge':
      return t('Removes expired sessions, old codes, abandoned drafts and their files, e-mails sent over 30 days ago, idempotency keys over a day old.');
    default:
      return job.description;
  }
}

type JobStatus = ApiItem<'GET /staff/jobs'>;

export default function StaffJobsPage() {
  const { t, language } = useWords();
  const state = useApi('/staff/jobs');
  const [running, setRunning] = useState<string | null>(null);
  // What the last "Run now" did, said in its job's row.
  const [outcome, setOutcome] = useState<{ name: string; ok: boolean; text: string } | null>(null);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  async function runNow(name: string) {
    setRunning(name);
    setOutcome(null);
    try {
      const res = await api.post(`/staff/jobs/${encodeURIComponent(name)}/run`);
      setOutcome({ name, ok: res.ok, text: res.ok ? t('Ran now: {summary}', { summary: res.summary }) : t('Ran now and failed: {summary}', { summary: res.summary }) });
    } catch (e) {
      setOutcome({ name, ok: false, text: t('Not run: {reason}', { reason: (e as ApiError).message }) });
    } finally {
      setRunning(null);
      state.reload();
    }
  }
  /** The last run's state and what it did or why it failed. */
  const lastResult = (j: JobStatus) => (
    <>
      {j.lastRun && (
        <Chip size="small" label={j.lastRun.ok === false ? t('Failed') : j.lastRun.ok ? t('OK') : t('Running')} color={j.lastRun.ok === false ? 'error' : j.lastRun.ok ? 'success' : 'default'} sx={{ mr: 1 }} />
      )}
      {j.lastRun?.result ?? ''}
    </>
  );
  /** Run now, and what that run did, said beside the button. */
  const runButton = (j: JobStatus) => (
    <>
      <Button size="small" variant="outlined" sx={{ mt: 1 }} disabled={running !== null} onClick={() => runNow(j.name)} aria-label={t('Run {job} now', { job: j.name })}>
        {running === j.name ? t('Running…') : t('Run now')}
      </Button>
      {outcome?.name === j.name && (
        <Typography variant="body2" role="status" color={outcome.ok ? 'success.main' : 'error'} sx={{ mt: 0.5 }}>
          {outcome.text}
        </Typography>
      )}
    </>
  );
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('These run by themselves on a clock, once across all server processes. Times are Dhaka time.')}
      </Typography>
      <ApiItems state={state} empty={<EmptyState title={t('No scheduled jobs.')} />}>
        {(items) =>
          phone ? (
            // On a phone each job is a card: three columns of long text do not fit 390 px.
            <Box component="ul" aria-label={t('Scheduled jobs')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
              {items.map((j) => (
                <Paper component="li" key={j.name} variant="outlined" sx={{ p: 1.5 }}>
                  <Typography sx={{ fontWeight: 600 }}>{j.name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {jobDescription(t, j)}
                  </Typography>
                  <Typography variant="body2" sx={{ mt: 1 }}>
                    {j.lastRun ? t('Last run {when}', { when: formatDateTime(j.lastRun.startedAt, language) }) : t('Not run yet')} {lastResult(j)}
                  </Typography>
                  {runButton(j)}
                </Paper>
              ))}
            </Box>
          ) : (
            <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
              <Table size="small" aria-label={t('Scheduled jobs')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('Job')}</TableCell>
                    <TableCell>{t('Last run')}</TableCell>
                    <TableCell>{t('Result')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {items.map((j) => (
                    <TableRow key={j.name}>
                      <TableCell>
                        <Typography sx={{ fontWeight: 600 }}>{j.name}</Typography>
                        <Typography variant="body2" color="text.secondary">
                          {jobDescription(t, j)}
                        </Typography>
                        {runButton(j)}
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{j.lastRun ? formatDateTime(j.lastRun.startedAt, language) : t('Not run yet')}</TableCell>
                      <TableCell>{lastResult(j)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )
        }
      </ApiItems>
    </>
  );
}
