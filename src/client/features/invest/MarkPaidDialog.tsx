/**
 * The owner marks an instalment paid: the instalment-paid form (how it was paid and its reference, drawn by the form
 * engine from its schema) in a dialog, then a confirmation that says what will be recorded, because a payment once
 * recorded cannot be changed and the investor is asked to confirm it. Loaded only when an owner opens it.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { SchemaForm } from '../../form-engine';
import type { InstalmentPaidForm } from '../../../shared/generated/form-types';
import { formatMoney } from '../../../shared/domain/money';
import { formatDate } from '../../../shared/format/dates';
import { api } from '../../lib/api';
import { useConfirm } from '../../components/ConfirmDialog';
import InlineFailure from '../../components/InlineFailure';
import { useSubmit } from '../../lib/use-submit';
import PaymentDetails from './PaymentDetails';
import type { Instalment } from './types';

export interface MarkPaidDialogProps {
  instalment: Instalment;
  onClose: () => void;
  /** After the payment is recorded (the schedule reloads). */
  onPaid: () => void;
}

export default function MarkPaidDialog({ instalment: i, onClose, onPaid }: MarkPaidDialogProps) {
  const { confirm, dialog } = useConfirm();
  const investor = i.investorName ?? 'The investor';
  const pay = useSubmit<InstalmentPaidForm>(async (form) => {
    await api.post(`/instalments/${i.id}/paid`, form);
    onPaid();
    return { title: 'Payment recorded', text: `${investor} is asked to confirm instalment ${i.seq} when the money arrives.`, tone: 'success' };
  }, 'The payment was not recorded');

  async function submit(form: InstalmentPaidForm) {
    // As the server stores it: the reference without the spaces a pasted SMS brings, none when left blank.
    const { reference, ...rest } = form;
    const answer: InstalmentPaidForm = reference?.trim() ? { ...rest, reference: reference.trim() } : rest;
    const yes = await confirm({
      title: `Record instalment ${i.seq} as paid?`,
      text: `${formatMoney(i.amount)} to ${investor} for “${i.projectTitle}”. ${investor} is asked to confirm it when the money arrives; a payment once recorded cannot be changed.`,
      details: <PaymentDetails instalment={{ seq: i.seq, payment: answer as unknown as Record<string, unknown>, paymentFormVersion: null }} />,
      confirmText: 'Record payment',
      tone: 'primary',
    });
    if (yes) await pay.submit(answer);
  }

  return (
    <>
      <Dialog open onClose={() => !pay.busy && onClose()} aria-labelledby="mark-paid-title" maxWidth="sm" fullWidth>
        <DialogTitle id="mark-paid-title">
          Mark instalment {i.seq} of {i.projectTitle} paid
        </DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 1 }}>
            <strong>{formatMoney(i.amount)}</strong> to {investor}, due {formatDate(i.dueOn)}.
          </Typography>
          <SchemaForm
            formId="instalment-paid"
            onSubmit={submit}
            busy={pay.busy}
            serverErrors={pay.errors}
            actions={
              <Button onClick={onClose} disabled={pay.busy}>
                Cancel
              </Button>
            }
          />
          <InlineFailure failure={pay.failure} onClose={pay.clearFailure} />
        </DialogContent>
      </Dialog>
      {dialog}
    </>
  );
}
