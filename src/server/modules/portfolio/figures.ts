/**
 * The portfolio's arithmetic over the person's days of the read model (paisa): the investor's totals, their expected
 * and to-date XIRR, money out and back by month, and the owner's totals with what they owe next. `today` (a Dhaka
 * date) decides what is overdue.
 */
import { fromPaisa } from '../../../shared/domain/money';
import { expectedFlows, rateOf, toDateFlows, type DaySums, type Rate } from '../../../shared/domain/portfolio-flows';
import type { OwnerSide, PortfolioMonth, RateReason } from '../../../shared/api/portfolio';
import type { OwnerFigures, PersonDay } from './queries';

const sum = (days: readonly PersonDay[], pick: (d: PersonDay) => bigint) => days.reduce((acc, d) => acc + pick(d), 0n);

/** The investor's totals (paisa) over their days; `today` decides what is overdue. */
export function investorTotals(days: readonly PersonDay[], today: string) {
  return {
    invested: sum(days, (d) => d.invested),
    received: sum(days, (d) => d.received),
    outstanding: sum(days, (d) => d.due + d.paid),
    awaitingConfirmation: sum(days, (d) => d.paid),
    overdue: sum(days, (d) => (d.day < today ? d.due : 0n)),
    profitReceived: sum(days, (d) => d.receivedProfit),
  };
}

/** Expected and to-date XIRR of days of held money; `empty` is the reason when nothing is held. */
export function ratesOf(days: readonly DaySums[], today: string, empty: RateReason) {
  const held = days.filter((d) => d.invested !== 0n || d.due !== 0n || d.paid !== 0n || d.received !== 0n);
  const none: Rate = { rate: null, reason: empty };
  const expected = held.length === 0 ? none : rateOf(expectedFlows(held));
  const toDate = held.length === 0 ? none : rateOf(toDateFlows(held, today));
  return { xirr: expected.rate, xirrReason: expected.reason, xirrToDate: toDate.rate, xirrToDateReason: toDate.reason };
}

/** Money out and back by month (Dhaka dates), months with no investor money left out. */
export function monthsOf(days: readonly PersonDay[]): PortfolioMonth[] {
  const months = new Map<string, { out: bigint; received: bigint; expected: bigint }>();
  for (const d of days) {
    if (d.invested === 0n && d.received === 0n && d.due === 0n && d.paid === 0n) continue;
    const key = d.day.slice(0, 7);
    const m = months.get(key) ?? { out: 0n, received: 0n, expected: 0n };
    m.out += d.invested;
    m.received += d.received;
    m.expected += d.due + d.paid;
    months.set(key, m);
  }
  return [...months].map(([month, m]) => ({ month, out: fromPaisa(m.out), received: fromPaisa(m.received), expected: fromPaisa(m.expected) }));
}

/** The owner's totals and what they owe next, from their days and their counters. */
export function ownerTotals(days: readonly PersonDay[], figures: OwnerFigures, today: string): Omit<OwnerSide, 'projects'> {
  const owed = days.filter((d) => d.owed !== 0n);
  const first = owed[0];
  return {
    totals: {
      raised: fromPaisa(figures.raised),
      repaid: fromPaisa(figures.repaid),
      due: fromPaisa(owed.reduce((acc, d) => acc + d.owed, 0n)),
      overdue: fromPaisa(owed.filter((d) => d.day < today).reduce((acc, d) => acc + d.owed, 0n)),
    },
    next: first ? { dueOn: first.day, amount: fromPaisa(first.owed), overdue: first.day < today } : null,
  };
}
