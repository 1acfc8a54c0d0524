/**
 * Bangladesh's income year (DOMAIN.md "Income year"): 1 July to 30 June, named by its two calendar years, `2026-27`
 * for 1 July 2026 – 30 June 2027. A movement of money belongs to the year of its Asia/Dhaka calendar date; the caller
 * passes that date (`YYYY-MM-DD`), so these functions need no time zone.
 */
import { dayNumber, type CalendarDate } from '../format/dhaka-calendar';

/** An income year's name, `2026-27`. */
export type IncomeYear = string;

const NAME = /^(\d{4})-(\d{2})$/;

/** The name of the income year that starts on 1 July of `startYear`: 2026 → `2026-27`, 1999 → `1999-00`. */
export function incomeYearName(startYear: number): IncomeYear {
  if (!Number.isInteger(startYear) || startYear < 1000 || startYear > 9998) throw new RangeError(`no income year starts in ${startYear}`);
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/** True for a well-formed name whose second part is the year after the first (`2026-27`; not `2026-28`, `2026-2027`). */
export function isIncomeYear(name: unknown): name is IncomeYear {
  if (typeof name !== 'string') return false;
  const m = NAME.exec(name);
  if (!m) return false;
  const start = Number(m[1]);
  return start >= 1000 && start <= 9998 && incomeYearName(start) === name;
}

/** The year an income year starts in: `2026-27` → 2026. Throws a RangeError on a name that is not one. */
export function incomeYearStart(name: IncomeYear): number {
  if (!isIncomeYear(name)) throw new RangeError(`not an income year (like 2026-27): ${JSON.stringify(name)}`);
  return Number(name.slice(0, 4));
}

/** The income year a calendar date belongs to: `2026-06-30` → `2025-26`, `2026-07-01` → `2026-27`. */
export function incomeYearOf(date: CalendarDate): IncomeYear {
  dayNumber(date); // refuses anything that is not a real date
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return incomeYearName(month >= 7 ? year : year - 1);
}

/** The first and last calendar dates of an income year, both inclusive: `2026-27` → 2026-07-01 … 2027-06-30. */
export function incomeYearRange(name: IncomeYear): { from: CalendarDate; to: CalendarDate } {
  const start = incomeYearStart(name);
  return { from: `${start}-07-01`, to: `${start + 1}-06-30` };
}
