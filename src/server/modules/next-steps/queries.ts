/**
 * The next steps' reads. Every query starts from an indexed column of the user (owner_id, investor_id, donor_id,
 * user_id) or a queue's partial/status index, so the answer stays cheap as the tables grow.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The name the person gave in their profile (undefined without a profile). */
export async function profileName(db: Kysely<DB>, userId: string) {
  return (await db.selectFrom('profiles').select('name').where('user_id', '=', userId).executeTakeFirst())?.name;
}

/** Pending requests on the owner's projects, per project: how many and their sum. */
export function proposalsToDecide(db: Kysely<DB>, ownerId: string) {
  return db
    .selectFrom('projects as p')
    .innerJoin('agreement_requests as a', (j) => j.onRef('a.project_id', '=', 'p.id').on('a.status', '=', 'pending'))
    .select(['p.id', 'p.title', (eb) => eb.fn.countAll<string>().as('n'), (eb) => eb.fn.sum<string>('a.amount').as('total')])
    .where('p.owner_id', '=', ownerId)
    .groupBy(['p.id', 'p.title'])
    .orderBy('p.title')
    .execute();
}

/** The owner's instalments still due: how many, and the earliest due date. */
export function instalmentsToPay(db: Kysely<DB>, ownerId: string) {
  return db
    .selectFrom('instalments')
    .select([(eb) => eb.fn.countAll<string>().as('n'), (eb) => eb.fn.min('due_on').as('next')])
    .where('owner_id', '=', ownerId)
    .where('status', '=', 'due')
    .executeTakeFirst();
}

/** The investor's instalments marked paid and not yet confirmed: how many, and their sum. */
export function instalmentsToConfirm(db: Kysely<DB>, investorId: string) {
  return db
    .selectFrom('instalments')
    .select([(eb) => eb.fn.countAll<string>().as('n'), (eb) => eb.fn.sum<string>('amount').as('total')])
    .where('investor_id', '=', investorId)
    .where('status', '=', 'paid')
    .executeTakeFirst();
}

/** The person's current verification: its status and staff's note. */
export function currentVerification(db: Kysely<DB>, userId: string) {
  return db.selectFrom('verifications').select(['status', 'staff_note']).where('user_id', '=', userId).where('superseded_at', 'is', null).executeTakeFirst();
}

/** The person's saved draft of a project, if any. */
export function projectDraft(db: Kysely<DB>, userId: string) {
  return db.selectFrom('drafts').select('updated_at').where('user_id', '=', userId).where('form_id', '=', 'project-owner').executeTakeFirst();
}

/** The donor's pledges not paid yet, newest first (20 at most), with their project's title. */
export function unpaidPledges(db: Kysely<DB>, donorId: string) {
  return db
    .selectFrom('donations as d')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .selectAll('d')
    .select('p.title')
    .where('d.donor_id', '=', donorId)
    .where('d.status', '=', 'pledged')
    .orderBy('d.created_at', 'desc')
    .limit(20)
    .execute();
}

/** The investor's requests accepted in the last `days` days, newest first (20 at most), with their project's title. */
export function recentAcceptances(db: Kysely<DB>, investorId: string, days: number) {
  return db
    .selectFrom('agreement_requests as a')
    .innerJoin('projects as p', 'p.id', 'a.project_id')
    .select(['a.id', 'a.amount', 'a.decided_at', 'p.title'])
    .where('a.investor_id', '=', investorId)
    .where('a.status', '=', 'accepted')
    .where('a.decided_at', '>', sql<Date>`now() - make_interval(days => ${days})`)
    .orderBy('a.decided_at', 'desc')
    .limit(20)
    .execute();
}

/** The sizes of staff's three queues, in one query. */
export async function staffQueueSizes(db: Kysely<DB>) {
  const q = await sql<{ verifications: string; projects: string; donations: string }>`
    SELECT
      (SELECT count(*) FROM verifications WHERE status = 'submitted' AND superseded_at IS NULL) AS verifications,
      (SELECT count(*) FROM projects WHERE status = 'pending_review') AS projects,
      (SELECT count(*) FROM donations WHERE status = 'pledged') AS donations`.execute(db);
  return q.rows[0]!;
}
