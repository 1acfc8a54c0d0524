/**
 * The retail limits on the server (DOMAIN.md "Investor protections", issue 31 §1): what counts toward them, read from
 * the agreement requests, and the refusal of a request over one. The arithmetic is the shared retail-limits.ts.
 * Counted: this investor's pending and accepted requests that are not donations (donations are never limited); per
 * project, all of them; per year, those requested in the 365 days before now. Every amount is BDT today (the form
 * has no currency), so nothing needs converting.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import { badRequest } from '../errors';
import { formatMoney, fromPaisa, toPaisa } from '../../shared/domain/money';
import { retailLimitCheck, retailRoomLeft, type RetailLimits } from '../../shared/domain/retail-limits';
import { boolean, money, moneyOrNull, object, orNull } from '../routes/schemas';

/** The investment type that is a gift: never limited, never counted. */
export const DONATION_TYPE = 'Donation';
const COUNTED = ['pending', 'accepted'] as const;
const YEAR_MS = 365 * 86_400_000;

type Db = Kysely<DB> | Transaction<DB>;

export async function isQualified(db: Db, userId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('investor_qualifications').select('user_id').where('user_id', '=', userId).executeTakeFirst());
}

/** The limits and what this investor has used of them (null when qualified: no limits). */
export async function limitsOf(db: Db, config: Config, investorId: string, projectId: string, now: Date): Promise<RetailLimits | null> {
  if (await isQualified(db, investorId)) return null;
  const since = new Date(now.getTime() - YEAR_MS);
  const used = await db
    .selectFrom('agreement_requests')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<string>(eb.case().when('project_id', '=', projectId).then(eb.ref('amount')).end()), eb.val('0')).as('in_project'),
      eb.fn.coalesce(eb.fn.sum<string>(eb.case().when('created_at', '>', since).then(eb.ref('amount')).end()), eb.val('0')).as('in_year'),
    ])
    .where('investor_id', '=', investorId)
    .where('status', 'in', COUNTED)
    .where('investment_type', '<>', DONATION_TYPE)
    .executeTakeFirstOrThrow();
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
  // FOR NO KEY UPDATE, not FOR UPDATE: it queues two limit checks of one person all the same, but it does not stop
  // other writes that only point at this person (their foreign key checks hold FOR KEY SHARE). With FOR UPDATE, an
  // owner accepting this person's earlier request (project row locked, then instalments and a notice pointing at the
  // person) and this request (person locked, then the project's figures) waited for each other: a deadlock, a 500.
  await trx.selectFrom('users').select('id').where('id', '=', investorId).forNoKeyUpdate().executeTakeFirstOrThrow();
  const limits = await limitsOf(trx, config, investorId, projectId, now);
  if (!limits) return;
  const check = retailLimitCheck({ ...limits, requestPaisa: toPaisa(amount) });
  if (check.ok) return;
  const message =
    `${formatMoney(amount)} is over ${LIMIT_NAMES[check.limit]} for retail investors, ${formatMoney(fromPaisa(check.limitPaisa))}: ` +
    `you have used ${formatMoney(fromPaisa(check.usedPaisa))} and ${formatMoney(fromPaisa(check.leftPaisa))} is left.`;
  throw badRequest(message, [{ path: '/investmentAmount', message }]);
}

const limitSchema = object({ limit: money, used: money, left: money });

/** The schema of limitsView's answer. */
export const limitsSchema = object({ qualified: boolean, perProject: orNull(limitSchema), perYear: orNull(limitSchema), left: moneyOrNull });

/** The schema of personLimitsView's answer. */
export const personLimitsSchema = object({ qualified: boolean, perProject: moneyOrNull, perYear: orNull(limitSchema) });

/** What `GET /me/limits` answers: taka strings, null where there is no limit. */
export async function limitsView(db: Db, config: Config, investorId: string, projectId: string, now: Date) {
  const limits = await limitsOf(db, config, investorId, projectId, now);
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
 * A person's limits as staff see them (the staff people page): qualified (none), or the per-project limit and the
 * 12 months' limit with what this person has used of it and what is left; null where a limit is off (0).
 */
export async function personLimitsView(db: Db, config: Config, investorId: string, now: Date) {
  if (await isQualified(db, investorId)) return { qualified: true, perProject: null, perYear: null };
  const since = new Date(now.getTime() - YEAR_MS);
  const used = await db
    .selectFrom('agreement_requests')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), eb.val('0')).as('in_year'))
    .where('investor_id', '=', investorId)
    .where('status', 'in', COUNTED)
    .where('investment_type', '<>', DONATION_TYPE)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  const perProject = toPaisa(config.limitRetailPerProject);
  const perYear = toPaisa(config.limitRetailPerYear);
  const usedPaisa = toPaisa(String(used.in_year));
  const leftPaisa = perYear - usedPaisa > 0n ? perYear - usedPaisa : 0n;
  return {
    qualified: false,
    perProject: perProject === 0n ? null : fromPaisa(perProject),
    perYear: perYear === 0n ? null : { limit: fromPaisa(perYear), used: fromPaisa(usedPaisa), left: fromPaisa(leftPaisa) },
  };
}
