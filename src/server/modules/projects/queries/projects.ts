/** The projects table: a project read, written, listed a page at a time, and its money bookkeeping's row locks. */
import { sql, type Kysely, type Transaction, type Insertable, type Updateable } from 'kysely';
import type { DB, ProjectStatus, ProjectsTable } from '../../../db/schema';
import { newestPage } from '../../../db/cursor';

type Db = Kysely<DB> | Transaction<DB>;

/** Statuses anyone may see. */
export const PUBLIC_STATUSES: ProjectStatus[] = ['open', 'funded', 'closed'];

export function projectById(db: Db, id: string) {
  return db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Only the status of a project (undefined when there is none). */
export function projectStatus(db: Db, id: string) {
  return db.selectFrom('projects').select('status').where('id', '=', id).executeTakeFirst();
}

/** A new project, then its form (with its uploads' ids) written once the files are linked to it. */
export function insertProject(trx: Transaction<DB>, values: Insertable<ProjectsTable>) {
  return trx.insertInto('projects').values(values).returning('id').executeTakeFirstOrThrow();
}

export function setProjectData(trx: Transaction<DB>, id: string, data: unknown) {
  return trx.updateTable('projects').set({ data: JSON.stringify(data) }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** The owner's draft of the project form, gone once it is submitted. */
export async function deleteProjectDraft(trx: Transaction<DB>, userId: string): Promise<void> {
  await trx.deleteFrom('drafts').where('user_id', '=', userId).where('form_id', '=', 'project-owner').execute();
}

/** An owner's edit, only while the project still waits for review or was rejected; undefined when it was approved meanwhile. */
export function updateEditable(trx: Transaction<DB>, id: string, values: Updateable<ProjectsTable>) {
  return trx.updateTable('projects').set(values).where('id', '=', id).where('status', 'in', ['pending_review', 'rejected']).returningAll().executeTakeFirst();
}

export interface PublicPageQuery {
  category?: string;
  status?: 'open' | 'funded' | 'closed';
  sort: 'newest' | 'most_funded';
  /** The key and id of the last row of the page before. */
  after: [string, string] | null;
  limit: number;
}

/** `limit + 1` public projects in the list's order after the cursor, each with its created_at as PostgreSQL prints it. */
export function publicPageRows(db: Db, q: PublicPageQuery) {
  let query = db
    .selectFrom('projects')
    .selectAll()
    .select(sql<string>`created_at::text`.as('created_key'))
    // A literal list (not parameters), so the planner matches the partial indexes of public projects.
    .where(q.status ? sql<boolean>`status = ${q.status}` : sql<boolean>`status IN (${sql.raw(PUBLIC_STATUSES.map((s) => `'${s}'`).join(', '))})`);
  if (q.category) query = query.where('category', '=', q.category);
  if (q.after) {
    const [key, id] = q.after;
    query =
      q.sort === 'newest'
        ? query.where(sql<boolean>`(created_at, id) < (${key}::timestamptz, ${id}::uuid)`)
        : query.where(sql<boolean>`(raised, id) < (${key}::numeric, ${id}::uuid)`);
  }
  query = q.sort === 'newest' ? query.orderBy('created_at', 'desc').orderBy('id', 'desc') : query.orderBy('raised', 'desc').orderBy('id', 'desc');
  return query.limit(q.limit + 1).execute();
}

/**
 * An owner's projects, newest first, a page after `cursor`: on the owner's index (owner_id, created_at, id), so an
 * owner with many projects gets them in pages, each one indexed read, never the whole list at once.
 */
export function ownProjectsPage(db: Db, ownerId: string, status: ProjectStatus | undefined, cursor: string | undefined, limit: number) {
  let query = db.selectFrom('projects').selectAll().select(sql<string>`created_at::text`.as('created_key')).where('owner_id', '=', ownerId);
  if (status) query = query.where('status', '=', status);
  return newestPage(query, 'projects', cursor, limit);
}

/** Staff's queue of one status, the longest waiting first. */
export function projectsOfStatus(db: Db, status: ProjectStatus) {
  return db.selectFrom('projects').selectAll().where('status', '=', status).orderBy('submitted_at', 'asc').limit(200).execute();
}

export function ownerContact(db: Db, ownerId: string) {
  return db.selectFrom('users').select(['email', 'phone']).where('id', '=', ownerId).executeTakeFirstOrThrow();
}

/** Its row locked as the figures' trigger locks it (FOR NO KEY UPDATE), with what deciding on it needs. */
export function lockedProject(trx: Transaction<DB>, id: string) {
  return trx.selectFrom('projects').selectAll().where('id', '=', id).forNoKeyUpdate().executeTakeFirst();
}

/** Marks an open project funded. */
export async function markFunded(trx: Transaction<DB>, id: string): Promise<void> {
  await trx.updateTable('projects').set({ status: 'funded', funded_at: new Date() }).where('id', '=', id).execute();
}

/**
 * Staff's decision on a project waiting for review (undefined when it no longer waits). `seen`: only the version the
 * reviewer read, so an owner's edit in between must be reviewed again.
 */
export function decidePending(trx: Transaction<DB>, id: string, values: Updateable<ProjectsTable>, seen: Date | null) {
  let update = trx.updateTable('projects').set(values).where('id', '=', id).where('status', '=', 'pending_review');
  if (seen) update = update.where(sql<boolean>`date_trunc('milliseconds', submitted_at) = ${seen}::timestamptz`);
  return update.returningAll().executeTakeFirst();
}

/**
 * How many donations of each project are due a refund and refunded (one indexed query on donations_project), for
 * the projects that closed with their goal not reached.
 */
export function refundCountRows(db: Db, projectIds: string[]) {
  return db
    .selectFrom('donations')
    .select(['project_id', 'status', (eb) => eb.fn.countAll<string>().as('n')])
    .where('project_id', 'in', projectIds)
    .where('status', 'in', ['refund_due', 'refunded'])
    .groupBy(['project_id', 'status'])
    .execute();
}

/** Its status, goal and raised money under the row lock the figures' trigger takes (FOR NO KEY UPDATE). */
export function lockedMoney(trx: Transaction<DB>, id: string) {
  return trx.selectFrom('projects').select(['status', 'goal', 'raised']).where('id', '=', id).forNoKeyUpdate().executeTakeFirstOrThrow();
}
