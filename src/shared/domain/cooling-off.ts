/**
 * The cooling-off window (DOMAIN.md "Investor protections", issue 31 §3): an investor may cancel an accepted agreement
 * within `COOLING_OFF_HOURS` of its acceptance, and the first instalment is never due before the window ends.
 *
 * Decided here: the window is [acceptedAt, acceptedAt + hours): at its last instant it is closed (the 409 answer); 0
 * hours means no window. An instalment due on a calendar date D may be paid until the end of D (it is overdue from
 * D + 1, DOMAIN.md "Late payments"), so a due date on the Dhaka date the window ends, E, is never due before the
 * window ends: an earlier due date moves to E. Only a window longer than the first interval (a month at least, for
 * every schedule today) moves anything; later due dates that also fall before E move too, so the order is kept.
 */
import { dayNumber, type CalendarDate } from '../format/dhaka-calendar';

const HOUR_MS = 3_600_000;

/** The instant the window closes: acceptance + `hours` (a number ≥ 0). */
export function coolingOffEndsAt(acceptedAt: Date, hours: number): Date {
  if (!Number.isFinite(hours) || hours < 0) throw new RangeError(`cooling-off hours must be a number ≥ 0, not ${hours}`);
  if (Number.isNaN(acceptedAt.getTime())) throw new RangeError('not an acceptance time');
  return new Date(acceptedAt.getTime() + hours * HOUR_MS);
}

/** True while the investor may still cancel: `now` is before the window closes. */
export function canCancel(now: Date, acceptedAt: Date, hours: number): boolean {
  return now.getTime() < coolingOffEndsAt(acceptedAt, hours).getTime();
}

/**
 * The schedule with no due date before `windowEndsOn`, the Dhaka calendar date of `coolingOffEndsAt(...)` (the shared
 * Dhaka-date helper gives it): any earlier due date becomes that date. Other fields are kept; the input is not changed.
 */
export function notDueBeforeCoolingOff<T extends { dueOn: CalendarDate }>(instalments: readonly T[], windowEndsOn: CalendarDate): T[] {
  const end = dayNumber(windowEndsOn);
  return instalments.map((instalment) => (dayNumber(instalment.dueOn) < end ? { ...instalment, dueOn: windowEndsOn } : instalment));
}

/** When an agreement's investor may cancel it until (ISO), or null: not accepted, or the window has closed. */
export function cancellableUntil(status: string, acceptedAt: Date | null, now: Date, hours: number): string | null {
  if (status !== 'accepted' || !acceptedAt || !canCancel(now, acceptedAt, hours)) return null;
  return coolingOffEndsAt(acceptedAt, hours).toISOString();
}
