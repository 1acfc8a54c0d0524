/**
 * The flows XIRR reads for an agreement and a portfolio (DOMAIN.md "XIRR"): expected (confirmation date, else due
 * date) and to date (confirmed money, and the principal still owed back today at face value); one agreement as the
 * read model's per-day sums; "not available" with its reason rather than a number.
 */
import { describe, expect, it } from 'vitest';
import { agreementDays, expectedFlows, rateOf, toDateFlows, type HeldAgreement } from '../../../src/shared/domain/portfolio-flows';
import { xirr } from '../../../src/shared/domain/xirr';

// 100,000 at 17.70 % in four quarterly instalments of 29,425 (profit part 4,425 each), the first confirmed two days late.
const agreement: HeldAgreement = {
  principal: 10_000_000n,
  acceptedOn: '2026-01-10',
  instalments: [
    { dueOn: '2026-04-10', amount: 2_942_500n, profit: 442_500n, status: 'confirmed', confirmedOn: '2026-04-12' },
    { dueOn: '2026-07-10', amount: 2_942_500n, profit: 442_500n, status: 'paid', confirmedOn: null },
    { dueOn: '2026-10-10', amount: 2_942_500n, profit: 442_500n, status: 'due', confirmedOn: null },
    { dueOn: '2027-01-10', amount: 2_942_500n, profit: 442_500n, status: 'due', confirmedOn: null },
  ],
};

describe('portfolio flows', () => {
  it('sums an agreement per day as the read model does: out on acceptance, in by confirmation or due date', () => {
    expect(agreementDays(agreement)).toEqual([
      { day: '2026-01-10', invested: 10_000_000n, due: 0n, paid: 0n, received: 0n, receivedProfit: 0n },
      { day: '2026-04-12', invested: 0n, due: 0n, paid: 0n, received: 2_942_500n, receivedProfit: 442_500n },
      { day: '2026-07-10', invested: 0n, due: 0n, paid: 2_942_500n, received: 0n, receivedProfit: 0n },
      { day: '2026-10-10', invested: 0n, due: 2_942_500n, paid: 0n, received: 0n, receivedProfit: 0n },
      { day: '2027-01-10', invested: 0n, due: 2_942_500n, paid: 0n, received: 0n, receivedProfit: 0n },
    ]);
  });

  it('gives the expected flows and the flows to date, the principal still owed back today at face value', () => {
    const days = agreementDays(agreement);
    expect(expectedFlows(days)).toEqual([
      { date: '2026-01-10', paisa: -10_000_000n },
      { date: '2026-04-12', paisa: 2_942_500n },
      { date: '2026-07-10', paisa: 2_942_500n },
      { date: '2026-10-10', paisa: 2_942_500n },
      { date: '2027-01-10', paisa: 2_942_500n },
    ]);
    // 25,000 of principal came back with the first instalment: 75,000 is still owed.
    expect(toDateFlows(days, '2026-05-01').filter((f) => 'paisa' in f && f.paisa !== 0n)).toEqual([
      { date: '2026-01-10', paisa: -10_000_000n },
      { date: '2026-04-12', paisa: 2_942_500n },
      { date: '2026-05-01', paisa: 7_500_000n },
    ]);
    expect(rateOf(expectedFlows(days))).toEqual({ rate: xirr(expectedFlows(days)), reason: null });
  });

  it('says why there is no rate: nothing held, all the money on one day, no solution', () => {
    expect(rateOf([])).toEqual({ rate: null, reason: 'no_agreements' });
    const today = agreementDays({ ...agreement, instalments: [] });
    expect(rateOf(toDateFlows(today, '2026-01-10'))).toEqual({ rate: null, reason: 'too_early' });
    expect(rateOf([{ date: '2026-01-10', paisa: -100n }, { date: '2026-02-10', paisa: -5n }])).toEqual({ rate: null, reason: 'no_solution' });
  });
});
