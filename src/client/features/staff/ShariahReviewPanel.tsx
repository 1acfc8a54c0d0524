/**
 * Staff: the Shariah review of a project waiting to open (issue 31 §5). Shows the reviews recorded (newest first, the
 * one in force marked) and, while the project waits, the `shariah-review` form to record one: approved with the
 * adviser, a note and the signed opinion (a PDF or an image), or changes requested with a note the owner sees.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { SchemaForm } from '../../form-engine';
import type { ShariahReviewForm } from '../../../shared/generated/form-types';
import type { ShariahReviewView } from '../../../shared/api/views';
import { api, downloadFile, fileUrl } from '../../lib/api';
import { useApi } from '../../lib/use-api';
import { useSubmit } from '../../lib/use-submit';
import InlineFailure from '../../components/InlineFailure';
import { formatDate } from '../../../shared/format/dates';
import { useWords } from '../../lib/words';

type Decision = ShariahReviewView['decision'];

export default function ShariahReviewPanel({ projectId, canRecord, onRecorded }: { projectId: string; canRecord: boolean; onRecorded: () => void }) {
  const { t, language } = useWords();
  const decisionLabel: Record<Decision, string> = { approved: t('Approved'), changes_requested: t('Changes requested') };
  const history = useApi(`/staff/projects/${projectId}/shariah-review`);
  // A new, empty form after each review recorded.
  const [round, setRound] = useState(0);
  const record = useSubmit<ShariahReviewForm>(async (data) => {
    await api.post(`/staff/projects/${projectId}/shariah-review`, data);
    return {
      title: t('Shariah review recorded'),
      text: data.decision === 'approved' ? t('The project may now be approved to open.') : t('The owner is told what to change.'),
      tone: 'success',
    };
  }, t('Not recorded'));

  const items = history.data?.items ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }} component="section" aria-labelledby="shariah-heading">
      <Typography variant="h6" component="h3" id="shariah-heading">
        {t('Shariah review')}
      </Typography>
      {items.length === 0 ? (
        <Typography color="text.secondary">{t('No Shariah review is recorded yet. An investment project opens only with an approved one.')}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1 }}>
          {items.map((r) => (
            <li key={r.id}>
              <Typography variant="body2">
                <strong>{decisionLabel[r.decision]}</strong>{' '}
                {r.id === history.data?.inForce
                  ? t('by {adviser} on {date} (in force)', { adviser: r.adviser, date: formatDate(r.decidedAt, language) })
                  : t('by {adviser} on {date}', { adviser: r.adviser, date: formatDate(r.decidedAt, language) })}{' '}
                · {r.note}
                {r.opinionFileId ? (
                  <>
                    {' · '}
                    <Button size="small" onClick={() => void downloadFile(`/files/${r.opinionFileId}`, 'shariah-opinion')}>
                      {t('Opinion')}
                    </Button>
                  </>
                ) : null}
              </Typography>
            </li>
          ))}
        </Box>
      )}
      {canRecord && (
        <>
          <SchemaForm
            key={round}
            formId="shariah-review"
            initialData={{ decision: 'approved' }}
            onSubmit={(data) =>
              record.submit(data).then((ok) => {
                if (!ok) return;
                setRound((r) => r + 1);
                history.reload();
                onRecorded();
              })
            }
            busy={record.busy}
            serverErrors={record.errors}
            fileUrl={fileUrl}
            hideTitle
          />
          <InlineFailure failure={record.failure} onClose={record.clearFailure} />
        </>
      )}
    </Paper>
  );
}
