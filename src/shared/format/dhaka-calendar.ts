/**
 * Business dates (CONVENTIONS 18): an acceptance date, a due date, a campaign's end, an income year are calendar
 * dates in Asia/Dhaka, where the people are — never the UTC date of a timestamp, nor the date of whatever time zone
 * the server process, the database session or the reader's browser is set to. The server and the browser both use
 * these functions; calendar dates travel as `YYYY-MM-DD` text.
 *
 * Worked out from the fixed offset rather than with Intl: Bangladesh Standard Time is UTC+06:00 all year (its one
 * summer-time period, in 2009, predates every record here), and the sum is exact and costs a phone nothing.
 */

/** The zone business dates are in. */
export const TIME_ZONE = 'Asia/Dhaka';
/** Bangladesh Standard Time, UTC+06:00. */
export const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;
const DAY_MS = 86_400_000;

/** A calendar date, `YYYY-MM-DD`. */
export type CalendarDate = string;

const two = (n: number) => String(n).padStart(2, '0');
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC midnight that stands for a calendar date in the arithmetic below (never shown as an instant). */
function utcMidnight(date: CalendarDate): number {
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`not a calendar date (YYYY-MM-DD): ${JSON.stringify(date)}`);
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (Number.isNaN(ms) || isoOf(ms) !== date) throw new RangeError(`no such date: ${date}`);
  return ms;
}

function isoOf(ms: number): CalendarDate {
  const d = new Date(ms);
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;
}

/**
 * The Dhaka calendar date of an instant (a Date, epoch ms or an ISO timestamp): 2026-11-26T20:30Z → `2026-11-27`.
 * Throws on an unreadable value: a business date is never guessed.
 */
export function dhakaDate(instant: Date | number | string): CalendarDate {
  const ms = instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant);
  if (!Number.isFinite(ms)) throw new RangeError(`not an instant: ${String(instant)}`);
  return isoOf(ms + DHAKA_OFFSET_MS);
}

/** Today's date in Dhaka (at `now`, by default the clock's). */
export function dhakaToday(now: Date | number = Date.now()): CalendarDate {
  return dhakaDate(now);
}

/** The instant a Dhaka calendar date begins: `2026-11-27` → 2026-11-26T18:00:00.000Z. */
export function startOfDhakaDay(date: CalendarDate): Date {
  return new Date(utcMidnight(date) - DHAKA_OFFSET_MS);
}

/** The last millisecond of a Dhaka calendar date: `2027-01-26` → 2027-01-26T17:59:59.999Z. */
export function endOfDhakaDay(date: CalendarDate): Date {
  return new Date(utcMidnight(date) + DAY_MS - DHAKA_OFFSET_MS - 1);
}

/** A calendar date `days` later (earlier when negative). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  return isoOf(utcMidnight(date) + days * DAY_MS);
}

/** A calendar date whole months later; the 31st of a shorter month falls back to its last day (31 Jan + 1 → 28 Feb). */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const start = new Date(utcMidnight(date));
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return isoOf(Date.UTC(y, m, Math.min(start.getUTCDate(), last)));
}

/**
 * Days from 1970-01-01 to a calendar date (negative before it), the unit of XIRR and the late charge. Throws a
 * RangeError on anything that is not a real `YYYY-MM-DD` date (`2026-02-30`, `2026-7-1`, a timestamp).
 */
export function dayNumber(date: CalendarDate): number {
  if (typeof date !== 'string') throw new RangeError(`not a calendar date (YYYY-MM-DD): ${JSON.stringify(date)}`);
  return Math.round(utcMidnight(date) / DAY_MS);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / DAY_MS);
}
