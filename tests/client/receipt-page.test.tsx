// @vitest-environment jsdom
/**
 * The receipt's own page: the key in the address's fragment goes to the API in its header; back from the payment
 * gateway (which returns without the key) the key this tab kept is used and put back into the address; without a
 * key, a visitor who is not the donor is told how to open it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import ReceiptPage from '../../src/client/features/donate/ReceiptPage';
import { rememberReceiptKey } from '../../src/client/features/donate/receipt-keys';
import { AuthProvider } from '../../src/client/lib/auth';
import { api, ApiError } from '../../src/client/lib/api';
import type { DonationReceipt } from '../../src/shared/api/views';

const ID = '3f1c8f0e-5a2b-4c6d-9e7f-0a1b2c3d4e5f';
const KEY = 'Vbnw-sHrRbfOI3M7lnYbhGxSOfmkZLrIoGZyaOi2HrzA';

const receipt: DonationReceipt = {
  id: ID,
  reference: 'HF-7K3Q-92',
  projectId: 'p1',
  projectTitle: 'Green Harvest Agro',
  status: 'pledged',
  amount: '700.00',
  currency: 'BDT',
  paymentMethod: 'Cash',
  anonymous: false,
  donorName: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  decidedAt: null,
  note: null,
  payOnline: false,
  data: { amount: 700, paymentMethod: 'Cash' },
  formVersion: 1,
  instructions: null,
};

function Address() {
  const { pathname, search, hash } = useLocation();
  return <output data-testid="address">{pathname + search + hash}</output>;
}

const show = (entry: string) =>
  render(
    <MemoryRouter initialEntries={[entry]}>
      <AuthProvider>
        <Routes>
          <Route
            path="/donations/receipt"
            element={
              <>
                <ReceiptPage />
                <Address />
              </>
            }
          />
        </Routes>
      </AuthProvider>
    </MemoryRouter>,
  );

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('the receipt page', () => {
  it('opens the receipt with the key from its address', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(receipt as never);
    show(`/donations/receipt?id=${ID}#key=${KEY}`);
    expect(await screen.findByTestId('payment-reference', {}, { timeout: 10_000 })).toHaveTextContent('HF-7K3Q-92');
    expect(get).toHaveBeenCalledWith(`/donations/${ID}`, expect.objectContaining({ headers: { 'x-receipt-key': KEY } }));
  });

  it('back from the gateway, uses the key this tab kept and puts it back into the address', async () => {
    rememberReceiptKey(ID, KEY);
    const get = vi.spyOn(api, 'get').mockResolvedValue(receipt as never);
    show(`/donations/receipt?id=${ID}&payment=cancel`);
    expect(await screen.findByText('You cancelled the payment. Your pledge stays open: pay whenever you are ready.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(`/donations/${ID}`, expect.objectContaining({ headers: { 'x-receipt-key': KEY } }));
    expect(screen.getByTestId('address')).toHaveTextContent(`/donations/receipt?id=${ID}&payment=cancel#key=${KEY}`);
  });

  it('without a key, tells a visitor who is not signed in how to open it', async () => {
    vi.spyOn(api, 'get').mockRejectedValue(new ApiError(404, 'This donation was not found.'));
    show(`/donations/receipt?id=${ID}`);
    expect(await screen.findByText('Sign in as the donor to see it, or open the link from its receipt e-mail.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByTestId('payment-reference')).not.toBeInTheDocument();
  });
});
