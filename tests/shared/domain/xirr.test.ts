/**
 * The shared XIRR (DOMAIN.md "XIRR"): Excel's published example, agreement with the well-kept `xirr` package on a few
 * hundred random Murabaha schedules and portfolios (seeded, so a failure reproduces), and "not available" rather than
 * a wrong number when no rate in (−0.9999, 100) solves the flows.
 */
import { describe, expect, it } from 'vitest';
import referenceXirr from 'xirr';
import { xirr } from '../../../src/shared/domain/xirr';
import { schedule, type Terms } from '../../../src/shared/domain/murabaha';
import { toPaisa } from '../../../src/shared/domain/money';
import { rng } from '../../../scripts/lib/fuzz';

const DAY_MS = 86_400_000;
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The present value at r, straight from DOMAIN.md's formula, to check an answer independently of the solver. */
function npv(flows: readonly { amount: number; date: string }[], r: number): number {
  const d0 = Math.min(...flows.map((f) => dayOf(f.date)));
  return flows.reduce((sum, f) => sum + f.amount / Math.pow(1 + r, (dayOf(f.date) - d0) / 365), 0);
}

/** A solution lies within 1e-9 of r: the present value has opposite signs on either side. */
function expectRootWithin1e9(flows: readonly { amount: number; date: string }[], r: number) {
  expect(Math.sign(npv(flows, r - 1e-9)) * Math.sign(npv(flows, r + 1e-9))).toBe(-1);
}

const flow = (amount: number, date: string) => ({ amount, date });

describe('xirr: published vectors', () => {
  const excel = [flow(-10000, '2008-01-01'), flow(2750, '2008-03-01'), flow(4250, '2008-10-30'), flow(3250, '2009-02-15'), flow(2750, '2009-04-01')];

  it("gives Excel's documented example: 0.373362535", () => {
    const r = xirr(excel)!;
    // Excel prints 0.373362535; its Newton stops at a 1e-8 relative change ("within 0.000001 percent"), and that
    // figure is 1.5e-9 above the root itself. The root, certified by a change of sign, is 0.37336253351883…
    expect(Math.abs(r - 0.373362535)).toBeLessThan(2e-9);
    expect(Math.abs(r - 0.373362533518831)).toBeLessThan(1e-9); // the xirr package's answer (STACK-NOTES)
    expectRootWithin1e9(excel, r);
  });

  it('gives the same answer in any order, in paisa or taka strings', () => {
    const r = xirr(excel)!;
    expect(xirr([...excel].reverse())).toBe(r);
    expect(xirr(excel.map((f) => ({ date: f.date, paisa: toPaisa(f.amount) })))).toBe(r);
    expect(xirr(excel.map((f) => ({ date: f.date, amount: `${f.amount}.00` })))).toBe(r);
  });

  it('gives exact yearly rates: 10 % and 0 % over a year, 9 % a year over two', () => {
    expect(xirr([flow(-1000, '2025-01-01'), flow(1100, '2026-01-01')])).toBeCloseTo(0.1, 12);
    expect(xirr([flow(-1000, '2025-01-01'), flow(1000, '2026-01-01')])).toBeCloseTo(0, 12);
    expect(xirr([flow(-1000, '2025-01-01'), flow(1188.1, '2027-01-01')])).toBeCloseTo(0.09, 12);
  });
});

/** Random Murabaha terms like the project form allows. */
function randomTerms(next: () => number): Terms {
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const markupPercent = (int(100, 4000) / 100).toFixed(2);
  if (next() < 0.3) return { markupPercent, tenorMonths: int(1, 36), returnType: 'On-time' };
  const returningTime = int(1, 6);
  const totalDuration = returningTime * int(1, 12);
  const goal = int(100_000, 5_000_000);
  const initialInstalment = next() < 0.3 ? int(1, Math.floor(goal / 4)) : 0;
  return { markupPercent, tenorMonths: totalDuration, returnType: 'Recurring', returningTime, totalDuration, initialInstalment, goal };
}

/**
 * One agreement's flows for its investor: −principal on the acceptance date; each instalment on its due date, or (some
 * of them) on a confirmation date up to 10 days early or 60 days late (never before the acceptance).
 */
function randomAgreement(next: () => number): { amount: number; date: string }[] {
  const acceptedDay = dayOf('2024-01-01') + Math.floor(next() * 1200);
  const principal = (20_000 + Math.floor(next() * 4_980_000 * 100) / 100).toFixed(2);
  const instalments = schedule(principal, randomTerms(next), dateOf(acceptedDay));
  const back = instalments.map((i) => {
    const due = dayOf(i.dueOn);
    const day = next() < 0.5 ? due : Math.max(acceptedDay, due + Math.floor(next() * 71) - 10);
    return flow(Number(i.amount), dateOf(day));
  });
  return [flow(-Number(principal), dateOf(acceptedDay)), ...back];
}

describe('xirr: against the xirr package on random schedules', () => {
  /**
   * The package's answer: Newton from its own guess, then (as its README advises when that does not converge, which
   * happens on some portfolios whose agreements run one after another) from a few fixed guesses.
   */
  const reference = (flows: readonly { amount: number; date: string }[]): number => {
    const transactions = flows.map((f) => ({ amount: f.amount, when: new Date(`${f.date}T00:00:00Z`) }));
    for (const guess of [undefined, 0.1, 0.5, 1, 2]) {
      try {
        return referenceXirr(transactions, { guess, tolerance: 1e-10, maxIterations: 100 });
      } catch {
        // next guess
      }
    }
    throw new Error(`the xirr package finds no rate for ${JSON.stringify(flows)}`);
  };

  it.each([
    ['single agreements', 1, 1, 300],
    ['portfolios of two to five agreements', 2, 5, 100],
  ])('agrees to 1e-9 on %s (seeded)', (_name, fewest, most, cases) => {
    const next = rng(20261127 + fewest);
    for (let c = 0; c < cases; c++) {
      const count = fewest + Math.floor(next() * (most - fewest + 1));
      const flows = Array.from({ length: count }, () => randomAgreement(next)).flat();
      const ours = xirr(flows);
      const theirs = reference(flows);
      expect(ours, `case ${c}: ${JSON.stringify(flows)}`).not.toBeNull();
      expect(Math.abs(ours! - theirs), `case ${c}: ours ${ours}, theirs ${theirs}: ${JSON.stringify(flows)}`).toBeLessThan(1e-9);
      expectRootWithin1e9(flows, ours!);
    }
  });
});

describe('xirr: edges', () => {
  it('is not available (null) without money both ways', () => {
    expect(xirr([])).toBeNull();
    expect(xirr([flow(-100, '2026-01-01')])).toBeNull();
    expect(xirr([flow(-100, '2026-01-01'), flow(-50, '2026-06-01')])).toBeNull();
    expect(xirr([flow(100, '2026-01-01'), flow(50, '2026-06-01')])).toBeNull();
    expect(xirr([flow(-100, '2026-01-01'), flow(0, '2026-06-01')])).toBeNull();
  });

  it('sums flows of one day, and is not available when every flow is on one day', () => {
    // −100 and −50 on one day, 165 a year later: 10 %.
    expect(xirr([flow(-100, '2025-03-01'), flow(-50, '2025-03-01'), flow(165, '2026-03-01')])).toBeCloseTo(0.1, 12);
    // A day whose flows cancel out is no flow: −100 and +100 on 1 March leave 2 June's 10 alone (one sign).
    expect(xirr([flow(-100, '2025-03-01'), flow(100, '2025-03-01'), flow(10, '2025-06-02')])).toBeNull();
    // Every rate or none solves flows on a single day: no figure.
    expect(xirr([flow(-100, '2025-03-01'), flow(100, '2025-03-01')])).toBeNull();
    expect(xirr([flow(-100, '2025-03-01'), flow(110, '2025-03-01')])).toBeNull();
  });

  it('finds very high and very negative returns inside (−0.9999, 100), and none outside', () => {
    // 2025-01-01 to 2026-01-01 is 365 days: the rate is the ratio − 1.
    const yearLater = (back: number) => xirr([flow(-100, '2025-01-01'), flow(back, '2026-01-01')]);
    expect(Math.abs(yearLater(10_000)! - 99)).toBeLessThan(1e-9); // 9,900 %
    expect(Math.abs(yearLater(9_000)! - 89)).toBeLessThan(1e-9);
    expect(yearLater(20_000)).toBeNull(); // 19,900 %: outside the range
    expect(Math.abs(yearLater(50)! + 0.5)).toBeLessThan(1e-9);
    expect(Math.abs(yearLater(0.02)! + 0.9998)).toBeLessThan(1e-9); // Newton from 0.1 leaves the range here: bracketed
    expect(xirr([flow(-1000, '2025-01-01'), flow(0.05, '2026-01-01')])).toBeNull(); // −99.995 %: below the range
    // A day later: 1 % back in a day is (1.01^365 − 1) ≈ 36.8 a year; 100 back in a day would be far above 100.
    expect(Math.abs(xirr([flow(-100, '2025-01-01'), flow(101, '2025-01-02')])! - (Math.pow(1.01, 365) - 1))).toBeLessThan(1e-9);
    expect(xirr([flow(-100, '2025-01-01'), flow(200, '2025-01-02')])).toBeNull();
  });

  it('handles a long horizon near −1 without overflow', () => {
    // 30 years, 1 paisa back on 100,000: (1 + r)^30.04 = 1e-7, r ≈ −0.4157.
    const flows = [flow(-100_000, '2000-01-01'), flow(0.01, '2030-01-01')];
    const r = xirr(flows)!;
    expectRootWithin1e9(flows, r);
  });

  it('takes the rate spreadsheets find when two rates solve the flows', () => {
    // −100, +230, −132 a year apart: 10 % and 20 % both solve it; Newton from 0.1 (as spreadsheets) gives 10 %.
    const flows = [flow(-100, '2021-01-01'), flow(230, '2022-01-01'), flow(-132, '2023-01-01')];
    expect(npv(flows, 0.2)).toBeCloseTo(0, 9);
    expect(Math.abs(xirr(flows)! - 0.1)).toBeLessThan(1e-9);
  });

  it('takes the lowest rate when Newton finds none and several solve the flows', () => {
    // −1,000, +300, −20 a year apart: −90 % and −80 % both solve it; Newton from 0.1 leaves the range.
    const flows = [flow(-1000, '2021-01-01'), flow(300, '2022-01-01'), flow(-20, '2023-01-01')];
    expect(npv(flows, -0.8)).toBeCloseTo(0, 9);
    expect(Math.abs(xirr(flows)! + 0.9)).toBeLessThan(1e-9);
  });

  it('is not available where the value only touches zero: floating point cannot pin such a rate to 1e-9', () => {
    // −10,000, +24,000, −14,400 a year apart: −(100 − 120/(1 + r))² × 1, zero at 20 % without changing sign.
    const flows = [flow(-10_000, '2021-01-01'), flow(24_000, '2022-01-01'), flow(-14_400, '2023-01-01')];
    expect(npv(flows, 0.19)).toBeLessThan(0);
    expect(npv(flows, 0.21)).toBeLessThan(0);
    expect(xirr(flows)).toBeNull();
  });

  it('refuses unreadable dates and amounts', () => {
    expect(() => xirr([flow(-100, '2025-02-30'), flow(110, '2026-01-01')])).toThrow(RangeError);
    expect(() => xirr([flow(-100, '2025-1-1'), flow(110, '2026-01-01')])).toThrow(RangeError);
    expect(() => xirr([{ amount: '-1.234', date: '2025-01-01' }, flow(110, '2026-01-01')])).toThrow();
  });
});
