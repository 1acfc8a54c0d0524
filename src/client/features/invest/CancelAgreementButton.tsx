/** On the investor's accepted agreement, while the cooling-off window is open: cancel it, after a confirmation. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { api } from '../../lib/api';
import type { Confirmation } from '../../components/ConfirmDialog';
import { formatMoney } from '../../../shared/domain/money';
import { formatDateTime } from '../../../shared/format/dates';
import type { ApiItem } from '../../lib/api-paths';
import { useWords } from '../../lib/words';

interface Props {
  /** One of the investor's own agreements (only their list offers the cancel). */
  proposal: ApiItem<'GET /me/agreement-requests'>;
  /** When the window closes (ISO). */
  until: string;
  confirm: (q: Confirmation) => Promise<boolean>;
  onDone: () => void;
  onFail: (e: unknown) => void;
}

export default function CancelAgreementButton({ proposal, until, confirm, onDone, onFail }: Props) {
  const { t, language } = useWords();
  const when = formatDateTime(until, language);
  return (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
      <Typography variant="body2" color="text.secondary">
        {t('You may cancel this agreement until {when}, with no reason.', { when })}
      </Typography>
      <Button
        size="small"
        color="error"
        variant="outlined"
        onClick={async () => {
          const yes = await confirm({
            title: t('Cancel your agreement for “{title}”?', { title: proposal.projectTitle }),
            text: t('Your {amount} no longer counts for the project and its repayment schedule is removed. You can cancel until {when}. This is final.', {
              amount: formatMoney(proposal.amount, language),
              when,
            }),
            confirmText: t('Cancel agreement'),
            cancelText: t('Keep it'),
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
        {t('Cancel agreement')}
      </Button>
    </Box>
  );
}
