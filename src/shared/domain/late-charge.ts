/**
 * Late payments, the Shariah way (DOMAIN.md "Late payments"): no interest to the investor. An instalment not marked
 * paid by its due date is overdue; after the grace period a charge for charity accrues for each further day, the
 * overdue amount × rate / 100 / 365 a day, summed and rounded down to the paisa, until the day it is marked paid. The
 * charge is never part of a return, an XIRR or a statement of income. An agreement with an instalment overdue for
 * `DEFAULT_AFTER_DAYS` is in default.
 *
 * Days are counted as whole calendar days after the due date (Asia/Dhaka dates, `YYYY-MM-DD`), the way lenders count
 * "days past due": an instalment due on 10 March and still unpaid on 11 March is 1 day overdue; paid on 17 March, it
 * was overdue for 7 days, the day it was marked paid included. With a grace of 7 days, the charge starts on the 8th.
 */
import { daysBetween, type CalendarDate } from '../format/dhaka-calendar';
import { toBasisPoints } from './money';

/** Whole days an instalment due on `dueDate` is overdue on `asOf` (0 on or before its due date). */
export function daysOverdue(dueDate: CalendarDate, asOf: CalendarDate): number {
  return Math.max(0, daysBetween(dueDate, asOf));
}

export type LateChargeInput = {
  /** The overdue amount, paisa. */
  overduePaisa: bigint;
  dueDate: CalendarDate;
  /** Days after the due date that accrue nothing (`LATE_GRACE_DAYS`, default 7). */
  graceDays: number;
  /** Percent a year (`LATE_CHARITY_RATE_PA`, default 0: off); at most two decimals ("2.5", 12). */
  ratePa: string | number;
} & (
  | { /** The day it was marked paid: accrual stops there. */ paidDate: CalendarDate; asOf?: never }
  | { /** Still unpaid: the charge accrued up to this day. */ asOf: CalendarDate; paidDate?: never }
);

/** Days the charge accrues for: the days overdue beyond the grace period. */
export function chargeableDays(dueDate: CalendarDate, until: CalendarDate, graceDays: number): number {
  if (!Number.isInteger(graceDays) || graceDays < 0) throw new RangeError(`grace days must be a whole number ≥ 0, not ${graceDays}`);
  return Math.max(0, daysOverdue(dueDate, until) - graceDays);
}

/**
 * The late charge owed to charity, in paisa: floor(overdue × rate/100 × chargeable days / 365) — the daily charges
 * summed exactly, then rounded down once. 0 at rate 0, within the grace period, or when paid on time.
 */
export function lateCharge(input: LateChargeInput): bigint {
  const { overduePaisa, dueDate, graceDays, ratePa } = input;
  if (overduePaisa < 0n) throw new RangeError('an overdue amount is never negative');
  const rateBp = basisPoints(ratePa);
  const until = input.paidDate !== undefined ? input.paidDate : input.asOf;
  const days = chargeableDays(dueDate, until, graceDays);
  // rate in basis points: overdue × (bp / 10,000) × days / 365.
  return (overduePaisa * rateBp * BigInt(days)) / (10_000n * 365n);
}

/**
 * True when an unpaid instalment due on `dueDate` has been overdue for `defaultAfterDays` days (`DEFAULT_AFTER_DAYS`,
 * default 90, a whole number ≥ 1) on `asOf`: its agreement is then `in_default` until every overdue instalment is paid.
 */
export function isInDefault(dueDate: CalendarDate, asOf: CalendarDate, defaultAfterDays: number): boolean {
  if (!Number.isInteger(defaultAfterDays) || defaultAfterDays < 1) throw new RangeError(`default after days must be a whole number ≥ 1, not ${defaultAfterDays}`);
  return daysOverdue(dueDate, asOf) >= defaultAfterDays;
}

function basisPoints(ratePa: string | number): bigint {
  let bp: bigint;
  try {
    bp = toBasisPoints(ratePa);
  } catch {
    throw new RangeError(`the late charge rate is a percentage with at most two decimals, not ${JSON.stringify(ratePa)}`);
  }
  if (bp < 0n) throw new RangeError('the late charge rate is never negative');
  return bp;
}
