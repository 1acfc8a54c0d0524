/**
 * A donation receipt: the payment reference (large, to copy or read out), the amount, how to pay the chosen method,
 * and the actions — Pay now (when the gateway serves the method), Print, back to the project. Prints on its own:
 * the site's header, footer and the actions are hidden by the print style.
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import PrintIcon from '@mui/icons-material/Print';
import type { DonationReceipt } from '../../../shared/api/views';
import type { ApiError } from '../../lib/api';
import { api } from '../../lib/api';
import { FormReadOnlyView } from '../../form-engine/read-only';
import DetailList from '../../components/DetailList';
import { donationStatus } from '../../components/app/donation-status';
import { paymentMethodWord } from '../../components/app/payment-method';
import { useWords } from '../../lib/words';
import { formatDateTime } from '../../../shared/format/dates';
import { RECEIPT_KEY_HEADER } from '../../../shared/donations/receipt-link';
import { rememberReceiptKey } from './receipt-keys';


/** `receiptKey`: the key of the receipt's address, which opens it to a donor who is not signed in (Pay now needs it too). */
export default function Receipt({ receipt, heading, receiptKey }: { receipt: DonationReceipt; heading: string; receiptKey?: string | null }) {
  const { t, language } = useWords();
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const status = donationStatus(receipt.status, t);
  const howTo = receipt.instructions;

  async function payNow() {
    setPaying(true);
    setPayError(null);
    try {
      const { url } = await api.post(`/donations/${receipt.id}/checkout`, undefined, receiptKey ? { headers: { [RECEIPT_KEY_HEADER]: receiptKey } } : undefined);
      // The gateway sends the donor back to the receipt without its key: this tab keeps it for the return.
      if (receiptKey) rememberReceiptKey(receipt.id, receiptKey);
      // The gateway's own page: a full navigation, not a route of this app.
      window.location.assign(url);
    } catch (err) {
      setPayError((err as ApiError).message);
      setPaying(false);
    }
  }

  return (
    <Paper className="receipt" sx={{ p: { xs: 2.5, md: 4 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2, flexWrap: 'wrap' }}>
        <CheckCircleIcon color="primary" fontSize="large" aria-hidden />
        <Typography variant="h5" component="h2" sx={{ flex: 1, minWidth: 200 }}>
          {heading}
        </Typography>
        <Chip label={status.chip} color={status.color} />
      </Box>
      {receipt.message && <Typography sx={{ mb: 2 }}>{receipt.message}</Typography>}

      <Box sx={{ border: 2, borderColor: 'primary.main', borderRadius: 2, p: 2, mb: 3, textAlign: 'center' }}>
        <Typography color="text.secondary" id="payment-reference-label">
          {t('Payment reference — quote it with your payment')}
        </Typography>
        <Typography
          aria-labelledby="payment-reference-label"
          sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: { xs: 30, md: 38 }, fontWeight: 700, letterSpacing: 3 }}
          data-testid="payment-reference"
        >
          {receipt.reference}
        </Typography>
      </Box>

      <Box sx={{ display: 'grid', gap: 1 }}>
        <FormReadOnlyView formId="donate" formVersion={receipt.formVersion} data={receipt.data} label={t('Your donation')} />
        <DetailList
          items={[
            [t('Project'), receipt.projectTitle],
            [t('Status'), status.text],
            [t('Pledged on'), formatDateTime(receipt.createdAt, language)],
          ]}
          sx={{ gridTemplateColumns: { xs: '1fr', sm: 'minmax(9rem, 36%) 1fr' }, columnGap: 3, '& dt': { typography: 'body2', color: 'text.secondary' } }}
        />
      </Box>

      {howTo && receipt.status === 'pledged' && (
        <Box component="section" aria-labelledby="how-to-pay" sx={{ mt: 3 }}>
          <Typography variant="h6" component="h3" id="how-to-pay" sx={{ mb: 1 }}>
            {t('How to pay by {method}', { method: paymentMethodWord(howTo.method, t) })}
          </Typography>
          {howTo.sample && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('These are sample payment details: the platform has not published its real accounts yet. Do not send money to them — contact us instead.')}
            </Alert>
          )}
          <Typography sx={{ mb: 1.5 }}>{howTo.summary}</Typography>
          <DetailList
            sx={{ gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' }, bgcolor: 'action.hover', p: 2, borderRadius: 1 }}
            items={[...howTo.details.map((d) => [d.label, <strong>{d.value}</strong>] as const), [t('Reference to quote'), <strong>{receipt.reference}</strong>]]}
          />
        </Box>
      )}

      {payError && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }} className="no-print">
          {payError}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 2, mt: 3, flexWrap: 'wrap' }} className="no-print">
        {receipt.payOnline && (
          <Button variant="contained" onClick={payNow} disabled={paying}>
            {paying ? t('Opening the payment page…') : t('Pay now')}
          </Button>
        )}
        <Button variant={receipt.payOnline ? 'outlined' : 'contained'} startIcon={<PrintIcon />} onClick={() => window.print()}>
          {t('Print receipt')}
        </Button>
        <Button component={RouterLink} to={`/projectDetails?id=${receipt.projectId}`} variant="outlined">
          {t('Back to the project')}
        </Button>
      </Box>
    </Paper>
  );
}
