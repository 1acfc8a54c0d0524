/**
 * The Shariah reviewer's queue (issue 31 §5), for staff and for a person given the `shariah` role (who sees no other
 * staff page): investment projects waiting to open, or sent back to their owner, each shown as investors will see it
 * (its terms, the contract and the goods financed; not the owner's contact details), with its reviews and the form to
 * record one. Opening the project stays staff's decision (Project review).
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ProjectView } from '../../../shared/api/views';
import { PROJECT_IMAGE_FIELDS } from '../../../shared/forms/code-fields';
import { formatMoney } from '../../../shared/format/money';
import { useWords } from '../../lib/words';
import { fileUrl } from '../../lib/api';
import { useApi } from '../../lib/use-api';
import { FormReadOnlyView } from '../../form-engine/read-only';
import { ErrorState, Loading } from '../../components/Status';
import ReviewQueue from './ReviewQueue';
import ShariahReviewPanel from './ShariahReviewPanel';
import ProjectTerms from './ProjectTerms';

function Project({ id, onRecorded }: { id: string; onRecorded: () => void }) {
  const { t } = useWords();
  const { data, error, loading, reload } = useApi(`/shariah/projects/${id}`);
  if (loading) return <Loading label={t('Opening the project…')} />;
  if (error || !data) return <ErrorState message={error?.message ?? t('Could not open it.')} onRetry={reload} />;
  return (
    <Card>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box>
          <Typography variant="h6" component="h2">
            {data.title}
          </Typography>
          <Typography color="text.secondary">{t(data.category)}</Typography>
        </Box>
        <ProjectTerms figures={data.figures} />
        <FormReadOnlyView formId="project-owner" formVersion={data.formVersion} showVersion data={data.details} fileUrl={fileUrl} omit={PROJECT_IMAGE_FIELDS} />
        {/* The pane stays open after a review is recorded: its history shows the new one in force, and the queue's
            line for the project says it too. */}
        <ShariahReviewPanel
          projectId={data.id}
          canRecord
          onRecorded={() => {
            reload();
            onRecorded();
          }}
        />
      </CardContent>
    </Card>
  );
}

export default function ShariahQueuePage() {
  const { t, language } = useWords();
  const reviewWord = (p: ProjectView) =>
    p.shariahReview ? (p.shariahReview.decision === 'approved' ? t('approved') : t('changes requested')) : t('not reviewed');
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t(
          "Investment projects waiting to open. Record the Shariah review of each: compliant with the adviser's signed opinion, or the changes the owner must make. An investment project opens only with an approved review.",
        )}
      </Typography>
      <ReviewQueue<ProjectView>
        label={t('Shariah review status')}
        listLabel={t('Projects to review')}
        tabs={[
          { value: 'pending_review', label: t('Waiting') },
          { value: 'rejected', label: t('Sent back') },
        ]}
        path={(status) => `/shariah/projects?status=${status}`}
        emptyText={t('No investment project is waiting for a Shariah review.')}
        describe={(p) => ({ primary: p.title, secondary: `${t(p.category)} · ${formatMoney(p.figures.goal, language)} · ${reviewWord(p)}` })}
        review={(id, _done, refresh) => <Project id={id} onRecorded={refresh} />}
        chooseText={t('Choose a project to review.')}
      />
    </Box>
  );
}
