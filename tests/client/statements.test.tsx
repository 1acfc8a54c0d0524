// @vitest-environment jsdom
/**
 * The Statements page lists the income years the person moved money in, newest first, marks the year under way, and
 * downloads each year's PDF or CSV with the session (the browser's fetch with the bearer token, saved under the
 * statement's file name); a refused download says why on the year's card.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import StatementsPage from '../../src/client/features/statements/StatementsPage';
import { api, setToken } from '../../src/client/lib/api';

const YEARS = [
  { year: '2027-28', from: '2027-07-01', to: '2028-06-30' },
  { year: '2026-27', from: '2026-07-01', to: '2027-06-30' },
];

describe('StatementsPage', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const clicked: { href: string; download: string }[] = [];

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 02:00 on 1 July 2027 in Dhaka (still 30 June in UTC): the year under way is 2027-28.
    vi.setSystemTime(new Date('2027-06-30T20:00:00Z'));
    setToken('a'.repeat(40));
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:statement');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href')!, download: this.download });
    });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    fetchMock.mockReset();
    clicked.length = 0;
    setToken(null);
  });

  it('lists the years newest first and marks the one under way in Dhaka', async () => {
    vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
      if (path !== '/me/statements') throw new Error(`unexpected GET ${path}`);
      return { items: YEARS } as never;
    });
    render(<StatementsPage />);
    const cards = await screen.findAllByRole('region');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Income year 2027-28', 'Income year 2026-27']);
    expect(cards[0]).toHaveTextContent('1 Jul 2027 – 30 Jun 2028');
    expect(within(cards[0]!).getByText('Year in progress')).toBeInTheDocument();
    expect(within(cards[1]!).queryByText('Year in progress')).toBeNull();
    expect(within(cards[1]!).getByRole('button', { name: 'Download the 2026-27 statement as PDF' })).toBeEnabled();
    expect(within(cards[1]!).getByRole('button', { name: 'Download the 2026-27 statement as CSV' })).toBeEnabled();
  });

  it('downloads a year as PDF or CSV with the session, under the statement’s file name', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({ items: YEARS } as never);
    fetchMock.mockImplementation(async () => new Response('%PDF-1.3', { status: 200, headers: { 'content-type': 'application/pdf' } }));
    const user = userEvent.setup();
    render(<StatementsPage />);
    await user.click(await screen.findByRole('button', { name: 'Download the 2026-27 statement as PDF' }));
    await user.click(screen.getByRole('button', { name: 'Download the 2027-28 statement as CSV' }));
    expect(fetchMock.mock.calls.map(([url, init]) => [url, (init?.headers as Record<string, string>).authorization])).toEqual([
      ['/api/v1/me/statements/2026-27?format=pdf', `Bearer ${'a'.repeat(40)}`],
      ['/api/v1/me/statements/2027-28?format=csv', `Bearer ${'a'.repeat(40)}`],
    ]);
    await vi.waitFor(() => expect(clicked).toHaveLength(2));
    expect(clicked).toEqual([
      { href: 'blob:statement', download: 'statement-2026-27.pdf' },
      { href: 'blob:statement', download: 'statement-2027-28.csv' },
    ]);
  });

  it('says on the card why a download was refused', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({ items: YEARS } as never);
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ message: 'The service cannot reach its database right now.' }), { status: 503, headers: { 'content-type': 'application/json' } }));
    const user = userEvent.setup();
    render(<StatementsPage />);
    await user.click(await screen.findByRole('button', { name: 'Download the 2027-28 statement as PDF' }));
    const card = screen.getAllByRole('region')[0]!;
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('Could not download the PDF statement for 2027-28');
    expect(alert).toHaveTextContent('The service cannot reach its database right now.');
    expect(clicked).toEqual([]);
  });

  it('says what makes a year appear when there is none yet', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({ items: [] } as never);
    render(<StatementsPage />);
    expect(await screen.findByText('No statements yet.')).toBeInTheDocument();
    expect(screen.getByText(/A year appears here once money moves/)).toBeInTheDocument();
  });
});
