import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ReviewForm } from '../../../shared/generated/form-types';
import { api } from '../../lib/api';
import { useSubmit } from '../forms/use-submit';
import type { AuditEntry } from '../../components/AuditTrail';
import { useApi } from '../../lib/use-api';
import StoredImage from '../../components/StoredImage';
import DetailList, { schemaTitles } from '../../components/DetailList';
import { ErrorState, Loading } from '../../components/Status';
import ReviewQueue from './ReviewQueue';
import ReviewDecision from './ReviewDecision';
import verificationSchema from '../../../../schemas/verification.schema.json';
import { formatDate } from '../../../shared/format/dates';
import { formatPhone } from '../../../shared/phone/phone.js';

interface QueueItem {
  id: string;
  status: string;
  name: string | null;
  email: string;
  phone: string;
  nid: string | null;
  submittedAt: string;
  reviewedAt: string | null;
  note: string | null;
}

interface Detail {
  id: string;
  status: string;
  current: boolean;
  data: Record<string, string>;
  email: string;
  phone: string;
  note: string | null;
  submittedAt: string;
  history: AuditEntry[];
}

const titles = schemaTitles(verificationSchema);

function Review({ id, onDone }: { id: string; onDone: () => void }) {
  const { data, error, loading, reload } = useApi<Detail>(`/staff/verifications/${id}`);
  const review = useSubmit<ReviewForm>(async (form) => {
    await api.post(`/staff/verifications/${id}/review`, form);
    return { title: form.decision === 'approve' ? 'Verified' : 'Rejected', text: 'The decision is recorded in the audit log.', tone: 'success' };
  }, 'Not recorded');
  if (loading) return <Loading label="Opening the submission…" />;
  if (error || !data) return <ErrorState message={error?.message ?? 'Could not open it.'} onRetry={reload} />;

  const images = Object.entries(data.data).filter(([, v]) => typeof v === 'string' && v.startsWith('file:'));
  const fields = Object.entries(data.data).filter(([, v]) => !(typeof v === 'string' && v.startsWith('file:')));
  return (
    <Card>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {data.email} · {formatPhone(data.phone)}
        </Typography>
        <Grid container spacing={2}>
          {images.map(([k, v]) => (
            <Grid key={k} size={{ xs: 12, sm: 4 }}>
              <StoredImage fileId={v.slice(5)} caption={titles[k] ?? k} />
            </Grid>
          ))}
        </Grid>
        <DetailList items={fields.map(([k, v]) => [titles[k] ?? k, String(v)])} sx={{ rowGap: 0.5 }} />
        <ReviewDecision
          formId="review"
          review={review}
          open={data.status === 'submitted' && data.current}
          decided={`This submission is ${data.status}${data.note ? ` (note: ${data.note})` : ''}.`}
          history={data.history}
          onDone={onDone}
        />
      </CardContent>
    </Card>
  );
}

/** Staff: the verification queue, one submission with its images, verify or reject with a note. */
export default function StaffVerificationsPage() {
  return (
    <ReviewQueue<QueueItem>
      label="Verification status"
      listLabel="Submissions"
      tabs={[
        { value: 'submitted', label: 'Waiting' },
        { value: 'verified', label: 'Verified' },
        { value: 'rejected', label: 'Rejected' },
      ]}
      path={(status) => `/staff/verifications?status=${status}`}
      emptyText="No verification is waiting for review."
      describe={(i) => ({ primary: i.name ?? i.email, secondary: `${i.email} · ${formatDate(i.submittedAt)}` })}
      review={(id, done) => <Review id={id} onDone={done} />}
      chooseText="Choose a submission to review."
    />
  );
}
