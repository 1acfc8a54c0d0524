// @vitest-environment jsdom
/** The donation receipt as a donor sees it: reference, amount, how to pay, Print, and Pay now only when offered. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import Receipt from '../../src/client/features/donate/Receipt';
import { api } from '../../src/client/lib/api';
import type { DonationReceipt } from '../../src/shared/api/views';

const receipt: DonationReceipt = {
  id: '3f1c8f0e-5a2b-4c6d-9e7f-0a1b2c3d4e5f',
  reference: 'HF-7K3Q-92',
  projectId: 'p1',
  projectTitle: 'Green Harvest Agro',
  status: 'pledged',
  amount: '1234567.50',
  currency: 'BDT',
  paymentMethod: 'Bank',
  anonymous: false,
  donorName: 'Nadia',
  createdAt: '2026-11-23T10:00:00.000Z',
  decidedAt: null,
  note: null,
  payOnline: false,
  data: { amount: 1234567.5, paymentMethod: 'Bank', name: 'Nadia', anonymous: false },
  formVersion: 1,
  instructions: {
    method: 'Bank',
    summary: 'Transfer to the account below.',
    details: [
      { label: 'Account name', value: 'Halal Fund Trust' },
      { label: 'Routing number', value: '123456789' },
    ],
    sample: false,
  },
};

const show = (r: DonationReceipt) =>
  render(
    <MemoryRouter>
      <Receipt receipt={r} heading="Thank you" />
    </MemoryRouter>,
  );

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('donation receipt', () => {
  it('shows the reference, the amount in taka and the method’s instructions, and prints', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    show(receipt);
    expect(screen.getByTestId('payment-reference')).toHaveTextContent('HF-7K3Q-92');
    // The donate form's answers come from its schema: titles, the amount as taka, the method's label.
    expect(await screen.findByText('৳12,34,567.50', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Amount (৳)').tagName).toBe('DT');
    expect(screen.getByText('Nadia')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How to pay by Bank' })).toBeInTheDocument();
    expect(screen.getByText('123456789')).toBeInTheDocument();
    expect(screen.queryByText(/sample payment details/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Print receipt' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('warns about sample accounts', () => {
    show({ ...receipt, instructions: { ...receipt.instructions!, sample: true } });
    expect(screen.getByText(/These are sample payment details/)).toBeInTheDocument();
  });

  it('offers Pay now when the gateway serves the method, and says why when it cannot open', async () => {
    const post = vi.spyOn(api, 'post').mockRejectedValue(Object.assign(new Error('Online payment is not available right now.'), { status: 502, errors: [] }));
    render(
      <MemoryRouter>
        <Receipt receipt={{ ...receipt, paymentMethod: 'Mobile Banking', payOnline: true }} heading="Thank you" receiptKey="k3y-of-the-receipt-link-000000000000000000" />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    // The key of the receipt's address opens the session for a donor who is not signed in.
    expect(post).toHaveBeenCalledWith(`/donations/${receipt.id}/checkout`, undefined, { headers: { 'x-receipt-key': 'k3y-of-the-receipt-link-000000000000000000' } });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Online payment is not available right now.'));
  });

  it('shows no instructions once the money arrived', () => {
    show({ ...receipt, status: 'confirmed' });
    expect(screen.getByText('Confirmed — the money arrived. Thank you!')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /How to pay/ })).not.toBeInTheDocument();
  });
});
