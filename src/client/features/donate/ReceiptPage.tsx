/**
 * A donation's receipt, opened again (from the donor's history, or on the way back from the payment gateway with
 * `payment=success|fail|cancel|unverified`).
 */
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { DonationReceipt } from '../../../shared/api/views';
import { useApi } from '../../lib/use-api';
import PageHero from '../../components/PageHero';
import { ErrorState, Loading } from '../../components/Status';
import Receipt from './Receipt';

const RETURNS: Record<string, { severity: 'success' | 'info' | 'warning'; text: string }> = {
  success: { severity: 'success', text: 'The payment gateway confirmed your payment.' },
  unverified: { severity: 'warning', text: 'The payment gateway sent you back, but we could not verify the payment yet. If money left your account, staff will match it by your payment reference.' },
  fail: { severity: 'warning', text: 'The payment did not go through. Nothing was charged; you can try again or pay another way.' },
  cancel: { severity: 'info', text: 'You cancelled the payment. Your pledge stays open: pay whenever you are ready.' },
};

export default function ReceiptPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const state = useApi<DonationReceipt>(/^[0-9a-f-]{36}$/i.test(id) ? `/donations/${id}` : null);
  const back = RETURNS[params.get('payment') ?? ''];

  let body;
  if (!/^[0-9a-f-]{36}$/i.test(id)) body = <ErrorState message="This link does not name a donation." />;
  else if (state.error) body = <ErrorState message={state.error.message} onRetry={state.error.status === 404 ? undefined : state.reload} />;
  else if (!state.data) body = <Loading label="Loading the receipt…" />;
  else body = <Receipt receipt={state.data} heading={`Your donation to ${state.data.projectTitle}`} />;

  return (
    <>
      <Box className="no-print">
        <PageHero title="Donation receipt" intro="Your payment reference, the amount and how to pay. Print it or come back to it from your history." />
      </Box>
      <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
        {back && state.data && (
          <Alert severity={back.severity} role="status" sx={{ mb: 2 }} className="no-print">
            {back.text}
          </Alert>
        )}
        {body}
      </Container>
    </>
  );
}
