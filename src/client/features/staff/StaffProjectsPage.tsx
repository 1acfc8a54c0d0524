import { Link as RouterLink } from 'react-router-dom';
import { PROJECT_IMAGE_FIELDS } from '../../../shared/forms/code-fields';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ProjectReviewForm } from '../../../shared/generated/form-types';
import type { ProjectView } from '../../../shared/api/views';
import { api, fileUrl } from '../../lib/api';
import { useSubmit } from '../../lib/use-submit';
import { useApi } from '../../lib/use-api';
import StoredImage from '../../components/StoredImage';
import { FormReadOnlyView } from '../../form-engine/read-only';
import { ErrorState, Loading } from '../../components/Status';
import ReviewQueue from './ReviewQueue';
import ReviewDecision from './ReviewDecision';
import ShariahReviewPanel from './ShariahReviewPanel';
import ProjectTerms from './ProjectTerms';
import { formatPhone } from '../../../shared/phone/phone.js';
import { formatMoney, formatNumber } from '../../../shared/format/money';
import { useWords } from '../../lib/words';
import { statusWord } from './status-words';

/** The project's images are shown large above the answers (from `images`), so the view leaves them out. */

function Review({ id, onDone }: { id: string; onDone: () => void }) {
  const { t, language } = useWords();
  const { data, error, loading, reload } = useApi(`/staff/projects/${id}`);
  const review = useSubmit<ProjectReviewForm>(async (form) => {
    await api.post(`/staff/projects/${id}/review?seen=${encodeURIComponent(data!.submittedAt)}`, form);
    return { title: form.decision === 'approve' ? t('Project approved') : t('Project rejected'), text: t('The decision is recorded in the audit log.'), tone: 'success' };
  }, t('Not recorded'));
  if (loading) return <Loading label={t('Opening the project…')} />;
  if (error || !data) return <ErrorState message={error?.message ?? t('Could not open it.')} onRetry={reload} />;

  return (
    <Card>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box>
          <Typography variant="h6" component="h2">
            {data.title}
          </Typography>
          <Typography color="text.secondary">
            {t(data.category)} · {data.owner.email} · {formatPhone(data.owner.phone)} ·{' '}
            <RouterLink to={`/projectDetails?id=${data.id}`}>{t('open the project page')}</RouterLink>
          </Typography>
        </Box>
        <ProjectTerms figures={data.figures} minimum />
        <Grid container spacing={2}>
          {data.images.map((img, i) => (
            <Grid key={img} size={{ xs: 12, sm: 4 }}>
              <StoredImage fileId={img} caption={t('Image {number}', { number: formatNumber(i + 1, language) })} />
            </Grid>
          ))}
        </Grid>
        <FormReadOnlyView formId="project-owner" formVersion={data.formVersion} showVersion data={data.details} fileUrl={fileUrl} omit={PROJECT_IMAGE_FIELDS} />
        <ShariahReviewPanel projectId={data.id} canRecord={data.status === 'pending_review' || data.status === 'rejected'} onRecorded={reload} />
        <ReviewDecision
          formId="project-review"
          review={review}
          open={data.status === 'pending_review'}
          decided={t('This project is {status}.', { status: statusWord(t, data.status) })}
          history={data.history}
          onDone={onDone}
        />
      </CardContent>
    </Card>
  );
}

/** Staff: the project review queue. */
export default function StaffProjectsPage() {
  const { t, language } = useWords();
  return (
    <ReviewQueue<ProjectView>
      label={t('Project status')}
      listLabel={t('Projects')}
      tabs={[
        { value: 'pending_review', label: t('Waiting') },
        { value: 'open', label: t('Open') },
        { value: 'rejected', label: t('Rejected') },
      ]}
      path={(status) => `/staff/projects?status=${status}`}
      emptyText={t('No project is waiting for review.')}
      describe={(p) => ({ primary: p.title, secondary: `${t(p.category)} · ${formatMoney(p.figures.goal, language)}` })}
      review={(id, done) => <Review id={id} onDone={done} />}
      chooseText={t('Choose a project to review.')}
    />
  );
}
