/**
 * The retail limits (DOMAIN.md "Investor protections", issue 31 §1): what counts toward them, read from the agreement
 * requests, and the refusal of a request over one. The arithmetic is the shared retail-limits.ts. Counted: this
 * investor's pending and accepted requests that are not donations (donations are never limited); per project, all of
 * them; per year, those requested in the 365 days before now. Every amount is BDT today (the form has no currency),
 * so nothing needs converting. A qualified investor (staff's mark, in the identity module) has no limits. The one
 * file other modules import: the agreements module checks a request here, the identity module shows staff a person's
 * limits.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import { badRequest } from '../../errors';
import { formatMoney, fromPaisa, toPaisa } from '../../../shared/domain/money';
import { retailLimitCheck, type RetailLimits } from '../../../shared/domain/retail-limits';
import { lockInvestor, qualificationOf, requestedIn, requestedSince } from './queries';
import { limitsView, personLimitsView } from './views';

export { personLimitsSchema } from './schemas';

/** The investment type that is a gift: never limited, never counted. */
export const DONATION_TYPE = 'Donation';
const YEAR_MS = 365 * 86_400_000;

type Db = Kysely<DB> | Transaction<DB>;

/** Whether the person is a qualified investor (no retail limits). */
export function isQualified(db: Db, userId: string): Promise<boolean> {
  return qualificationOf(db, userId);
}

/** The limits and what this investor has used of them (null when qualified: no limits). */
export async function limitsOf(db: Db, config: Config, investorId: string, projectId: string, now: Date): Promise<RetailLimits | null> {
  if (await isQualified(db, investorId)) return null;
  const used = await requestedIn(db, investorId, projectId, new Date(now.getTime() - YEAR_MS), DONATION_TYPE);
  return {
    perProjectLimitPaisa: toPaisa(config.limitRetailPerProject),
    perYearLimitPaisa: toPaisa(config.limitRetailPerYear),
    usedInProjectPaisa: toPaisa(String(used.in_project)),
    usedInYearPaisa: toPaisa(String(used.in_year)),
  };
}

const LIMIT_NAMES = { perProject: 'the limit for one project', perYear: 'the limit for all projects in 12 months' } as const;

/**
 * Refuses (400, nothing stored) a request over a limit. Call inside the transaction that stores the request: it
 * locks the investor's user row first, so two requests of one person sent at once are counted one after the other.
 */
export async function checkRetailLimits(trx: Transaction<DB>, config: Config, investorId: string, projectId: string, amount: string, investmentType: string, now: Date): Promise<void> {
  if (investmentType === DONATION_TYPE) return;
  await lockInvestor(trx, investorId);
  const limits = await limitsOf(trx, config, investorId, projectId, now);
  if (!limits) return;
  const check = retailLimitCheck({ ...limits, requestPaisa: toPaisa(amount) });
  if (check.ok) return;
  const message =
    `${formatMoney(amount)} is over ${LIMIT_NAMES[check.limit]} for retail investors, ${formatMoney(fromPaisa(check.limitPaisa))}: ` +
    `you have used ${formatMoney(fromPaisa(check.usedPaisa))} and ${formatMoney(fromPaisa(check.leftPaisa))} is left.`;
  throw badRequest(message, [{ path: '/investmentAmount', message }]);
}

/** What `GET /me/limits` answers: what the investor may still request in the project, in 12 months, and the smaller. */
export async function myLimits(db: Db, config: Config, investorId: string, projectId: string, now: Date) {
  return limitsView(await limitsOf(db, config, investorId, projectId, now));
}

/**
 * A person's limits as staff see them (the staff people page): qualified (none), or the per-project limit and the
 * 12 months' limit with what this person has used of it and what is left; null where a limit is off (0).
 */
export async function personLimits(db: Db, config: Config, investorId: string, now: Date) {
  if (await isQualified(db, investorId)) return { qualified: true, perProject: null, perYear: null };
  const used = await requestedSince(db, investorId, new Date(now.getTime() - YEAR_MS), DONATION_TYPE);
  return personLimitsView(toPaisa(config.limitRetailPerProject), toPaisa(config.limitRetailPerYear), toPaisa(String(used.in_year)));
}
