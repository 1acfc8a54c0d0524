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
import { formatNumber } from '../../../shared/format/money';
import { useWords } from '../../lib/words';

export interface MarkPaidDialogProps {
  instalment: Instalment;
  onClose: () => void;
  /** After the payment is recorded (the schedule reloads). */
  onPaid: () => void;
}

export default function MarkPaidDialog({ instalment: i, onClose, onPaid }: MarkPaidDialogProps) {
  const { t, language } = useWords();
  const { confirm, dialog } = useConfirm();
  const investor = i.investorName ?? t('The investor');
  const seq = formatNumber(i.seq, language);
  const pay = useSubmit<InstalmentPaidForm>(async (form) => {
    await api.post(`/instalments/${i.id}/paid`, form);
    onPaid();
    return { title: t('Payment recorded'), text: t('{investor} is asked to confirm instalment {seq} when the money arrives.', { investor, seq }), tone: 'success' };
  }, t('The payment was not recorded'));

  async function submit(form: InstalmentPaidForm) {
    // As the server stores it: the reference without the spaces a pasted SMS brings, none when left blank.
    const { reference, ...rest } = form;
    const answer: InstalmentPaidForm = reference?.trim() ? { ...rest, reference: reference.trim() } : rest;
    const yes = await confirm({
      title: t('Record instalment {seq} as paid?', { seq }),
      text: t('{amount} to {investor} for “{title}”. {investor} is asked to confirm it when the money arrives; a payment once recorded cannot be changed.', {
        amount: formatMoney(i.amount, language),
        investor,
        title: i.projectTitle,
      }),
      details: <PaymentDetails instalment={{ seq: i.seq, payment: answer as unknown as Record<string, unknown>, paymentFormVersion: null }} />,
      confirmText: t('Record payment'),
      tone: 'primary',
    });
    if (yes) await pay.submit(answer);
  }

  return (
    <>
      <Dialog open onClose={() => !pay.busy && onClose()} aria-labelledby="mark-paid-title" maxWidth="sm" fullWidth>
        <DialogTitle id="mark-paid-title">
          {t('Mark instalment {seq} of {title} paid', { seq, title: i.projectTitle })}
        </DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 1 }}>
            <strong>{formatMoney(i.amount, language)}</strong> {t('to {investor}, due {date}.', { investor, date: formatDate(i.dueOn, language) })}
          </Typography>
          <SchemaForm
            formId="instalment-paid"
            onSubmit={submit}
            busy={pay.busy}
            serverErrors={pay.errors}
            actions={
              <Button onClick={onClose} disabled={pay.busy}>
                {t('Cancel')}
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
