// @vitest-environment jsdom
/**
 * The Statements page lists the income years the person moved money in, newest first, marks the year under way, and
 * downloads each year's PDF or CSV with the session (the signed-in client, axios, with the bearer token, saved under the
 * statement's file name); a refused download says why on the year's card.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import StatementsPage from '../../src/client/features/statements/StatementsPage';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { api, setToken } from '../../src/client/lib/api';
import { axiosClient } from '../../src/client/lib/api-axios';

/** What the server would answer, as axios's adapter hands it over (a Blob: downloads ask for one). */
function answer(status: number, body: string, type: string) {
  return async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => ({ data: new Blob([body], { type }), status, statusText: '', headers: { 'content-type': type }, config });
}

const YEARS = [
  { year: '2027-28', from: '2027-07-01', to: '2028-06-30' },
  { year: '2026-27', from: '2026-07-01', to: '2027-06-30' },
];

describe('StatementsPage', () => {
  const adapter = vi.fn<AxiosAdapter>();
  const realAdapter = axiosClient.defaults.adapter;
  const clicked: { href: string; download: string }[] = [];

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 02:00 on 1 July 2027 in Dhaka (still 30 June in UTC): the year under way is 2027-28.
    vi.setSystemTime(new Date('2027-06-30T20:00:00Z'));
    setToken('a'.repeat(40));
    axiosClient.defaults.adapter = adapter;
    URL.createObjectURL = vi.fn(() => 'blob:statement');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href')!, download: this.download });
    });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
    adapter.mockReset();
    axiosClient.defaults.adapter = realAdapter;
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
    adapter.mockImplementation(answer(200, '%PDF-1.3', 'application/pdf'));
    const user = userEvent.setup();
    render(<StatementsPage />);
    await user.click(await screen.findByRole('button', { name: 'Download the 2026-27 statement as PDF' }));
    await user.click(screen.getByRole('button', { name: 'Download the 2027-28 statement as CSV' }));
    expect(adapter.mock.calls.map(([config]) => [axiosClient.getUri(config), config.headers.get('authorization')])).toEqual([
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
    adapter.mockImplementation(answer(503, JSON.stringify({ message: 'The service cannot reach its database right now.' }), 'application/json'));
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
