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
import type { AuditEntry } from '../../components/AuditTrail';
import { useApi } from '../../lib/use-api';
import StoredImage from '../../components/StoredImage';
import { FormReadOnlyView } from '../../form-engine/read-only';
import { ErrorState, Loading } from '../../components/Status';
import ReviewQueue from './ReviewQueue';
import ReviewDecision from './ReviewDecision';
import ShariahReviewPanel from './ShariahReviewPanel';
import ProjectTerms from './ProjectTerms';
import { formatPhone } from '../../../shared/phone/phone.js';
import { formatMoney } from '../../../shared/domain/money';

/** The project's images are shown large above the answers (from `images`), so the view leaves them out. */

type Detail = ProjectView & { owner: { email: string; phone: string }; submittedAt: string; history: AuditEntry[] };

function Review({ id, onDone }: { id: string; onDone: () => void }) {
  const { data, error, loading, reload } = useApi<Detail>(`/staff/projects/${id}`);
  const review = useSubmit<ProjectReviewForm>(async (form) => {
    await api.post(`/staff/projects/${id}/review?seen=${encodeURIComponent(data!.submittedAt)}`, form);
    return { title: form.decision === 'approve' ? 'Project approved' : 'Project rejected', text: 'The decision is recorded in the audit log.', tone: 'success' };
  }, 'Not recorded');
  if (loading) return <Loading label="Opening the project…" />;
  if (error || !data) return <ErrorState message={error?.message ?? 'Could not open it.'} onRetry={reload} />;

  return (
    <Card>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box>
          <Typography variant="h6" component="h2">
            {data.title}
          </Typography>
          <Typography color="text.secondary">
            {data.category} · {data.owner.email} · {formatPhone(data.owner.phone)} ·{' '}
            <RouterLink to={`/projectDetails?id=${data.id}`}>open the project page</RouterLink>
          </Typography>
        </Box>
        <ProjectTerms figures={data.figures} minimum />
        <Grid container spacing={2}>
          {data.images.map((img, i) => (
            <Grid key={img} size={{ xs: 12, sm: 4 }}>
              <StoredImage fileId={img} caption={`Image ${i + 1}`} />
            </Grid>
          ))}
        </Grid>
        <FormReadOnlyView formId="project-owner" formVersion={data.formVersion} showVersion data={data.details} fileUrl={fileUrl} omit={PROJECT_IMAGE_FIELDS} />
        <ShariahReviewPanel projectId={data.id} canRecord={data.status === 'pending_review' || data.status === 'rejected'} onRecorded={reload} />
        <ReviewDecision
          formId="project-review"
          review={review}
          open={data.status === 'pending_review'}
          decided={`This project is ${data.status.replace('_', ' ')}.`}
          history={data.history}
          onDone={onDone}
        />
      </CardContent>
    </Card>
  );
}

/** Staff: the project review queue. */
export default function StaffProjectsPage() {
  return (
    <ReviewQueue<ProjectView>
      label="Project status"
      listLabel="Projects"
      tabs={[
        { value: 'pending_review', label: 'Waiting' },
        { value: 'open', label: 'Open' },
        { value: 'rejected', label: 'Rejected' },
      ]}
      path={(status) => `/staff/projects?status=${status}`}
      emptyText="No project is waiting for review."
      describe={(p) => ({ primary: p.title, secondary: `${p.category} · ${formatMoney(p.figures.goal)}` })}
      review={(id, done) => <Review id={id} onDone={done} />}
      chooseText="Choose a project to review."
    />
  );
}
