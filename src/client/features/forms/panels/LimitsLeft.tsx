/** Above the agreement request form: what the person may still request under the retail limits (issue 31 §1). */
import Alert from '@mui/material/Alert';
import { formatMoney } from '../../../../shared/domain/money';
import { useApi } from '../../../lib/use-api';

export default function LimitsLeft({ projectId }: { projectId: string }) {
  const { data } = useApi(`/me/limits?projectId=${encodeURIComponent(projectId)}`);
  if (!data) return null;
  if (data.left === null) {
    return (
      <Alert severity="info" sx={{ mb: 2 }} data-testid="limits-left">
        {data.qualified ? 'You are a qualified investor: no investment limit applies to you.' : 'No investment limit applies.'}
      </Alert>
    );
  }
  const parts = [
    data.perProject && `${formatMoney(data.perProject.left)} of ${formatMoney(data.perProject.limit)} in this project`,
    data.perYear && `${formatMoney(data.perYear.left)} of ${formatMoney(data.perYear.limit)} across all projects in 12 months`,
  ].filter(Boolean);
  return (
    <Alert severity={data.left === '0.00' ? 'warning' : 'info'} sx={{ mb: 2 }} data-testid="limits-left">
      <strong>You can request up to {formatMoney(data.left)} here.</strong> Retail investor limits left: {parts.join('; ')}.
    </Alert>
  );
}
