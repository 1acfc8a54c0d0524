/**
 * The retail limits' reads: the qualified-investor mark (staff set it in the identity module), and what an investor
 * has requested that counts toward the limits — their pending and accepted agreement requests that are not donations.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

const COUNTED = ['pending', 'accepted'] as const;

/** Whether staff marked the person a qualified investor. */
export async function qualificationOf(db: Db, userId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('investor_qualifications').select('user_id').where('user_id', '=', userId).executeTakeFirst());
}

/** What the investor has requested (taka, as text) in the project, and since `since` in all projects, outside `excludedType`. */
export function requestedIn(db: Db, investorId: string, projectId: string, since: Date, excludedType: string) {
  return db
    .selectFrom('agreement_requests')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<string>(eb.case().when('project_id', '=', projectId).then(eb.ref('amount')).end()), eb.val('0')).as('in_project'),
      eb.fn.coalesce(eb.fn.sum<string>(eb.case().when('created_at', '>', since).then(eb.ref('amount')).end()), eb.val('0')).as('in_year'),
    ])
    .where('investor_id', '=', investorId)
    .where('status', 'in', COUNTED)
    .where('investment_type', '<>', excludedType)
    .executeTakeFirstOrThrow();
}

/** What the investor has requested (taka, as text) since `since` in all projects, outside `excludedType`. */
export function requestedSince(db: Db, investorId: string, since: Date, excludedType: string) {
  return db
    .selectFrom('agreement_requests')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), eb.val('0')).as('in_year'))
    .where('investor_id', '=', investorId)
    .where('status', 'in', COUNTED)
    .where('investment_type', '<>', excludedType)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
}

/**
 * Locks the investor's user row for the rest of the transaction, so two requests of one person sent at once are
 * counted one after the other. FOR NO KEY UPDATE, not FOR UPDATE: it queues two limit checks of one person all the
 * same, but it does not stop other writes that only point at this person (their foreign key checks hold FOR KEY
 * SHARE). With FOR UPDATE, an owner accepting this person's earlier request (project row locked, then instalments and
 * a notice pointing at the person) and this request (person locked, then the project's figures) waited for each
 * other: a deadlock, a 500.
 */
export async function lockInvestor(trx: Transaction<DB>, investorId: string): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', investorId).forNoKeyUpdate().executeTakeFirstOrThrow();
}
