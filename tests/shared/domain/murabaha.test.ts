/** The Murabaha arithmetic of DOMAIN.md: exact totals, schedules that sum exactly, annualised returns. */
import { describe, expect, it } from 'vitest';
import { annualisedReturn, firstInstalment, repaymentTotal, schedule, type Terms } from '../../../src/shared/domain/murabaha';
import { addMonths } from '../../../src/shared/format/dhaka-calendar';
import { sumAmounts } from '../../../src/shared/domain/money';

/** The acceptance date: a Dhaka calendar date. */
const accepted = '2026-01-31';

describe('repayment schedules', () => {
  it('splits 100,000 at 17.70 % into 7 instalments: six of 16,814.28 and a last of 16,814.32', () => {
    const s = schedule('100000', { markupPercent: '17.70', tenorMonths: 14, returnType: 'Recurring', returningTime: 2, totalDuration: 14 }, accepted);
    expect(s.map((i) => i.amount)).toEqual(['16814.28', '16814.28', '16814.28', '16814.28', '16814.28', '16814.28', '16814.32']);
    expect(sumAmounts(s.map((i) => i.amount))).toBe('117700.00');
    expect(s.map((i) => i.dueOn)).toEqual(['2026-03-31', '2026-05-31', '2026-07-31', '2026-09-30', '2026-11-30', '2027-01-31', '2027-03-31']);
  });

  it('pays On-time in one instalment of the total, after the tenor', () => {
    expect(schedule(250000, { markupPercent: 9, tenorMonths: 6, returnType: 'On-time' }, accepted)).toEqual([
      { seq: 1, dueOn: '2026-07-31', amount: '272500.00' },
    ]);
  });

  it.each([
    ['33333.33', '12.34', 3, 9],
    ['1.01', '17.70', 1, 7],
    ['99999999.99', '33.33', 5, 36],
    ['20000', '0.01', 1, 12],
    ['12345.67', '7.77', 4, 11],
  ])('sums exactly for %s at %s %% every %d over %d months', (principal, markup, every, over) => {
    const s = schedule(principal, { markupPercent: markup, tenorMonths: over, returnType: 'Recurring', returningTime: every, totalDuration: over }, accepted);
    expect(s).toHaveLength(Math.floor(over / every));
    expect(sumAmounts(s.map((i) => i.amount))).toBe(repaymentTotal(principal, markup));
    const cents = s.map((i) => Math.round(Number(i.amount) * 100));
    expect(Math.max(...cents) - Math.min(...cents)).toBeLessThan(s.length);
  });

  it('rounds the total half up to the paisa', () => {
    expect(repaymentTotal('100000', '17.70')).toBe('117700.00');
    expect(repaymentTotal('0.05', '10')).toBe('0.06'); // 0.055 → 0.06
    expect(repaymentTotal('1234.56', '7.25')).toBe('1324.07'); // 1324.0656
  });

  it('refuses recurring terms that give no instalment', () => {
    expect(() => schedule(1000, { markupPercent: 5, tenorMonths: 3, returnType: 'Recurring', returningTime: 6, totalDuration: 3 }, accepted)).toThrow();
  });

  it('keeps month ends inside short months', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2027-12-15', 3)).toBe('2028-03-15');
  });
});

describe('initial instalment', () => {
  const monthly7: Terms = { markupPercent: '17.70', tenorMonths: 7, returnType: 'Recurring', returningTime: 1, totalDuration: 7 };
  const withInitial: Terms = { ...monthly7, initialInstalment: '40000', goal: '500000' };

  it('gives the DOMAIN.md example to the paisa: 8,000.00 first, five of 18,283.33, a last of 18,283.35', () => {
    expect(firstInstalment('100000', withInitial)).toBe('8000.00');
    const s = schedule('100000', withInitial, accepted);
    expect(s.map((i) => i.amount)).toEqual(['8000.00', '18283.33', '18283.33', '18283.33', '18283.33', '18283.33', '18283.35']);
    expect(sumAmounts(s.map((i) => i.amount))).toBe('117700.00');
    // The due dates are those of the plain schedule: one a month from acceptance.
    expect(s.map((i) => i.dueOn)).toEqual(schedule('100000', monthly7, accepted).map((i) => i.dueOn));
  });

  it('rounds the first instalment down to the paisa', () => {
    // 1,000 × 33,333.33 / 70,000 = 476.190428…
    expect(firstInstalment('33333.33', { ...withInitial, initialInstalment: '1000', goal: '70000' })).toBe('476.19');
  });

  it('changes nothing when initialins is 0, or for a single Recurring instalment', () => {
    expect(schedule('100000', { ...withInitial, initialInstalment: 0 }, accepted)).toEqual(schedule('100000', monthly7, accepted));
    const once: Terms = { ...withInitial, returningTime: 7 };
    expect(schedule('100000', once, accepted)).toEqual([{ seq: 1, dueOn: '2026-08-31', amount: '117700.00' }]);
  });

  it('splits On-time in two when there is an initial instalment: first after one month, the rest at T', () => {
    const onTime: Terms = { markupPercent: 9, tenorMonths: 6, returnType: 'On-time', initialInstalment: '50000', goal: '1000000' };
    expect(schedule(250000, onTime, accepted)).toEqual([
      { seq: 1, dueOn: '2026-02-28', amount: '12500.00' },
      { seq: 2, dueOn: '2026-07-31', amount: '260000.00' },
    ]);
    expect(schedule(250000, { ...onTime, tenorMonths: 1 }, accepted)).toEqual([{ seq: 1, dueOn: '2026-02-28', amount: '272500.00' }]);
    expect(schedule(250000, { ...onTime, initialInstalment: 0 }, accepted)).toHaveLength(1);
  });

  it.each([
    ['33333.33', '12.34', 3, 9, '1234.56', '98765.43'],
    ['20000', '5', 1, 12, '525000', '500000'],
    ['99999999.99', '33.33', 5, 36, '1', '100000000000'],
  ])('still sums exactly: %s at %s %% every %d over %d, initialins %s of %s', (principal, markup, every, over, initial, goal) => {
    const s = schedule(principal, { markupPercent: markup, tenorMonths: over, returnType: 'Recurring', returningTime: every, totalDuration: over, initialInstalment: initial, goal }, accepted);
    expect(s).toHaveLength(Math.floor(over / every));
    expect(sumAmounts(s.map((i) => i.amount))).toBe(repaymentTotal(principal, markup));
    expect(s.every((i) => !i.amount.startsWith('-'))).toBe(true);
  });
});

describe('annualised return', () => {
  it('is simple m × 12 / T, with the compound equivalent beside it', () => {
    expect(annualisedReturn('9', 6)).toEqual({ simple: '18.00', compound: '18.81' });
    expect(annualisedReturn('17.70', 12)).toEqual({ simple: '17.70', compound: '17.70' });
    expect(annualisedReturn('17.70', 18).simple).toBe('11.80');
  });
});
