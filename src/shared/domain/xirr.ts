/**
 * XIRR, the annualised return from the dates of the money (DOMAIN.md "XIRR"): the rate r that solves
 * Σ cₖ / (1 + r)^((dₖ − d₀) / 365) = 0, with d₀ the earliest flow's date and dates Asia/Dhaka calendar days
 * (actual/365, as spreadsheets' XIRR). One function for the server and the browser.
 *
 * The answer is a decimal fraction (0.1934 is 19.34 %) within 1e-9 of a true solution in (−0.9999, 100), or null
 * ("not available") when no rate in that range solves it: never a guess. How: flows are summed per day in exact paisa;
 * Newton's method from 0.1 (where spreadsheets start) proposes a rate, which is kept only when the value has opposite
 * signs 1e-9 below and above it (a root lies in between, by continuity); otherwise a root is bracketed (between the
 * range's edges when money goes out and then comes back, else by a scan of the range) and bisected to a width under
 * 1e-9. A sign counts only when it exceeds the sum's rounding error, so a rate where the value touches zero without
 * crossing it (a double root of unusual flows, which floating point cannot pin to 1e-9) is not available either. With
 * one sign change in the dated flows (an agreement: money out, then money back) the solution is unique; flows with
 * several (a portfolio whose agreements run one after another can have two or three) get Newton's, as spreadsheets
 * do, else the lowest bracketed one.
 *
 * Cost is linear in the number of distinct days; a portfolio with many agreements should sum its flows per day
 * (GROUP BY date) before calling.
 */
import { dayNumber, type CalendarDate } from '../format/dhaka-calendar';
import { toPaisa } from './money';

/** One movement of money for the investor: negative out (an investment), positive in (an instalment). */
export type CashFlow =
  | { date: CalendarDate; /** taka, read to the paisa by toPaisa: "-10000.00" or -10000 */ amount: string | number }
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
  return { years, amounts, maxYears: years[years.length - 1]! };
}

/**
 * The sign of the present value at rate r, or 0 when rounding could have decided it. Computed without overflow: for
 * r < 0 the value times (1 + r)^maxYears (same sign, as 1 + r > 0), so every power has an exponent ≤ 0 and can only
 * underflow, which the largest terms survive. The sum is compensated (Neumaier), so its rounding error stays a few
 * units in the last place of each term, and each term's own error grows with its exponent's size; a sum within that
 * bound has no trustworthy sign. Near a rate where the value only touches zero that is a wide band: such a rate cannot
 * be pinned to 1e-9 in floating point, so it is not reported.
 */
function signAt({ years, amounts, maxYears }: Terms, r: number): number {
  const log = Math.log1p(r);
  const shift = log < 0 ? maxYears : 0;
  let sum = 0;
  let compensation = 0;
  let errorBound = 0;
  for (let k = 0; k < years.length; k++) {
    const term = amounts[k]! * Math.exp((shift - years[k]!) * log);
    const next = sum + term;
    compensation += Math.abs(sum) >= Math.abs(term) ? sum - next + term : term - next + sum;
    sum = next;
    // The exponent is off by about (shift + years) × |log| units in the last place, and so, relatively, is the power.
    errorBound += Math.abs(term) * (4 + (shift + years[k]!) * Math.abs(log));
  }
  const value = sum + compensation;
  return Math.abs(value) > 4 * Number.EPSILON * errorBound ? Math.sign(value) : 0;
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

/** True when a solution lies within the tolerance of r: the value has opposite (trusted) signs on either side of it. */
function certified(terms: Terms, r: number): boolean {
  const below = r - XIRR_TOLERANCE;
  const above = r + XIRR_TOLERANCE;
  if (below <= XIRR_MIN_RATE || above >= XIRR_MAX_RATE) return false;
  return signAt(terms, below) * signAt(terms, above) < 0;
}

/**
 * The lowest rate in the range where the value changes sign, bisected to within the tolerance; null when the value
 * keeps one sign at every point of the scan (evenly spaced in log(1 + r), where the value changes most evenly; points
 * whose sign rounding could have decided are passed over). A sign change next to an edge of the range lies inside it.
 */
function bracketedRoot(terms: Terms): number | null {
  // Money out then in (one change of sign in date order) has at most one solution (Descartes' rule of signs, which
  // holds for real exponents): when the edges have opposite signs, bisect between them; the same sign means none.
  if (signChanges(terms.amounts) === 1) {
    const low = signAt(terms, XIRR_MIN_RATE);
    const high = signAt(terms, XIRR_MAX_RATE);
    if (low !== 0 && high !== 0) return low === high ? null : bisect(terms, XIRR_MIN_RATE, XIRR_MAX_RATE, low);
  }
  const lowLog = Math.log1p(XIRR_MIN_RATE);
  const highLog = Math.log1p(XIRR_MAX_RATE);
  let previous: { rate: number; sign: number } | null = null;
  for (let i = 0; i <= SCAN_POINTS; i++) {
    const rate = i === 0 ? XIRR_MIN_RATE : i === SCAN_POINTS ? XIRR_MAX_RATE : Math.expm1(lowLog + ((highLog - lowLog) * i) / SCAN_POINTS);
    const sign = signAt(terms, rate);
    if (sign === 0) continue;
    if (previous && sign !== previous.sign) return bisect(terms, previous.rate, rate, previous.sign);
    previous = { rate, sign };
  }
  return null;
}

/**
 * Halves [low, high] (the value has sign lowSign at low and the other at high) until it is narrower than the
 * tolerance. A midpoint whose sign rounding decides is kept only if it is certified; otherwise the rate is not available.
 */
function bisect(terms: Terms, low: number, high: number, lowSign: number): number | null {
  while (high - low > XIRR_TOLERANCE) {
    const mid = (low + high) / 2;
    const sign = signAt(terms, mid);
    if (sign === 0) return certified(terms, mid) ? mid : null;
    if (sign === lowSign) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** How many times the amounts (in date order) change sign. */
function signChanges(amounts: readonly number[]): number {
  let changes = 0;
  for (let k = 1; k < amounts.length; k++) if (Math.sign(amounts[k]!) !== Math.sign(amounts[k - 1]!)) changes++;
  return changes;
}
