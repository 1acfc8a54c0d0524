/** On the investor's accepted agreement, while the cooling-off window is open: cancel it, after a confirmation. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { api } from '../../lib/api';
import type { Confirmation } from '../../components/ConfirmDialog';
import { formatMoney } from '../../../shared/domain/money';
import { formatDateTime } from '../../../shared/format/dates';
import type { Proposal } from './types';

interface Props {
  proposal: Proposal;
  /** When the window closes (ISO). */
  until: string;
  confirm: (q: Confirmation) => Promise<boolean>;
  onDone: () => void;
  onFail: (e: unknown) => void;
}

export default function CancelAgreementButton({ proposal, until, confirm, onDone, onFail }: Props) {
  const when = formatDateTime(until);
  return (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
      <Typography variant="body2" color="text.secondary">
        You may cancel this agreement until {when}, with no reason.
      </Typography>
      <Button
        size="small"
        color="error"
        variant="outlined"
        onClick={async () => {
          const yes = await confirm({
            title: `Cancel your agreement for “${proposal.projectTitle}”?`,
            text: `Your ${formatMoney(proposal.amount)} no longer counts for the project and its repayment schedule is removed. You can cancel until ${when}. This is final.`,
            confirmText: 'Cancel agreement',
            cancelText: 'Keep it',
          });
          if (!yes) return;
          try {
            await api.post(`/agreement-requests/${proposal.id}/cancel`);
            onDone();
          } catch (e) {
            onFail(e);
          }
        }}
      >
        Cancel agreement
      </Button>
    </Box>
  );
}
