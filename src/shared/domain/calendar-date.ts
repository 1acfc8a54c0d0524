/**
 * Calendar-date arithmetic for the money rules (XIRR, late charges, income years): a business date is a calendar date
 * in Asia/Dhaka written `YYYY-MM-DD` (CONVENTIONS 18). The caller turns an instant into its Dhaka date (the shared
 * Dhaka-date helper); these functions only count whole days between such dates, so they never depend on a time zone.
 */

/** A calendar date, `YYYY-MM-DD`. */
export type CalendarDate = string;

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Days from 1970-01-01 to a calendar date (negative before it). Throws a RangeError on anything that is not a real
 * `YYYY-MM-DD` date (`2026-02-30`, `2026-7-1`, a timestamp): a business date is never guessed.
 */
export function dayNumber(date: CalendarDate): number {
  const m = typeof date === 'string' ? DATE.exec(date) : null;
  if (!m) throw new RangeError(`not a calendar date (YYYY-MM-DD): ${JSON.stringify(date)}`);
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  // Date.UTC rolls 30 Feb over into March and maps years 0–99 to 1900–1999: only a date that comes back as written is one.
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) {
    throw new RangeError(`no such date: ${date}`);
  }
  return Math.round(ms / DAY_MS);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return dayNumber(to) - dayNumber(from);
}
