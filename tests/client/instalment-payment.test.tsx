// @vitest-environment jsdom
/**
 * Marking an instalment paid (issue 28 §6), as the owner and the investor meet it: the owner's "Mark paid" opens the
 * instalment-paid form (the reference it asks for follows the method, with the schema's messages), then asks for
 * confirmation saying what will be recorded — Cancel records nothing; the investor reads how it was paid in the
 * schedule and again before confirming receipt. The totals say paid-awaiting-confirmation apart from confirmed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import ReturnsPage from '../../src/client/features/invest/ReturnsPage';
import { api } from '../../src/client/lib/api';
import type { Instalment, Schedule } from '../../src/client/features/invest/types';

function instalment(seq: number, extra: Partial<Instalment> = {}): Instalment {
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    agreementId: '00000000-0000-4000-8000-0000000000aa',
    projectId: '00000000-0000-4000-8000-0000000000cc',
    projectTitle: 'Green Harvest Agro',
    investorName: 'Karim Ahmed',
    principal: '100000.00',
    seq,
    dueOn: '2027-02-27',
    amount: '29425.00',
    currency: 'BDT',
    status: 'due',
    paidAt: null,
    confirmedAt: null,
    payment: null,
    paymentFormVersion: null,
    overdue: false,
    agreementInDefaultSince: null,
    ...extra,
  };
}

function schedule(items: Instalment[]): Schedule {
  return {
    items,
    nextCursor: null,
    count: 4,
    totals: { scheduled: '117700.00', due: '58850.00', paid: '29425.00', confirmed: '29425.00' },
    counts: { scheduled: 4, due: 2, paid: 1, confirmed: 1 },
  };
}

const show = (view: 'returns' | 'repayments') =>
  render(
    <MemoryRouter initialEntries={[`/dashboard/returns?view=${view}`]}>
      <ReturnsPage />
    </MemoryRouter>,
  );

describe('marking an instalment paid and confirming it', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('asks the owner how it was paid and its reference, then to confirm; Cancel records nothing', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(schedule([instalment(1)]) as never);
    const post = vi.spyOn(api, 'post').mockResolvedValue(instalment(1, { status: 'paid' }) as never);
    const user = userEvent.setup();
    show('repayments');

    // The totals say what each counts.
    const totals = await screen.findByRole('list', { name: 'Totals' });
    expect(within(totals).getAllByRole('listitem').map((t) => t.textContent)).toEqual([
      'Scheduled৳1,17,7004 instalments',
      'Still due৳58,8502 instalments',
      'Paid, awaiting confirmation৳29,4251 instalment',
      'Confirmed by the investor৳29,4251 instalment',
    ]);

    await user.click(screen.getByRole('button', { name: 'Mark instalment 1 of Green Harvest Agro paid' }));
    const form = await screen.findByRole('dialog', { name: 'Mark instalment 1 of Green Harvest Agro paid' });
    expect(form).toHaveTextContent('৳29,425 to Karim Ahmed, due 27 Feb 2027.');
    await user.click(await within(form).findByRole('radio', { name: 'bKash' }));
    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    expect(await within(form).findByText('Enter the bKash transaction ID (TrxID)')).toBeInTheDocument();
    // Once submitted, the messages follow what is typed. (Each answer is put in whole: typed key by key under load,
    // jsdom's RJSF has been seen to keep a value of a few keys before while showing the whole one; see the report.)
    const tooShort = 'A bKash transaction ID has 10 letters and digits, e.g. 9BD4K7QX2M';
    const reference = () => within(form).getByRole('textbox', { name: /bKash transaction ID/ });
    fireEvent.change(reference(), { target: { value: ' 9BD4K7QX2 ' } });
    expect(await within(form).findByText(tooShort)).toBeInTheDocument();
    fireEvent.change(reference(), { target: { value: ' 9BD4K7QX2M ' } });
    await waitFor(() => expect(within(form).queryByText(tooShort)).not.toBeInTheDocument());
    await user.click(within(form).getByRole('button', { name: 'Continue' }));

    // The confirmation says what will be recorded, in the form's own words.
    let question = await screen.findByRole('dialog', { name: 'Record instalment 1 as paid?' }, { timeout: 15_000 });
    expect(question).toHaveTextContent('৳29,425 to Karim Ahmed for “Green Harvest Agro”');
    expect(await within(question).findByText('bKash')).toBeInTheDocument();
    expect(within(question).getByText('9BD4K7QX2M')).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Record instalment 1 as paid?' })).not.toBeInTheDocument());
    expect(post).not.toHaveBeenCalled();

    // Again, and this time recorded: the reference as the server stores it (trimmed).
    await user.click(await within(form).findByRole('button', { name: 'Continue' })); // back once the question has gone
    question = await screen.findByRole('dialog', { name: 'Record instalment 1 as paid?' });
    await user.click(within(question).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(`/instalments/${instalment(1).id}/paid`, { method: 'bkash', reference: '9BD4K7QX2M' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Mark instalment 1 of Green Harvest Agro paid' })).not.toBeInTheDocument());
  });

  it('shows the investor how it was paid, and again before confirming receipt', async () => {
    const paid = instalment(2, { status: 'paid', paidAt: '2026-11-26T20:30:00Z', payment: { method: 'nagad', reference: '71H8KJ5E' }, paymentFormVersion: 1 });
    vi.spyOn(api, 'get').mockResolvedValue(schedule([paid]) as never);
    const post = vi.spyOn(api, 'post').mockResolvedValue({ ...paid, status: 'confirmed' } as never);
    const user = userEvent.setup();
    show('returns');

    const table = await screen.findByRole('table', { name: 'Returns to you' });
    const how = await within(table).findByLabelText('How instalment 2 was paid');
    expect(how).toHaveTextContent('Nagad');
    expect(how).toHaveTextContent('71H8KJ5E');
    expect(screen.getByRole('list', { name: 'Totals' })).toHaveTextContent('Confirmed received৳29,4251 instalment');

    await user.click(within(table).getByRole('button', { name: 'Confirm receipt of instalment 2 of Green Harvest Agro' }));
    const question = await screen.findByRole('dialog', { name: 'Confirm you received instalment 2?' });
    expect(question).toHaveTextContent('marked paid by the owner on 27 Nov 2026');
    expect(await within(question).findByText('71H8KJ5E')).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Confirm receipt' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(`/instalments/${paid.id}/confirm`));
  });
});
