// @vitest-environment jsdom
/**
 * The one helper for business dates (CONVENTIONS 18), as the browser runs it: the Dhaka date of an instant and today
 * in Dhaka are the same whatever time zone the computer is set to — UTC, New York (the day before Dhaka for most of
 * the day), Tokyo (ahead of Dhaka), Dhaka itself — on each side of 18:00 UTC, Dhaka's midnight. Node reads TZ again
 * when it changes, so each case sets it and first proves the local calendar really moved.
 */
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, addMonths, daysBetween, dhakaDate, dhakaToday, endOfDhakaDay, startOfDhakaDay } from '../../../src/shared/format/dhaka-calendar';
import { formatDate } from '../../../src/shared/format/dates';

const ORIGINAL_TZ = process.env.TZ;
afterAll(() => {
  if (ORIGINAL_TZ === undefined) delete process.env.TZ;
  else process.env.TZ = ORIGINAL_TZ;
});

/** The local calendar date and hour the computer's own clock methods give for an instant. */
const local = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')} ${d.getHours()}h`;
};

// 20:30 UTC on 26 Nov is 02:30 on 27 Nov in Dhaka; 17:59 UTC is still 23:59 on the 26th there.
const ZONES = [
  { tz: 'UTC', late: '2026-11-26 20h', before: '2026-11-26 17h' },
  { tz: 'America/New_York', late: '2026-11-26 15h', before: '2026-11-26 12h' },
  { tz: 'Asia/Tokyo', late: '2026-11-27 5h', before: '2026-11-27 2h' },
  { tz: 'Asia/Dhaka', late: '2026-11-27 2h', before: '2026-11-26 23h' },
];

describe.each(ZONES)('with the computer set to $tz', ({ tz, late, before }) => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives the Dhaka date of an instant on each side of 18:00 UTC', () => {
    process.env.TZ = tz;
    expect(local('2026-11-26T20:30:00Z')).toBe(late);
    expect(local('2026-11-26T17:59:00Z')).toBe(before);

    expect(dhakaDate('2026-11-26T20:30:00Z')).toBe('2026-11-27');
    expect(dhakaDate(new Date('2026-11-26T17:59:59.999Z'))).toBe('2026-11-26');
    expect(dhakaDate(Date.UTC(2026, 10, 26, 18))).toBe('2026-11-27');
    // The day the formatter writes is the same day.
    expect(formatDate('2026-11-26T20:30:00Z')).toBe('27 Nov 2026');
  });

  it("gives today's date in Dhaka from the clock", () => {
    process.env.TZ = tz;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T20:30:00Z'));
    expect(dhakaToday()).toBe('2026-11-27');
    vi.setSystemTime(new Date('2026-11-26T17:59:00Z'));
    expect(dhakaToday()).toBe('2026-11-26');
    // New Year's Eve: 31 Dec 20:30 UTC is already the new year in Dhaka.
    vi.setSystemTime(new Date('2026-12-31T20:30:00Z'));
    expect(dhakaToday()).toBe('2027-01-01');
  });

  it('bounds a Dhaka day by the instants it begins and ends at, and counts calendar days and months', () => {
    process.env.TZ = tz;
    expect(startOfDhakaDay('2026-11-27').toISOString()).toBe('2026-11-26T18:00:00.000Z');
    expect(endOfDhakaDay('2027-01-26').toISOString()).toBe('2027-01-26T17:59:59.999Z');
    expect(addDays('2026-11-27', 60)).toBe('2027-01-26');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addMonths('2026-11-27', 3)).toBe('2027-02-27');
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(daysBetween('2026-11-27', '2027-01-26')).toBe(60);
    expect(daysBetween('2027-01-26', '2026-11-27')).toBe(-60);
  });
});

describe('unreadable input', () => {
  it('is refused, never guessed', () => {
    expect(() => dhakaDate('not a date')).toThrow(RangeError);
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => startOfDhakaDay('27/11/2026')).toThrow(RangeError);
  });
});
