/**
 * The one way the product writes dates and times (issue 12 §3, issue 29 §3): `23 Nov 2026` and `23 Nov 2026, 17:39`
 * in English, `২৩ নভেম্বর ২০২৬` and `২৩ নভেম্বর ২০২৬, ১৭:৩৯` in Bengali (its month names, its digits), always in
 * Bangladesh time (Asia/Dhaka), whatever the reader's computer is set to. Every screen (and any server text) uses
 * these two functions instead of toLocaleString & co., so the product never mixes `11/23/2026` with `23/11/2026`.
 */
import type { Language } from '../i18n/language';
import { DHAKA_OFFSET_MS } from './dhaka-calendar';
import { localDigits } from './digits';

// Worked out by hand rather than with Intl.DateTimeFormat: building a formatter for a time zone loads the zone data,
// which costs a phone more than a tenth of a second on a page's first load; the offset is fixed, so the sum is exact.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// The months as Bangladesh writes them (Bangla Academy spelling, the same as CLDR's bn); written whole: the short
// forms (জানু, ফেব) are not how people write a date.
const BN_MONTHS = ['জানুয়ারি', 'ফেব্রুয়ারি', 'মার্চ', 'এপ্রিল', 'মে', 'জুন', 'জুলাই', 'আগস্ট', 'সেপ্টেম্বর', 'অক্টোবর', 'নভেম্বর', 'ডিসেম্বর'];
const two = (n: number) => String(n).padStart(2, '0');

/** A value the API or a form hands us: an ISO instant, a calendar date (`2026-11-23`), epoch ms or a Date. */
export type DateInput = string | number | Date | null | undefined;

interface Parts {
  day: number;
  month: number;
  year: number;
  hour: string;
  minute: string;
}

function parts(value: DateInput): Parts | null {
  if (value === null || value === undefined || value === '') return null;
  // A calendar date (`2026-11-23`) parses as midnight UTC, which is 06:00 in Dhaka: the same day, as written.
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const dhaka = new Date(date.getTime() + DHAKA_OFFSET_MS);
  return { day: dhaka.getUTCDate(), month: dhaka.getUTCMonth(), year: dhaka.getUTCFullYear(), hour: two(dhaka.getUTCHours()), minute: two(dhaka.getUTCMinutes()) };
}

function dateOf(p: Parts, language: Language): string {
  return localDigits(`${p.day} ${(language === 'bn' ? BN_MONTHS : MONTHS)[p.month]} ${p.year}`, language);
}

/** `23 Nov 2026` (`২৩ নভেম্বর ২০২৬` in Bengali; the day in Dhaka); an empty string for a missing or unreadable value. */
export function formatDate(value: DateInput, language: Language = 'en'): string {
  const p = parts(value);
  return p ? dateOf(p, language) : '';
}

/** `23 Nov 2026, 17:39` (24-hour, Dhaka time; `২৩ নভেম্বর ২০২৬, ১৭:৩৯` in Bengali); empty for a missing or unreadable value. */
export function formatDateTime(value: DateInput, language: Language = 'en'): string {
  const p = parts(value);
  return p ? `${dateOf(p, language)}, ${localDigits(`${p.hour}:${p.minute}`, language)}` : '';
}

/**
 * The instant a `formatDateTime` text in English names (`23 Nov 2026, 17:39`, Dhaka time), or null: lets a message
 * written in English once be said again in another language by the same formatter.
 */
export function parseDateTime(text: string): Date | null {
  const m = /^(\d{1,2}) ([A-Z][a-z]{2}) (\d{4}), (\d{2}):(\d{2})$/.exec(text.trim());
  const month = m ? MONTHS.indexOf(m[2]!) : -1;
  if (!m || month < 0) return null;
  return new Date(Date.UTC(Number(m[3]), month, Number(m[1]), Number(m[4]), Number(m[5])) - DHAKA_OFFSET_MS);
}

/**
 * A calendar month (`2026-07`): `Jul 2026` (`জুলাই ২০২৬` in Bengali); `short` leaves the year out (`Jul`, `জুলাই`).
 */
export function formatMonth(month: string, language: Language = 'en', short = false): string {
  const name = (language === 'bn' ? BN_MONTHS : MONTHS)[Number(month.slice(5, 7)) - 1] ?? month;
  return short ? name : `${name} ${localDigits(month.slice(0, 4), language)}`;
}
