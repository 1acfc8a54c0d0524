/**
 * A retail investor's limits (DOMAIN.md "Investor protections", issue 31 §1): their pending + accepted agreement
 * amounts in one project may not exceed `LIMIT_RETAIL_PER_PROJECT`, nor their pending + accepted amounts across all
 * projects requested in the last 365 days `LIMIT_RETAIL_PER_YEAR`; a limit of 0 is off. The caller sums what counts
 * (BDT only; withdrawn, declined, expired and cancelled agreements excluded) inside the transaction that stores the
 * request, skips qualified investors, and turns the answer into words; this module only does the arithmetic, in paisa.
 */

export type RetailLimit = 'perProject' | 'perYear';

export interface RetailLimits {
  /** `LIMIT_RETAIL_PER_PROJECT` in paisa; 0 is no limit. */
  perProjectLimitPaisa: bigint;
  /** `LIMIT_RETAIL_PER_YEAR` in paisa; 0 is no limit. */
  perYearLimitPaisa: bigint;
  /** Pending + accepted amounts of this investor in the project, paisa. */
  usedInProjectPaisa: bigint;
  /** Pending + accepted amounts of this investor requested in the last 365 days, all projects, paisa. */
  usedInYearPaisa: bigint;
}

export type RetailLimitCheck =
  | { ok: true }
  | {
      ok: false;
      /** The limit the request is over (when over both, the one with less left). */
      limit: RetailLimit;
      limitPaisa: bigint;
      usedPaisa: bigint;
      /** What may still be requested under that limit (never below 0). */
      leftPaisa: bigint;
    };

/** What is left under each limit (null when it is off) and overall (the smaller; null when both are off). */
export function retailRoomLeft(limits: RetailLimits): { perProjectPaisa: bigint | null; perYearPaisa: bigint | null; leftPaisa: bigint | null } {
  checkAmounts(limits);
  const perProjectPaisa = left(limits.perProjectLimitPaisa, limits.usedInProjectPaisa);
  const perYearPaisa = left(limits.perYearLimitPaisa, limits.usedInYearPaisa);
  const both = [perProjectPaisa, perYearPaisa].filter((v): v is bigint => v !== null);
  const leftPaisa = both.length === 0 ? null : both.reduce((a, b) => (b < a ? b : a));
  return { perProjectPaisa, perYearPaisa, leftPaisa };
}

/** Whether a request of `requestPaisa` (> 0) fits both limits; if not, which one it exceeds, with limit, used and left. */
export function retailLimitCheck(input: RetailLimits & { requestPaisa: bigint }): RetailLimitCheck {
  if (input.requestPaisa <= 0n) throw new RangeError('a request is for a positive amount');
  const room = retailRoomLeft(input);
  const over: Extract<RetailLimitCheck, { ok: false }>[] = [];
  if (room.perProjectPaisa !== null && input.requestPaisa > room.perProjectPaisa) {
    over.push({ ok: false, limit: 'perProject', limitPaisa: input.perProjectLimitPaisa, usedPaisa: input.usedInProjectPaisa, leftPaisa: room.perProjectPaisa });
  }
  if (room.perYearPaisa !== null && input.requestPaisa > room.perYearPaisa) {
    over.push({ ok: false, limit: 'perYear', limitPaisa: input.perYearLimitPaisa, usedPaisa: input.usedInYearPaisa, leftPaisa: room.perYearPaisa });
  }
  // Over both: name the one with less left, since that is what the person can still request (per project on a tie).
  const [first, second] = over;
  if (!first) return { ok: true };
  return second && second.leftPaisa < first.leftPaisa ? second : first;
}

function left(limit: bigint, used: bigint): bigint | null {
  if (limit === 0n) return null;
  return used >= limit ? 0n : limit - used;
}

function checkAmounts(limits: RetailLimits): void {
  for (const [name, value] of Object.entries(limits)) {
    if (typeof value === 'bigint' && value < 0n) throw new RangeError(`${name} is never negative`);
  }
}
