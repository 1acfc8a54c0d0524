// @vitest-environment jsdom
/**
 * A schedule (Investment Return) comes a page at a time: the totals above it are of the whole schedule, "Show later
 * instalments" appends the next page, and a link to one agreement (`?agreement=`) says that agreement's own count
 * and sum, whichever page its instalments are on.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import ReturnsPage from '../../src/client/features/invest/ReturnsPage';
import { api } from '../../src/client/lib/api';
import type { Instalment, Schedule } from '../../src/client/features/invest/types';

const AGREEMENT = '00000000-0000-4000-8000-0000000000aa';

function instalment(seq: number, agreementId = '00000000-0000-4000-8000-0000000000bb'): Instalment {
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    agreementId,
    projectId: '00000000-0000-4000-8000-0000000000cc',
    projectTitle: agreementId === AGREEMENT ? 'Green Harvest Agro' : 'Community Film School',
    investorName: 'Karim Ahmed',
    principal: '100000.00',
    seq,
    dueOn: `2027-${String(seq).padStart(2, '0')}-15`,
    amount: '1000.00',
    currency: 'BDT',
    status: 'due',
    paidAt: null,
    confirmedAt: null,
    payment: null,
    paymentFormVersion: null,
    overdue: false,
    agreementInDefaultSince: null,
  };
}

const totals = { scheduled: '117700.00', due: '117700.00', paid: '0.00', confirmed: '0.00' };
const counts = { scheduled: 3, due: 3, paid: 0, confirmed: 0 };

function serve(extra: Record<string, Schedule> = {}) {
  return vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path === '/me/returns') return { items: [instalment(1), instalment(2)], nextCursor: 'page-2', count: 3, totals, counts } satisfies Schedule as never;
    if (path === '/me/returns?cursor=page-2') return { items: [instalment(3, AGREEMENT)], nextCursor: null, count: 3, totals, counts } satisfies Schedule as never;
    if (path in extra) return extra[path] as never;
    throw new Error(`unexpected GET ${path}`);
  });
}

const show = (url = '/dashboard/returns') =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <ReturnsPage />
    </MemoryRouter>,
  );

const rows = () => screen.getAllByRole('row').slice(1).map((r) => r.querySelectorAll('td')[1]?.textContent);

describe('a schedule, a page at a time', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the totals of the whole schedule and appends the next page on "Show later instalments"', async () => {
    const get = serve();
    show();
    await screen.findByRole('table', { name: 'Returns to you' });
    expect(screen.getByText('Scheduled').nextSibling?.textContent).toBe('৳1,17,700');
    expect(rows()).toEqual(['1', '2']);
    await userEvent.click(screen.getByRole('button', { name: 'Show later instalments' }));
    await screen.findByText('Green Harvest Agro');
    expect(rows()).toEqual(['1', '2', '3']);
    expect(screen.queryByRole('button', { name: 'Show later instalments' })).not.toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/me/returns?cursor=page-2');
  });

  it("says one agreement's own count and sum when linked to it, though its instalments are not on the first page", async () => {
    serve({ [`/me/returns?agreement=${AGREEMENT}&limit=1`]: { items: [instalment(3, AGREEMENT)], nextCursor: 'x', count: 7, totals, counts } });
    show(`/dashboard/returns?agreement=${AGREEMENT}`);
    expect(await screen.findByText('The schedule of the agreement with “Green Harvest Agro”: 7 instalments of ৳1,17,700 in all, highlighted below.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show later instalments' }));
    const highlighted = await screen.findByRole('row', { current: true });
    expect(highlighted).toHaveTextContent('Green Harvest Agro');
  });
});
