import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReviewForm } from '../../../shared/generated/form-types';
import { api, fileUrl } from '../../lib/api';
import { useSubmit } from '../../lib/use-submit';
import { useApi } from '../../lib/use-api';
import { FormReadOnlyView } from '../../form-engine/read-only';
import { ErrorState, Loading } from '../../components/Status';
import ReviewQueue from './ReviewQueue';
import ReviewDecision from './ReviewDecision';
import { formatDate } from '../../../shared/format/dates';
import { formatPhone } from '../../../shared/phone/phone.js';
import { useWords } from '../../lib/words';
import { statusWord } from './status-words';
import type { ApiItem } from '../../lib/api-paths';

type QueueItem = ApiItem<'GET /staff/verifications'>;

function Review({ id, onDone }: { id: string; onDone: () => void }) {
  const { t } = useWords();
  const { data, error, loading, reload } = useApi(`/staff/verifications/${id}`);
  const review = useSubmit<ReviewForm>(async (form) => {
    await api.post(`/staff/verifications/${id}/review`, form);
    return { title: form.decision === 'approve' ? t('Verified') : t('Rejected'), text: t('The decision is recorded in the audit log.'), tone: 'success' };
  }, t('Not recorded'));
  if (loading) return <Loading label={t('Opening the submission…')} />;
  if (error || !data) return <ErrorState message={error?.message ?? t('Could not open it.')} onRetry={reload} />;

  return (
    <Card>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {data.email} · {formatPhone(data.phone)}
        </Typography>
        <FormReadOnlyView formId="verification" formVersion={data.formVersion} showVersion data={data.data} fileUrl={fileUrl} />
        <ReviewDecision
          formId="review"
          review={review}
          open={data.status === 'submitted' && data.current}
          decided={
            data.note
              ? t('This submission is {status} (note: {note}).', { status: statusWord(t, data.status), note: data.note })
              : t('This submission is {status}.', { status: statusWord(t, data.status) })
          }
          history={data.history}
          onDone={onDone}
        />
      </CardContent>
    </Card>
  );
}

/** Staff: the verification queue, one submission with its images, verify or reject with a note. */
export default function StaffVerificationsPage() {
  const { t, language } = useWords();
  return (
    <ReviewQueue<QueueItem>
      label={t('Verification status')}
      listLabel={t('Submissions')}
      tabs={[
        { value: 'submitted', label: t('Waiting') },
        { value: 'verified', label: t('Verified') },
        { value: 'rejected', label: t('Rejected') },
      ]}
      path={(status) => `/staff/verifications?status=${status}`}
      emptyText={t('No verification is waiting for review.')}
      describe={(i) => ({ primary: i.name ?? i.email, secondary: `${i.email} · ${formatDate(i.submittedAt, language)}` })}
      review={(id, done) => <Review id={id} onDone={done} />}
      chooseText={t('Choose a submission to review.')}
    />
  );
}
