/**
 * The one way the product writes dates and times (issue 12 §3): `23 Nov 2026` and `23 Nov 2026, 17:39`, always in
 * Bangladesh time (Asia/Dhaka), whatever the reader's computer is set to. Every screen (and any server text) uses
 * these two functions instead of toLocaleString & co., so the product never mixes `11/23/2026` with `23/11/2026`.
 */

export const TIME_ZONE = 'Asia/Dhaka';

// Parts are taken from en-US and assembled here: en-GB would write September as "Sept" in current ICU data and
// its joiners differ between engines, while the order we want is fixed.
const PARTS = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A value the API or a form hands us: an ISO instant, a calendar date (`2026-11-23`), epoch ms or a Date. */
export type DateInput = string | number | Date | null | undefined;

function parts(value: DateInput): Record<string, string> | null {
  if (value === null || value === undefined || value === '') return null;
  // A calendar date (`2026-11-23`) parses as midnight UTC, which is 06:00 in Dhaka: the same day, as written.
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const out: Record<string, string> = {};
  for (const p of PARTS.formatToParts(date)) out[p.type] = p.value;
  return out;
}

/** `23 Nov 2026` (the day in Dhaka); an empty string for a missing or unreadable value. */
export function formatDate(value: DateInput): string {
  const p = parts(value);
  return p ? `${p.day} ${p.month} ${p.year}` : '';
}

/** `23 Nov 2026, 17:39` (24-hour, Dhaka time); an empty string for a missing or unreadable value. */
export function formatDateTime(value: DateInput): string {
  const p = parts(value);
  return p ? `${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute}` : '';
}
