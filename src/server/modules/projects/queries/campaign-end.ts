/**
 * The end of a campaign in the database: the projects whose end date passed, the project's row and its agreements
 * locked in the order every decision takes, and the agreements of a campaign that missed its goal moved (expired or
 * cancelled, their unpaid instalments removed). The donations' part is the donations module's.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../../db/schema';

/** Open or funded projects whose end date is `now` or before (this one only, when `projectId` is given). */
export function endedProjects(trx: Transaction<DB>, now: Date, projectId?: string) {
  return trx
    .selectFrom('projects')
    .select(['id', 'ends_at'])
    .where('status', 'in', ['open', 'funded'])
    .where('ends_at', '<=', now)
    .$if(projectId !== undefined, (q) => q.where('id', '=', projectId!))
    .orderBy('id')
    .execute();
}

export function fundingModelOf(trx: Transaction<DB>, projectId: string) {
  return trx.selectFrom('projects').select('funding_model').where('id', '=', projectId).executeTakeFirst();
}

/** The project's pending and accepted agreements, locked (FOR NO KEY UPDATE) before its own row. */
export async function lockLiveAgreements(trx: Transaction<DB>, projectId: string): Promise<void> {
  await trx.selectFrom('agreement_requests').select('id').where('project_id', '=', projectId).where('status', 'in', ['pending', 'accepted']).orderBy('id').forNoKeyUpdate().execute();
}

/** The project's row, locked, with what closing it needs. */
export function lockedForClose(trx: Transaction<DB>, projectId: string) {
  return trx
    .selectFrom('projects')
    .select(['id', 'status', 'ends_at', 'goal', 'raised', 'title', 'owner_id', 'funding_model'])
    .where('id', '=', projectId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

export async function markClosed(trx: Transaction<DB>, projectId: string, closedAt: Date, failed: boolean): Promise<void> {
  await trx.updateTable('projects').set({ status: 'closed', closed_at: closedAt, outcome: failed ? 'goal_not_reached' : null }).where('id', '=', projectId).execute();
}

/**
 * A failed campaign's agreements: pending requests expire; accepted agreements are cancelled (goal not reached) and
 * their schedule goes, an instalment already paid staying on record (money that moved is never erased).
 */
export async function endAgreements(trx: Transaction<DB>, projectId: string, at: Date) {
  const expired = await trx
    .updateTable('agreement_requests')
    .set({ status: 'expired', decided_at: at })
    .where('project_id', '=', projectId)
    .where('status', '=', 'pending')
    .returning(['id', 'investor_id', 'amount'])
    .execute();
  const accepted = await trx.selectFrom('agreement_requests').select('id').where('project_id', '=', projectId).where('status', '=', 'accepted').execute();
  if (accepted.length > 0) {
    await trx.deleteFrom('instalments').where('agreement_id', 'in', accepted.map((a) => a.id)).where('status', '=', 'due').execute();
  }
  const cancelled = await trx
    .updateTable('agreement_requests')
    .set({ status: 'cancelled', cancelled_at: at, cancel_reason: 'goal_not_reached', in_default_since: null })
    .where('project_id', '=', projectId)
    .where('status', '=', 'accepted')
    .returning(['id', 'investor_id', 'amount'])
    .execute();
  return { expired, cancelled };
}
