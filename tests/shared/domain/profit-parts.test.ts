/** Profit parts of instalments (DOMAIN.md "Profit part of an instalment"): the worked example, and exact sums on random schedules. */
import { describe, expect, it } from 'vitest';
import { profitParts } from '../../../src/shared/domain/profit-parts';
import { repaymentTotal, schedule, type Terms } from '../../../src/shared/domain/murabaha';
import { toPaisa } from '../../../src/shared/domain/money';
import { rng } from '../../../scripts/lib/fuzz';

// The amounts of a schedule do not depend on its dates.
const ACCEPTED = '2026-01-31';

describe('profit parts', () => {
  it("splits DOMAIN.md's example: 100,000 at 17.70 % in 7 instalments", () => {
    const amounts = schedule('100000', { markupPercent: '17.70', tenorMonths: 14, returnType: 'Recurring', returningTime: 2, totalDuration: 14 }, ACCEPTED).map((i) => toPaisa(i.amount));
    const parts = profitParts(10_000_000n, 11_770_000n, amounts);
    // floor(1,681,428 × 1,770,000 / 11,770,000) = 252,857 for each of the first six; the last 1,770,000 − 6 × 252,857.
    expect(parts.map((p) => p.profit)).toEqual([252_857n, 252_857n, 252_857n, 252_857n, 252_857n, 252_857n, 252_858n]);
    expect(parts.map((p) => p.principal)).toEqual([1_428_571n, 1_428_571n, 1_428_571n, 1_428_571n, 1_428_571n, 1_428_571n, 1_428_574n]);
  });

  it('gives a single instalment the whole profit, and no profit without a markup', () => {
    expect(profitParts(25_000_000n, 27_250_000n, [27_250_000n])).toEqual([{ profit: 2_250_000n, principal: 25_000_000n }]);
    expect(profitParts(300n, 300n, [100n, 100n, 100n])).toEqual([
      { profit: 0n, principal: 100n },
      { profit: 0n, principal: 100n },
      { profit: 0n, principal: 100n },
    ]);
  });

  it('refuses instalments that do not sum to the total, and totals below the principal', () => {
    expect(() => profitParts(10_000n, 11_000n, [5_000n, 5_999n])).toThrow(RangeError);
    expect(() => profitParts(10_000n, 9_000n, [9_000n])).toThrow(RangeError);
    expect(() => profitParts(0n, 0n, [0n])).toThrow(RangeError);
    expect(() => profitParts(10_000n, 11_000n, [])).toThrow(RangeError);
  });

  it('sums exactly to the profit and the principal on random schedules (seeded)', () => {
    const next = rng(31_2026);
    const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
    for (let c = 0; c < 500; c++) {
      const principal = (int(100, 1_000_000_000) / 100).toFixed(2);
      const markupPercent = (int(0, 5000) / 100).toFixed(2);
      const every = int(1, 6);
      const over = every * int(1, 24);
      const goal = int(10_000, 10_000_000);
      const terms: Terms =
        next() < 0.3
          ? { markupPercent, tenorMonths: int(1, 36), returnType: 'On-time', initialInstalment: next() < 0.5 ? int(1, goal) : 0, goal }
          : { markupPercent, tenorMonths: over, returnType: 'Recurring', returningTime: every, totalDuration: over, initialInstalment: next() < 0.3 ? int(1, goal) : 0, goal };
      const amounts = schedule(principal, terms, ACCEPTED).map((i) => toPaisa(i.amount));
      const p = toPaisa(principal);
      const t = toPaisa(repaymentTotal(principal, markupPercent));
      const parts = profitParts(p, t, amounts);
      const label = `case ${c}: ${principal} at ${markupPercent} % ${JSON.stringify(terms)}`;
      expect(parts.reduce((s, x) => s + x.profit, 0n), label).toBe(t - p);
      expect(parts.reduce((s, x) => s + x.principal, 0n), label).toBe(p);
      parts.forEach((x, i) => {
        expect(x.profit + x.principal, label).toBe(amounts[i]);
        expect(x.profit >= 0n && x.principal >= 0n, label).toBe(true);
        if (i < parts.length - 1) expect(x.profit, label).toBe((amounts[i]! * (t - p)) / t);
      });
    }
  });
});
