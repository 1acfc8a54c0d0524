/** Late payments (DOMAIN.md "Late payments"): the charity charge after the grace period, and default. */
import { describe, expect, it } from 'vitest';
import { chargeableDays, daysOverdue, isInDefault, lateCharge } from '../../../src/shared/domain/late-charge';

// An instalment of 16,814.28 (1,681,428 paisa) due on 10 March 2026, with the default grace of 7 days.
const base = { overduePaisa: 1_681_428n, dueDate: '2026-03-10', graceDays: 7 };

describe('late charge', () => {
  it('counts days overdue from the day after the due date', () => {
    expect(daysOverdue('2026-03-10', '2026-03-09')).toBe(0);
    expect(daysOverdue('2026-03-10', '2026-03-10')).toBe(0);
    expect(daysOverdue('2026-03-10', '2026-03-11')).toBe(1);
    expect(daysOverdue('2027-02-20', '2027-03-01')).toBe(9);
    expect(daysOverdue('2028-02-20', '2028-03-01')).toBe(10); // leap year
  });

  it('charges nothing within the grace period, and from its next day on', () => {
    expect(lateCharge({ ...base, ratePa: 12, paidDate: '2026-03-10' })).toBe(0n);
    expect(lateCharge({ ...base, ratePa: 12, paidDate: '2026-03-17' })).toBe(0n); // 7 days overdue: all grace
    // 8 days overdue: one day charged, 1,681,428 × 12 % / 365 = 552.8 → 552 paisa.
    expect(lateCharge({ ...base, ratePa: 12, paidDate: '2026-03-18' })).toBe(552n);
    expect(chargeableDays('2026-03-10', '2026-03-18', 7)).toBe(1);
  });

  it('sums the daily charges before rounding down once', () => {
    // 37 days overdue on 16 April, 30 charged: 1,681,428 × 0.12 × 30 / 365 = 16,583.9 → 16,583 (not 30 × 552 = 16,560).
    expect(lateCharge({ ...base, ratePa: '12', asOf: '2026-04-16' })).toBe(16_583n);
    expect(lateCharge({ ...base, ratePa: '12.00', paidDate: '2026-04-16' })).toBe(16_583n);
  });

  it.each([
    // rate, days charged after the grace, paisa: floor(1,681,428 × rate / 100 × days / 365)
    ['2.5', 365, 42_035n], // 42,035.7
    ['5', 1, 230n], // 230.3
    ['18.25', 100, 84_071n], // 84,071.4
    ['0.01', 10, 4n], // 4.6
    [0, 1_000, 0n], // rate 0 is off
  ] as const)('at %s %% a year for %i days charges %s paisa', (ratePa, days, expected) => {
    const asOf = new Date(Date.UTC(2026, 2, 10 + 7 + days)).toISOString().slice(0, 10);
    expect(lateCharge({ ...base, ratePa, asOf })).toBe(expected);
  });

  it('charges from the first overdue day with no grace', () => {
    expect(lateCharge({ ...base, graceDays: 0, ratePa: 12, asOf: '2026-03-10' })).toBe(0n);
    expect(lateCharge({ ...base, graceDays: 0, ratePa: 12, asOf: '2026-03-11' })).toBe(552n);
  });

  it('refuses rates, amounts and grace periods that make no sense', () => {
    expect(() => lateCharge({ ...base, ratePa: -1, asOf: '2026-04-01' })).toThrow(RangeError);
    expect(() => lateCharge({ ...base, ratePa: '1.125', asOf: '2026-04-01' })).toThrow(RangeError);
    expect(() => lateCharge({ ...base, ratePa: 'x', asOf: '2026-04-01' })).toThrow(RangeError);
    expect(() => lateCharge({ ...base, overduePaisa: -1n, ratePa: 5, asOf: '2026-04-01' })).toThrow(RangeError);
    expect(() => lateCharge({ ...base, graceDays: 1.5, ratePa: 5, asOf: '2026-04-01' })).toThrow(RangeError);
    expect(() => lateCharge({ ...base, ratePa: 5, asOf: '2026-04-31' })).toThrow(RangeError);
  });
});

describe('default', () => {
  it('starts when an instalment has been overdue for the set number of days', () => {
    // 10 March + 90 days = 8 June.
    expect(isInDefault('2026-03-10', '2026-06-07', 90)).toBe(false);
    expect(isInDefault('2026-03-10', '2026-06-08', 90)).toBe(true);
    expect(isInDefault('2026-03-10', '2026-03-11', 1)).toBe(true);
    expect(isInDefault('2026-03-10', '2026-03-10', 1)).toBe(false);
    expect(isInDefault('2026-03-10', '2025-01-01', 90)).toBe(false);
  });

  it('refuses a number of days below 1', () => {
    expect(() => isInDefault('2026-03-10', '2026-06-08', 0)).toThrow(RangeError);
    expect(() => isInDefault('2026-03-10', '2026-06-08', 2.5)).toThrow(RangeError);
  });
});
