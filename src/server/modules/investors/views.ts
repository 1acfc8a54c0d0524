/** What the investor limits answer: taka strings, null where there is no limit. */
import { fromPaisa } from '../../../shared/domain/money';
import { retailRoomLeft, type RetailLimits } from '../../../shared/domain/retail-limits';

/** What `GET /me/limits` answers, from the limits and what was used (null when qualified: no limits). */
export function limitsView(limits: RetailLimits | null) {
  if (!limits) return { qualified: true, perProject: null, perYear: null, left: null };
  const room = retailRoomLeft(limits);
  const view = (limit: bigint, used: bigint, left: bigint | null) => (left === null ? null : { limit: fromPaisa(limit), used: fromPaisa(used), left: fromPaisa(left) });
  return {
    qualified: false,
    perProject: view(limits.perProjectLimitPaisa, limits.usedInProjectPaisa, room.perProjectPaisa),
    perYear: view(limits.perYearLimitPaisa, limits.usedInYearPaisa, room.perYearPaisa),
    left: room.leftPaisa === null ? null : fromPaisa(room.leftPaisa),
  };
}

/**
 * A retail person's limits as staff see them: the per-project limit, and the 12 months' limit with what this person
 * has used of it and what is left; null where a limit is off (0). All in paisa.
 */
export function personLimitsView(perProject: bigint, perYear: bigint, usedPaisa: bigint) {
  const leftPaisa = perYear - usedPaisa > 0n ? perYear - usedPaisa : 0n;
  return {
    qualified: false,
    perProject: perProject === 0n ? null : fromPaisa(perProject),
    perYear: perYear === 0n ? null : { limit: fromPaisa(perYear), used: fromPaisa(usedPaisa), left: fromPaisa(leftPaisa) },
  };
}
