/**
 * The bottom of a staff review pane: the decision form while the record can still be decided (otherwise a line
 * saying where it stands) and its audit log. A recorded decision is confirmed by a toast and hands the record back
 * to the queue; a refused one says why under the form.
 */
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import { SchemaForm } from '../../form-engine';
import type { FormDataMap } from '../../../shared/generated/form-types';
import AuditTrail, { type AuditEntry } from '../../components/AuditTrail';
import InlineFailure from '../../components/InlineFailure';
import type { Submit } from '../../lib/use-submit';
import { useWords } from '../../lib/words';
import { auditActionWord } from './status-words';

type DecisionForm = 'review' | 'project-review';

export default function ReviewDecision<F extends DecisionForm>(props: {
  formId: F;
  review: Submit<FormDataMap[F]>;
  /** False once the record is decided (or superseded): the form gives way to `decided`. */
  open: boolean;
  decided: ReactNode;
  history: AuditEntry[];
  onDone: () => void;
}) {
  const { review } = props;
  const { t } = useWords();
  return (
    <>
      {props.open ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <SchemaForm
            formId={props.formId}
            onSubmit={async (data) => {
              if (await review.submit(data)) props.onDone();
            }}
            busy={review.busy}
            serverErrors={review.errors}
          />
          <InlineFailure failure={review.failure} onClose={review.clearFailure} />
        </Paper>
      ) : (
        <Alert severity="info">{props.decided}</Alert>
      )}
      <AuditTrail entries={props.history} actionWord={(action) => auditActionWord(t, action)} />
    </>
  );
}
