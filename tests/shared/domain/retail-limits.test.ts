/** A retail investor's limits (DOMAIN.md "Investor protections", issue 31 §1), in paisa; 0 turns a limit off. */
import { describe, expect, it } from 'vitest';
import { retailLimitCheck, retailRoomLeft } from '../../../src/shared/domain/retail-limits';

const taka = (n: number) => BigInt(n) * 100n;
// The defaults: 5,00,000 in one project, 10,00,000 a year.
const limits = { perProjectLimitPaisa: taka(500_000), perYearLimitPaisa: taka(1_000_000) };

describe('retail limits', () => {
  it('lets a request up to and exactly at the limits through', () => {
    expect(retailLimitCheck({ ...limits, usedInProjectPaisa: 0n, usedInYearPaisa: 0n, requestPaisa: taka(20_000) })).toEqual({ ok: true });
    expect(retailLimitCheck({ ...limits, usedInProjectPaisa: taka(300_000), usedInYearPaisa: taka(700_000), requestPaisa: taka(200_000) })).toEqual({ ok: true });
  });

  it('names the project limit, what is used and what is left, one paisa over', () => {
    expect(retailLimitCheck({ ...limits, usedInProjectPaisa: taka(300_000), usedInYearPaisa: taka(300_000), requestPaisa: taka(200_000) + 1n })).toEqual({
      ok: false,
      limit: 'perProject',
      limitPaisa: taka(500_000),
      usedPaisa: taka(300_000),
      leftPaisa: taka(200_000),
    });
  });

  it('names the yearly limit across projects', () => {
    expect(retailLimitCheck({ ...limits, usedInProjectPaisa: 0n, usedInYearPaisa: taka(950_000), requestPaisa: taka(60_000) })).toEqual({
      ok: false,
      limit: 'perYear',
      limitPaisa: taka(1_000_000),
      usedPaisa: taka(950_000),
      leftPaisa: taka(50_000),
    });
  });

  it('names the limit with less left when a request is over both', () => {
    const over = (usedInProject: number, usedInYear: number) =>
      retailLimitCheck({ ...limits, usedInProjectPaisa: taka(usedInProject), usedInYearPaisa: taka(usedInYear), requestPaisa: taka(600_000) });
    expect(over(100_000, 500_000)).toMatchObject({ limit: 'perProject', leftPaisa: taka(400_000) });
    expect(over(100_000, 800_000)).toMatchObject({ limit: 'perYear', leftPaisa: taka(200_000) });
    expect(over(500_000, 1_000_000)).toMatchObject({ limit: 'perProject', leftPaisa: 0n }); // a tie: the project's
  });

  it('has nothing left, never less, when a lowered limit is below what is used', () => {
    expect(retailLimitCheck({ ...limits, usedInProjectPaisa: taka(700_000), usedInYearPaisa: taka(700_000), requestPaisa: 1n })).toMatchObject({
      limit: 'perProject',
      usedPaisa: taka(700_000),
      leftPaisa: 0n,
    });
  });

  it('turns a limit off at 0', () => {
    const off = { perProjectLimitPaisa: 0n, perYearLimitPaisa: 0n };
    expect(retailLimitCheck({ ...off, usedInProjectPaisa: taka(9_000_000), usedInYearPaisa: taka(9_000_000), requestPaisa: taka(9_000_000) })).toEqual({ ok: true });
    expect(retailLimitCheck({ ...limits, perYearLimitPaisa: 0n, usedInProjectPaisa: 0n, usedInYearPaisa: taka(5_000_000), requestPaisa: taka(500_000) })).toEqual({ ok: true });
    expect(retailLimitCheck({ ...limits, perProjectLimitPaisa: 0n, usedInProjectPaisa: taka(900_000), usedInYearPaisa: taka(900_000), requestPaisa: taka(100_001) })).toMatchObject({ limit: 'perYear' });
  });

  it('tells the form what is left before the person types', () => {
    expect(retailRoomLeft({ ...limits, usedInProjectPaisa: taka(450_000), usedInYearPaisa: taka(600_000) })).toEqual({ perProjectPaisa: taka(50_000), perYearPaisa: taka(400_000), leftPaisa: taka(50_000) });
    expect(retailRoomLeft({ ...limits, perProjectLimitPaisa: 0n, usedInProjectPaisa: taka(450_000), usedInYearPaisa: taka(600_000) })).toEqual({ perProjectPaisa: null, perYearPaisa: taka(400_000), leftPaisa: taka(400_000) });
    expect(retailRoomLeft({ perProjectLimitPaisa: 0n, perYearLimitPaisa: 0n, usedInProjectPaisa: 0n, usedInYearPaisa: 0n })).toEqual({ perProjectPaisa: null, perYearPaisa: null, leftPaisa: null });
  });

  it('refuses an empty request and negative amounts', () => {
    expect(() => retailLimitCheck({ ...limits, usedInProjectPaisa: 0n, usedInYearPaisa: 0n, requestPaisa: 0n })).toThrow(RangeError);
    expect(() => retailLimitCheck({ ...limits, usedInProjectPaisa: -1n, usedInYearPaisa: 0n, requestPaisa: 1n })).toThrow(RangeError);
  });
});
