/** Whole days between Dhaka calendar dates, the unit of the late charge and XIRR. */
import { describe, expect, it } from 'vitest';
import { dayNumber, daysBetween } from '../../../src/shared/format/dhaka-calendar';

describe('calendar dates', () => {
  it('counts whole days, across month ends and leap days', () => {
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(daysBetween('2008-01-01', '2009-04-01')).toBe(456);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2027-02-28', '2027-03-01')).toBe(1);
    expect(daysBetween('2026-07-01', '2026-06-30')).toBe(-1);
  });

  it.each(['2026-02-29', '2026-13-01', '2026-00-10', '2026-1-01', '26-01-01', '2026-01-01T00:00:00Z', '0050-01-01', ''])('refuses %j', (text) => {
    expect(() => dayNumber(text)).toThrow(RangeError);
  });
});
