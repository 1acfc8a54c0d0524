/**
 * The dated money of held agreements, as XIRR reads it (DOMAIN.md "XIRR"), one rule for an agreement and for a
 * portfolio: an agreement is turned into the same per-day sums the portfolio's read model keeps (migration 023), and
 * both are turned into flows by the functions below.
 *
 * - **Expected** (the API's `xirr`): principal out on the day of acceptance; each instalment in on the day it was
 *   confirmed, or, while not confirmed, on its due date.
 * - **To date** (`xirrToDate`): only what has happened — principal out, confirmed instalments in on their days —
 *   and the principal not yet repaid counted as if it came back today at its face value (no profit not yet
 *   received). Before a day has passed since the money went out there is no rate (`too_early`).
 *
 * Rates are decimal fractions (0.1934 is 19.34 %), or null with the reason: never a guess.
 */
import { xirr, type CashFlow } from './xirr';
import type { CalendarDate } from '../format/dhaka-calendar';

/** Why a rate is not available. */
export type RateReason =
  /** Nothing is held. */
  | 'no_agreements'
  /** The agreement has no instalments. */
  | 'no_schedule'
  /** All the money so far moved on one day: there is no span to annualise over yet. */
  | 'too_early'
  /** No rate in (−0.9999, 100) solves the flows. */
  | 'no_solution';

export interface Rate {
  rate: number | null;
  reason: RateReason | null;
}

/** A day's money of held agreements, in paisa (the columns of `portfolio_days`). */
export interface DaySums {
  day: CalendarDate;
  /** Principal out (agreements accepted that day). */
  invested: bigint;
  /** Instalments due that day, not marked paid. */
  due: bigint;
  /** Instalments due that day, marked paid, not confirmed. */
  paid: bigint;
  /** Instalments confirmed that day. */
  received: bigint;
  /** Their profit parts. */
  receivedProfit: bigint;
}

export interface HeldInstalment {
  dueOn: CalendarDate;
  amount: bigint;
  /** Its profit part (DOMAIN.md), paisa. */
  profit: bigint;
  status: 'due' | 'paid' | 'confirmed';
  /** The Dhaka date it was confirmed on; null until confirmed. */
  confirmedOn: CalendarDate | null;
}

export interface HeldAgreement {
  principal: bigint;
  /** The Dhaka date it was accepted on. */
  acceptedOn: CalendarDate;
  instalments: readonly HeldInstalment[];
}

const zero = (day: CalendarDate): DaySums => ({ day, invested: 0n, due: 0n, paid: 0n, received: 0n, receivedProfit: 0n });

/** One agreement as per-day sums, exactly as the read model keeps them. */
export function agreementDays(a: HeldAgreement): DaySums[] {
  const days = new Map<CalendarDate, DaySums>();
  const at = (day: CalendarDate) => days.get(day) ?? days.set(day, zero(day)).get(day)!;
  at(a.acceptedOn).invested += a.principal;
  for (const i of a.instalments) {
    if (i.status === 'confirmed') {
      const d = at(i.confirmedOn ?? i.dueOn);
      d.received += i.amount;
      d.receivedProfit += i.profit;
    } else if (i.status === 'paid') at(i.dueOn).paid += i.amount;
    else at(i.dueOn).due += i.amount;
  }
  return [...days.values()];
}

/** Expected flows: out on acceptance, in on confirmation or else on the due date. */
export function expectedFlows(days: readonly DaySums[]): CashFlow[] {
  return days.map((d) => ({ date: d.day, paisa: d.due + d.paid + d.received - d.invested }));
}

/** Flows to date: out on acceptance, confirmed money in, and the principal not yet repaid back today at face value. */
export function toDateFlows(days: readonly DaySums[], today: CalendarDate): CashFlow[] {
  let invested = 0n;
  let principalBack = 0n;
  const flows: CashFlow[] = [];
  for (const d of days) {
    invested += d.invested;
    principalBack += d.received - d.receivedProfit;
    flows.push({ date: d.day, paisa: d.received - d.invested });
  }
  const outstanding = invested - principalBack;
  if (outstanding > 0n) flows.push({ date: today, paisa: outstanding });
  return flows;
}

/** The XIRR of flows, or null with the reason (`too_early` when all the money moved on one day). */
export function rateOf(flows: readonly CashFlow[]): Rate {
  const moving = flows.filter((f) => ('paisa' in f ? f.paisa !== 0n : Number(f.amount) !== 0));
  if (moving.length === 0) return { rate: null, reason: 'no_agreements' };
  if (moving.every((f) => f.date === moving[0]!.date)) return { rate: null, reason: 'too_early' };
  const rate = xirr(moving);
  return rate === null ? { rate: null, reason: 'no_solution' } : { rate, reason: null };
}
