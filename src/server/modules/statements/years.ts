/**
 * A statement's income year (DOMAIN.md "Income year") as a window of instants: from the start of its first Dhaka day
 * to the start of the day after its last, so no instant near midnight is lost.
 */
import { incomeYearRange, type IncomeYear } from '../../../shared/domain/income-year';
import { addDays, startOfDhakaDay } from '../../../shared/format/dhaka-calendar';
import type { StatementYear } from '../../../shared/api/statements';

/** The instants of an income year, half-open: [from, to). */
export interface YearWindow {
  from: Date;
  to: Date;
}

/** The window of instants whose Dhaka dates fall in the year. */
export function yearWindow(year: IncomeYear): YearWindow {
  const range = incomeYearRange(year);
  return { from: startOfDhakaDay(range.from), to: startOfDhakaDay(addDays(range.to, 1)) };
}

/** The year's name with its first and last dates. */
export function statementYear(year: IncomeYear): StatementYear {
  return { year, ...incomeYearRange(year) };
}
