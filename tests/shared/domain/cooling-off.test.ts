/** The cooling-off window (DOMAIN.md "Investor protections", issue 31 §3) and the first due date after it. */
import { describe, expect, it } from 'vitest';
import { canCancel, coolingOffEndsAt, notDueBeforeCoolingOff } from '../../../src/shared/domain/cooling-off';

// Accepted at 10:00 in Dhaka (04:00 UTC) on 31 January 2026.
const accepted = new Date('2026-01-31T04:00:00.000Z');
const at = (iso: string) => new Date(iso);

describe('cooling-off window', () => {
  it('ends the given hours after acceptance', () => {
    expect(coolingOffEndsAt(accepted, 48).toISOString()).toBe('2026-02-02T04:00:00.000Z');
    expect(coolingOffEndsAt(accepted, 0).toISOString()).toBe(accepted.toISOString());
  });

  it('lets the investor cancel up to, not at, the end of the window', () => {
    expect(canCancel(accepted, accepted, 48)).toBe(true);
    expect(canCancel(at('2026-02-02T03:59:59.999Z'), accepted, 48)).toBe(true);
    expect(canCancel(at('2026-02-02T04:00:00.000Z'), accepted, 48)).toBe(false);
    expect(canCancel(at('2026-03-01T00:00:00.000Z'), accepted, 48)).toBe(false);
  });

  it('has no window at 0 hours', () => {
    expect(canCancel(accepted, accepted, 0)).toBe(false);
  });

  it('refuses negative or unreadable hours and times', () => {
    expect(() => coolingOffEndsAt(accepted, -1)).toThrow(RangeError);
    expect(() => coolingOffEndsAt(accepted, Number.NaN)).toThrow(RangeError);
    expect(() => canCancel(accepted, new Date('nope'), 48)).toThrow(RangeError);
  });
});

describe('no instalment due before the window ends', () => {
  const monthly = [
    { seq: 1, dueOn: '2026-02-28', amount: '50000.00' },
    { seq: 2, dueOn: '2026-03-31', amount: '50000.00' },
    { seq: 3, dueOn: '2026-04-30', amount: '50000.00' },
  ];

  it('leaves a schedule alone when its first due date is after the window (the usual 48 hours)', () => {
    // The window ends on 2 February (Dhaka): every due date is later.
    expect(notDueBeforeCoolingOff(monthly, '2026-02-02')).toEqual(monthly);
  });

  it('moves a due date before the window to the day it ends, keeping the rest and the order', () => {
    // 45 days (1,080 hours) from 31 January 10:00 Dhaka end on 17 March 10:00 Dhaka.
    expect(coolingOffEndsAt(accepted, 1080).toISOString()).toBe('2026-03-17T04:00:00.000Z');
    const moved = notDueBeforeCoolingOff(monthly, '2026-03-17');
    expect(moved).toEqual([
      { seq: 1, dueOn: '2026-03-17', amount: '50000.00' },
      { seq: 2, dueOn: '2026-03-31', amount: '50000.00' },
      { seq: 3, dueOn: '2026-04-30', amount: '50000.00' },
    ]);
    expect(monthly[0]!.dueOn).toBe('2026-02-28'); // the input is unchanged
  });

  it('keeps a due date on the very day the window ends', () => {
    expect(notDueBeforeCoolingOff(monthly, '2026-02-28')).toEqual(monthly);
    expect(notDueBeforeCoolingOff(monthly, '2026-04-01').map((i) => i.dueOn)).toEqual(['2026-04-01', '2026-04-01', '2026-04-30']);
  });

  it('refuses a date that is not one', () => {
    expect(() => notDueBeforeCoolingOff(monthly, '2026-02-30')).toThrow(RangeError);
  });
});
