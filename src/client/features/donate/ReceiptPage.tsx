/**
 * A donation's receipt at its own address, `/donations/receipt?id=…#key=…` (src/shared/donations/receipt-link.ts):
 * where a pledge lands (history replaced, so Back does not send it again), where the receipt e-mail leads, and where
 * the payment gateway sends the donor back (`payment=success|fail|cancel|unverified`). The key opens it to anyone
 * holding the link; without one, its donor sees it signed in.
 */
import { useEffect } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import type { DonationReceipt } from '../../../shared/api/views';
import { RECEIPT_KEY_HEADER, receiptKeyFromHash } from '../../../shared/donations/receipt-link';
import { useApi } from '../../lib/use-api';
import { useAuth } from '../../lib/auth';
import PageHero from '../../components/PageHero';
import { EmptyState, ErrorState, Loading } from '../../components/Status';
import Receipt from './Receipt';
import { rememberedReceiptKey } from './receipt-keys';
import { useWords, type Words } from '../../lib/words';

/** What the gateway's return (`payment=…`) says, in the page language; undefined for no return. */
function paymentReturn(payment: string | null, t: Words['t']): { severity: 'success' | 'info' | 'warning'; text: string } | undefined {
  switch (payment) {
    case 'success':
      return { severity: 'success', text: t('The payment gateway confirmed your payment.') };
    case 'unverified':
      return {
        severity: 'warning',
        text: t('The payment gateway sent you back, but we could not verify the payment yet. If money left your account, staff will match it by your payment reference.'),
      };
    case 'fail':
      return { severity: 'warning', text: t('The payment did not go through. Nothing was charged; you can try again or pay another way.') };
    case 'cancel':
      return { severity: 'info', text: t('You cancelled the payment. Your pledge stays open: pay whenever you are ready.') };
    default:
      return undefined;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the donate page hands over with the navigation here (kept by the browser's history across a reload). */
export interface FreshReceipt {
  receipt: DonationReceipt;
  /** The address the receipt e-mail went to, when one was given. */
  emailedTo: string | null;
}

export default function ReceiptPage() {
  const { t } = useWords();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { status: auth } = useAuth();
  const id = params.get('id') ?? '';
  const valid = UUID.test(id);
  const inAddress = receiptKeyFromHash(location.hash);
  const kept = valid && !inAddress ? rememberedReceiptKey(id) : null;
  const key = inAddress ?? kept;
  const state = useApi(valid ? `/donations/${id}` : null, key ? { [RECEIPT_KEY_HEADER]: key } : undefined);
  const back = paymentReturn(params.get('payment'), t);
  const fresh = location.state as FreshReceipt | null;
  const justMade = fresh?.receipt?.id === id ? fresh : null;

  // Back from the gateway without the key: the address gets it again, so a bookmark or a reload still opens it.
  useEffect(() => {
    if (kept) void navigate({ search: location.search, hash: `key=${encodeURIComponent(kept)}` }, { replace: true, state: location.state });
  }, [kept, location.search, location.state, navigate]);

  // The answer of the pledge shows at once; the server's own answer replaces it when it arrives (same receipt).
  const receipt = state.data ? { ...state.data, message: justMade?.receipt.message } : (justMade?.receipt ?? null);

  let body;
  if (!valid) body = <ErrorState message={t('This link does not name a donation. Check the address, or find the donation under Investment History.')} />;
  else if (state.error?.status === 404) body = <NotHere signedIn={auth === 'signed-in'} hasKey={key !== null} />;
  else if (state.error) body = <ErrorState message={state.error.message} onRetry={state.reload} />;
  else if (!receipt) body = <Loading label={t('Loading the receipt…')} />;
  else {
    // A pledge just made is announced, as the donate page used to show it in place.
    body = (
      <Box role={justMade ? 'status' : undefined}>
        {justMade?.emailedTo && (
          <Alert severity="info" sx={{ mb: 2 }} className="no-print">
            {t('A copy of this receipt, with its link, is on its way to {email}.', { email: justMade.emailedTo })}
          </Alert>
        )}
        <Receipt receipt={receipt} heading={justMade ? t('Thank you for your donation') : t('Your donation to {title}', { title: receipt.projectTitle })} receiptKey={key} />
      </Box>
    );
  }

  return (
    <>
      <Box className="no-print">
        <PageHero
          title={t('Donation receipt')}
          intro={t("Your payment reference, the amount and how to pay. Print it, or keep this page's address: it opens this receipt again, on any device.")}
        />
      </Box>
      <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
        {back && receipt && (
          <Alert severity={back.severity} role="status" sx={{ mb: 2 }} className="no-print">
            {back.text}
          </Alert>
        )}
        {body}
      </Container>
    </>
  );
}

/** A receipt this visitor may not see, or that does not exist: the same answer, with the ways that could open it. */
function NotHere({ signedIn, hasKey }: { signedIn: boolean; hasKey: boolean }) {
  const { t } = useWords();
  const location = useLocation();
  const text = hasKey
    ? t('No receipt opens with this link. Check that the whole address was copied from the receipt e-mail.')
    : signedIn
      ? t('This receipt is not one of your donations. Open the link from its receipt e-mail, or find your donations under Investment History.')
      : t('Sign in as the donor to see it, or open the link from its receipt e-mail.');
  const signIn = !signedIn && !hasKey;
  return (
    <EmptyState
      title={t('This receipt cannot be shown')}
      text={text}
      action={
        signIn ? (
          <Button component={RouterLink} to="/login" state={{ from: `${location.pathname}${location.search}` }} variant="contained">
            {t('Sign in')}
          </Button>
        ) : undefined
      }
    />
  );
}
