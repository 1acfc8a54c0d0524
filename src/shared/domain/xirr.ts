/**
 * XIRR, the annualised return from the dates of the money (DOMAIN.md "XIRR"): the rate r that solves
 * Σ cₖ / (1 + r)^((dₖ − d₀) / 365) = 0, with d₀ the earliest flow's date and dates Asia/Dhaka calendar days
 * (actual/365, as spreadsheets' XIRR). One function for the server and the browser.
 *
 * The answer is a decimal fraction (0.1934 is 19.34 %) within 1e-9 of a true solution in (−0.9999, 100), or null
 * ("not available") when no rate in that range solves it: never a guess. How: flows are summed per day in exact paisa;
 * Newton's method from 0.1 (where spreadsheets start) proposes a rate, which is kept only when the value changes sign
 * within ±1e-9 of it (a root lies in between, by continuity); otherwise the range is scanned for a sign change and the
 * root bracketed there is bisected to a width under 1e-9. With one sign change in the dated flows (an agreement:
 * money out, then money back) the solution is unique; for flows with several solutions, Newton's is preferred, then the
 * lowest bracketed one.
 *
 * Cost is linear in the number of distinct days; a portfolio with many agreements should sum its flows per day
 * (GROUP BY date) before calling.
 */
import { dayNumber, type CalendarDate } from './calendar-date';
import { toPaisa } from './money';

/** One movement of money for the investor: negative out (an investment), positive in (an instalment). */
export type CashFlow =
  | { date: CalendarDate; /** taka: "-10000.00" or -10000 */ amount: string | number }
  | { date: CalendarDate; /** integer paisa */ paisa: bigint };

/** The open range a rate is sought in (DOMAIN.md). */
export const XIRR_MIN_RATE = -0.9999;
export const XIRR_MAX_RATE = 100;
/** How close to a true solution the answer is. */
export const XIRR_TOLERANCE = 1e-9;

const NEWTON_START = 0.1;
const NEWTON_MAX_STEPS = 60;
const SCAN_POINTS = 1000;

/** Flows as the solver sees them: years after d₀ and amounts (paisa, as floats: exact below 2⁵³), and the longest span. */
interface Terms {
  years: number[];
  amounts: number[];
  maxYears: number;
}

/**
 * The annualised return of dated cash flows (taka or paisa; any order; zero flows ignored), or null when no rate in
 * (−0.9999, 100) solves them: no flows, one flow, flows all of one sign, all on one day, or a rate outside the range.
 * Throws a RangeError on an unreadable date or amount.
 */
export function xirr(flows: readonly CashFlow[]): number | null {
  const terms = termsOf(flows);
  if (!terms) return null;
  const newton = newtonRoot(terms);
  if (newton !== null && certified(terms, newton)) return newton;
  return bracketedRoot(terms);
}

/** Flows summed per day (exact), as years after the earliest date; null when they cannot have a solution. */
function termsOf(flows: readonly CashFlow[]): Terms | null {
  const byDay = new Map<number, bigint>();
  let first = Infinity;
  for (const flow of flows) {
    const day = dayNumber(flow.date);
    const paisa = 'paisa' in flow ? flow.paisa : toPaisa(flow.amount);
    if (typeof paisa !== 'bigint') throw new RangeError(`not an amount in paisa: ${String(paisa)}`);
    first = Math.min(first, day);
    byDay.set(day, (byDay.get(day) ?? 0n) + paisa);
  }
  const years: number[] = [];
  const amounts: number[] = [];
  // In date order, so the floating-point sums (and the answer) do not depend on the order the flows came in.
  for (const [day, paisa] of [...byDay].sort(([a], [b]) => a - b)) {
    if (paisa === 0n) continue;
    years.push((day - first) / 365);
    amounts.push(Number(paisa));
  }
  // A solution needs money both ways, and on more than one day (on one day the value does not depend on the rate).
  if (!amounts.some((a) => a < 0) || !amounts.some((a) => a > 0) || years.length < 2) return null;
  return { years, amounts, maxYears: Math.max(...years) };
}

/**
 * The sign of the present value at rate r, computed without overflow: for r < 0 the value times (1 + r)^maxYears
 * (same sign, as 1 + r > 0), so every power has an exponent ≤ 0 and can only underflow, which the largest terms survive.
 */
function signAt({ years, amounts, maxYears }: Terms, r: number): number {
  const log = Math.log1p(r);
  const shift = log < 0 ? maxYears : 0;
  let sum = 0;
  for (let k = 0; k < years.length; k++) sum += amounts[k]! * Math.exp((shift - years[k]!) * log);
  return Math.sign(sum);
}

/** Newton's method on the present value from 0.1; null when it leaves the range, overflows or does not settle. */
function newtonRoot({ years, amounts }: Terms): number | null {
  let r = NEWTON_START;
  for (let step = 0; step < NEWTON_MAX_STEPS; step++) {
    const log = Math.log1p(r);
    let value = 0;
    let slope = 0;
    for (let k = 0; k < years.length; k++) {
      const discounted = amounts[k]! * Math.exp(-years[k]! * log);
      value += discounted;
      slope -= (years[k]! * discounted) / (1 + r);
    }
    const next = r - value / slope;
    if (!Number.isFinite(next) || next <= XIRR_MIN_RATE || next >= XIRR_MAX_RATE) return null;
    if (Math.abs(next - r) <= 1e-12 * Math.max(1, Math.abs(next))) return next;
    r = next;
  }
  return null;
}

/** True when a solution lies within the tolerance of r: the value is zero at r, or has another sign on either side. */
function certified(terms: Terms, r: number): boolean {
  const at = signAt(terms, r);
  if (at === 0) return true;
  for (const side of [r - XIRR_TOLERANCE, r + XIRR_TOLERANCE]) {
    if (side > XIRR_MIN_RATE && side < XIRR_MAX_RATE && signAt(terms, side) !== at) return true;
  }
  return false;
}

/**
 * The lowest rate in the range where the value changes sign, bisected to within the tolerance; null when the value
 * keeps one sign at every point of the scan (evenly spaced in log(1 + r), where the value changes most evenly). A zero
 * exactly on an edge of the range is not a solution DOMAIN.md admits; a sign change next to an edge lies inside it.
 */
function bracketedRoot(terms: Terms): number | null {
  const lowLog = Math.log1p(XIRR_MIN_RATE);
  const highLog = Math.log1p(XIRR_MAX_RATE);
  let previous: { rate: number; sign: number } | null = null;
  for (let i = 0; i <= SCAN_POINTS; i++) {
    const edge = i === 0 || i === SCAN_POINTS;
    const rate = i === 0 ? XIRR_MIN_RATE : i === SCAN_POINTS ? XIRR_MAX_RATE : Math.expm1(lowLog + ((highLog - lowLog) * i) / SCAN_POINTS);
    const sign = signAt(terms, rate);
    if (sign === 0) {
      if (!edge) return rate;
      continue;
    }
    if (previous && sign !== previous.sign) return bisect(terms, previous.rate, rate, previous.sign);
    previous = { rate, sign };
  }
  return null;
}

/** Halves [low, high] (the value has sign lowSign at low and the other at high) until it is narrower than the tolerance. */
function bisect(terms: Terms, low: number, high: number, lowSign: number): number {
  while (high - low > XIRR_TOLERANCE) {
    const mid = (low + high) / 2;
    const sign = signAt(terms, mid);
    if (sign === 0) return mid;
    if (sign === lowSign) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}
