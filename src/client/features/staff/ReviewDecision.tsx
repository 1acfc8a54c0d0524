/**
 * The bottom of a staff review pane: the decision form while the record can still be decided (otherwise a line
 * saying where it stands), its audit log, and the popup that reports the decision — closing a successful one
 * hands the record back to the queue.
 */
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import { SchemaForm } from '../../form-engine';
import type { FormDataMap } from '../../../shared/generated/form-types';
import AuditTrail, { type AuditEntry } from '../../components/AuditTrail';
import MessageDialog from '../../components/MessageDialog';
import type { Submit } from '../forms/use-submit';

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
  return (
    <>
      {props.open ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <SchemaForm formId={props.formId} onSubmit={review.submit} busy={review.busy} serverErrors={review.errors} />
        </Paper>
      ) : (
        <Alert severity="info">{props.decided}</Alert>
      )}
      <AuditTrail entries={props.history} />
      <MessageDialog
        message={review.message}
        onClose={() => {
          const done = review.message?.tone === 'success';
          review.setMessage(null);
          if (done) props.onDone();
        }}
      />
    </>
  );
}
