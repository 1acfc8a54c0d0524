// @vitest-environment jsdom
/**
 * The Portfolio page as a person reads it: the totals, the XIRR as a percentage (and "not available" with its reason
 * instead of a number), the chart of money by month with its table, each agreement's next instalment (overdue marked)
 * and its schedule's link, more agreements on request, the zakat estimate step by step, the owner's repayments; an
 * empty portfolio says what to do. The chart's geometry: every month on the axis, one scale above and below the line.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import PortfolioPage from '../../src/client/features/portfolio/PortfolioPage';
import { continuousMonths, layoutBars } from '../../src/client/features/portfolio/chart-geometry';
import { api } from '../../src/client/lib/api';
import type { Portfolio, PortfolioAgreement } from '../../src/shared/api/portfolio';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function agreement(n: number, over: Partial<PortfolioAgreement> = {}): PortfolioAgreement {
  return {
    id: id(n),
    projectId: id(100 + n),
    projectTitle: `Project ${n}`,
    amount: '100000.00',
    status: 'accepted',
    investmentType: 'Halal Way',
    acceptedOn: '2026-01-10',
    inDefaultSince: null,
    total: '117700.00',
    received: '29425.00',
    outstanding: '88275.00',
    overdue: '0.00',
    profitReceived: '4425.00',
    instalments: 4,
    confirmedInstalments: 1,
    nextInstalment: { seq: 2, dueOn: '2026-07-10', amount: '29425.00', overdue: false },
    xirr: 0.3178,
    xirrReason: null,
    xirrToDate: 0.0521,
    xirrToDateReason: null,
    scheduleLink: `/dashboard/returns?view=returns&agreement=${id(n)}`,
    ...over,
  };
}

const portfolio: Portfolio = {
  currency: 'BDT',
  asOf: '2026-07-11',
  totals: { invested: '150000.00', received: '29425.00', outstanding: '142775.00', awaitingConfirmation: '0.00', overdue: '29425.00', profitReceived: '4425.00' },
  xirr: 0.19341,
  xirrReason: null,
  xirrToDate: null,
  xirrToDateReason: 'too_early',
  months: [
    { month: '2026-01', out: '100000.00', received: '0.00', expected: '0.00' },
    { month: '2026-04', out: '0.00', received: '29425.00', expected: '0.00' },
    { month: '2026-07', out: '0.00', received: '0.00', expected: '29425.00' },
  ],
  agreements: {
    items: [agreement(1, { overdue: '29425.00', inDefaultSince: '2026-07-09', nextInstalment: { seq: 2, dueOn: '2026-07-10', amount: '29425.00', overdue: true } }), agreement(2, { xirrToDate: null, xirrToDateReason: 'too_early' })],
    nextCursor: 'more-1',
  },
  zakat: {
    estimate: true,
    asOf: '2026-07-11',
    holdings: '172200.00',
    nisab: '150000.00',
    due: '4305.00',
    steps: [
      { step: 'holdings', amount: '172200.00' },
      { step: 'nisab', amount: '150000.00', reached: true },
      { step: 'rate', amount: '4305.00', percent: '2.5' },
      { step: 'due', amount: '4305.00' },
    ],
  },
  owner: {
    totals: { raised: '500000.00', repaid: '58850.00', due: '300000.00', overdue: '0.00' },
    next: { dueOn: '2026-08-15', amount: '54500.00', overdue: false },
    projects: { items: [{ id: id(300), title: 'Rooftop farms', status: 'funded', raised: '500000.00', repaid: '58850.00', due: '300000.00', overdue: '0.00', next: { dueOn: '2026-08-15', amount: '54500.00', instalments: 2, overdue: false }, scheduleLink: '/dashboard/returns?view=repayments' }], nextCursor: null },
  },
};

function serve(answer: Portfolio) {
  return vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path === '/me/portfolio') return answer as never;
    if (path === '/me/portfolio/agreements?cursor=more-1') return { items: [agreement(3, { projectTitle: 'Project 3' })], nextCursor: null } as never;
    throw new Error(`unexpected GET ${path}`);
  });
}

const show = () =>
  render(
    <MemoryRouter>
      <PortfolioPage />
    </MemoryRouter>,
  );

describe('the Portfolio page', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the totals, the return as a percentage, and "not available" with its reason instead of a number', async () => {
    serve(portfolio);
    show();
    const totals = await screen.findByRole('list', { name: 'Portfolio totals' });
    const tile = (label: string) => within(totals).getAllByRole('listitem').find((li) => li.textContent!.startsWith(label))!.textContent;
    expect(tile('Invested')).toContain('৳1,50,000');
    expect(tile('Received')).toContain('৳29,425');
    expect(tile('Outstanding')).toContain('৳1,42,775');
    expect(tile('Overdue')).toContain('৳29,425');
    expect(tile('Overdue')).toContain('not paid by its due date');
    expect(tile('Profit received')).toContain('৳4,425');
    const rates = screen.getByRole('list', { name: 'Annualised return' });
    expect(within(rates).getByText('19.34 % a year')).toBeInTheDocument();
    expect(within(rates).getByText('Not available yet: so far all the money moved on one day.')).toBeInTheDocument();
    expect(rates.textContent).not.toMatch(/NaN|null|undefined/);
  });

  it('draws money out and back by month, with every figure in a table', async () => {
    serve(portfolio);
    show();
    const chart = await screen.findByRole('img', { name: /^Money out and back by month, Jan 2026 to Jul 2026: at most ৳1,00,000 out and ৳29,425 back in a month/ });
    // Every month from January to July on the axis (empty ones too), one bar each way where there was money.
    expect(chart.querySelectorAll('rect[fill]').length).toBeGreaterThanOrEqual(3);
    const table = screen.getByRole('table', { name: 'Money out and back by month' });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Jan 2026', 'Apr 2026', 'Jul 2026']);
    expect(rows).toEqual([
      ['৳1,00,000', '৳0', '৳0'],
      ['৳0', '৳29,425', '৳0'],
      ['৳0', '৳0', '৳29,425'],
    ]);
  });

  it('lists each agreement with its next instalment (overdue marked), its XIRR and its schedule, and more on request', async () => {
    const get = serve(portfolio);
    show();
    const list = await screen.findByRole('list', { name: 'Your agreements' });
    const first = within(list).getByRole('listitem', { name: 'Project 1' });
    expect(first.textContent).toContain('৳1,00,000 invested on 10 Jan 2026');
    expect(within(first).getByText('In default')).toBeInTheDocument();
    expect(first.textContent).toContain('In default since 9 Jul 2026: an instalment is long overdue.');
    expect(first.textContent).toContain('Received৳29,425 of ৳1,17,700 (1 of 4)');
    expect(first.textContent).toContain('Overdue৳29,425');
    expect(first.textContent).toContain('Next instalment৳29,425 was due 10 Jul 2026');
    expect(first.textContent).toContain('Expected XIRR31.78 % a year');
    expect(first.textContent).toContain('XIRR to date5.21 % a year');
    expect(within(first).getByRole('link', { name: 'Schedule of Project 1' })).toHaveAttribute('href', `/dashboard/returns?view=returns&agreement=${id(1)}`);
    const second = within(list).getByRole('listitem', { name: 'Project 2' });
    expect(within(second).getByText('Active')).toBeInTheDocument();
    expect(second.textContent).toContain('Next instalment৳29,425 due 10 Jul 2026');
    expect(second.textContent).toContain('XIRR to dateNot available yet');
    await userEvent.click(screen.getByRole('button', { name: 'Show more agreements' }));
    await within(list).findByRole('listitem', { name: 'Project 3' });
    expect(get).toHaveBeenCalledWith('/me/portfolio/agreements?cursor=more-1');
    expect(screen.queryByRole('button', { name: 'Show more agreements' })).not.toBeInTheDocument();
  });

  it('estimates zakat step by step, labelled an estimate to confirm with a scholar', async () => {
    serve(portfolio);
    show();
    const steps = await screen.findByRole('list', { name: 'How the estimate is worked out' });
    expect(within(steps).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'What you are owed on the platform on 11 Jul 2026 (instalments not received yet): ৳1,72,200.',
      "The nisab, set by the platform's staff: ৳1,50,000. Your holdings here reach it.",
      '2.5 % of ৳1,72,200: ৳4,305.',
      'Estimated zakat: ৳4,305.',
    ]);
    expect(screen.getByText(/An estimate, to confirm with a scholar/)).toBeInTheDocument();
  });

  it('says there is no zakat estimate while the nisab is not set', async () => {
    serve({ ...portfolio, zakat: { estimate: true, asOf: '2026-07-11', holdings: '172200.00', nisab: null, due: null, steps: [{ step: 'holdings', amount: '172200.00' }] } });
    show();
    expect(await screen.findByText("No estimate yet: the platform's staff have not set the nisab.")).toBeInTheDocument();
    expect(screen.queryByText(/Estimated zakat/)).not.toBeInTheDocument();
  });

  it("shows an owner what their projects raised and repaid, and what they owe next", async () => {
    serve(portfolio);
    show();
    expect(await screen.findByText('You owe ৳54,500 next, due 15 Aug 2026.')).toBeInTheDocument();
    const project = screen.getByRole('listitem', { name: 'Rooftop farms' });
    expect(project.textContent).toContain('Raised৳5,00,000Repaid৳58,850Still to repay৳3,00,000Overdue৳0');
    expect(project.textContent).toContain('Next: ৳54,500 due 15 Aug 2026 (2 instalments)');
    expect(screen.getByRole('link', { name: 'Mark repayments paid' })).toHaveAttribute('href', '/dashboard/returns?view=repayments');
  });

  it('says what to do when there is nothing in it', async () => {
    serve({ ...portfolio, totals: { ...portfolio.totals, invested: '0.00' }, months: [], agreements: { items: [], nextCursor: null }, owner: { ...portfolio.owner, projects: { items: [], nextCursor: null } } });
    show();
    expect(await screen.findByText('Your portfolio is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse projects' })).toHaveAttribute('href', '/projects');
  });
});

describe('the chart geometry', () => {
  it('keeps every month on the axis and puts money back above the line and money out below it, on one scale', () => {
    const months = continuousMonths([
      { month: '2025-11', out: '300.00', received: '0.00', expected: '0.00' },
      { month: '2026-02', out: '0.00', received: '100.00', expected: '50.00' },
    ]);
    expect(months.map((m) => m.month)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    const { bars, zero } = layoutBars(months, { left: 0, width: 400, top: 0, height: 450, labelWidth: 150 });
    // 150 up and 300 down in 450 units: the line a third of the way down.
    expect(zero).toBe(150);
    expect(bars[0]!.out).toEqual({ y: 150, height: 300 });
    expect(bars[3]!.received).toEqual({ y: 50, height: 100 });
    expect(bars[3]!.expected).toEqual({ y: 0, height: 50 });
    expect(bars[1]!.received.height + bars[1]!.out.height).toBe(0);
    // 100 units a month, a label needs 150: every second month is labelled.
    expect(bars.map((b) => b.labelled)).toEqual([true, false, true, false]);
  });
});
