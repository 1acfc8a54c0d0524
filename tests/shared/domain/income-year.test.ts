/** Bangladesh's income year (DOMAIN.md "Income year"): 1 July – 30 June, named `2026-27`. */
import { describe, expect, it } from 'vitest';
import { incomeYearName, incomeYearOf, incomeYearRange, incomeYearStart, isIncomeYear } from '../../../src/shared/domain/income-year';

describe('income year', () => {
  it('changes between 30 June and 1 July', () => {
    expect(incomeYearOf('2026-06-30')).toBe('2025-26');
    expect(incomeYearOf('2026-07-01')).toBe('2026-27');
    expect(incomeYearOf('2026-12-31')).toBe('2026-27');
    expect(incomeYearOf('2027-01-01')).toBe('2026-27');
    expect(incomeYearOf('2027-06-30')).toBe('2026-27');
    expect(incomeYearOf('2027-07-01')).toBe('2027-28');
  });

  it('names a year across a century', () => {
    expect(incomeYearOf('2099-07-01')).toBe('2099-00');
    expect(incomeYearName(2009)).toBe('2009-10');
    expect(incomeYearRange('2099-00')).toEqual({ from: '2099-07-01', to: '2100-06-30' });
  });

  it('gives the first and last days of a year, both inclusive', () => {
    expect(incomeYearRange('2026-27')).toEqual({ from: '2026-07-01', to: '2027-06-30' });
    expect(incomeYearStart('2026-27')).toBe(2026);
    const { from, to } = incomeYearRange('2025-26');
    expect(incomeYearOf(from)).toBe('2025-26');
    expect(incomeYearOf(to)).toBe('2025-26');
  });

  it.each(['2026-28', '2026-2027', '2026-7', '26-27', '2026/27', ' 2026-27', '2026-27 ', '', '2026-26'])('refuses %j as a year name', (name) => {
    expect(isIncomeYear(name)).toBe(false);
    expect(() => incomeYearRange(name)).toThrow(RangeError);
  });

  it('refuses what is not a calendar date', () => {
    expect(() => incomeYearOf('2026-02-30')).toThrow(RangeError);
    expect(() => incomeYearOf('2026-7-1')).toThrow(RangeError);
    expect(() => incomeYearOf('2026-07-01T00:00:00Z')).toThrow(RangeError);
    expect(isIncomeYear(2026)).toBe(false);
  });
});
