/** Shariah reviews: the reviews of projects, the project's pointer at the one in force, and the reviewer's queue. */
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB, ShariahReviewsTable } from '../../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

export function reviewsByIds(db: Db, ids: string[]) {
  return db.selectFrom('shariah_reviews').selectAll().where('id', 'in', ids).execute();
}

/** Every review of a project with its reviewer's e-mail, newest first. */
export function reviewRows(db: Db, projectId: string) {
  return db
    .selectFrom('shariah_reviews as r')
    .leftJoin('users as u', 'u.id', 'r.reviewer_id')
    .selectAll('r')
    .select('u.email as reviewer')
    .where('r.project_id', '=', projectId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id')
    .execute();
}

export function reviewDecision(db: Db, reviewId: string) {
  return db.selectFrom('shariah_reviews').select('decision').where('id', '=', reviewId).executeTakeFirst();
}

/** The project no longer has a review in force. */
export async function clearReview(trx: Transaction<DB>, projectId: string): Promise<void> {
  await trx.updateTable('projects').set({ shariah_review_id: null }).where('id', '=', projectId).execute();
}

/** A review with the status of the project whose review in force it is (undefined when it is not in force). */
export function reviewInForceOf(db: Db, reviewId: string) {
  return db.selectFrom('shariah_reviews as r').innerJoin('projects as p', 'p.shariah_review_id', 'r.id').select(['r.decision', 'p.status']).where('r.id', '=', reviewId).executeTakeFirst();
}

/** Up to 200 projects of a status a reviewer works on, oldest first. */
export function reviewableRows(db: Db, status: 'pending_review' | 'rejected') {
  return db.selectFrom('projects').selectAll().where('status', '=', status).orderBy('submitted_at', 'asc').limit(200).execute();
}

export function reviewableRow(db: Db, id: string, statuses: readonly ('pending_review' | 'rejected')[]) {
  return db.selectFrom('projects').selectAll().where('id', '=', id).where('status', 'in', [...statuses]).executeTakeFirst();
}

export function reviewPointer(db: Db, projectId: string) {
  return db.selectFrom('projects').select(['id', 'shariah_review_id']).where('id', '=', projectId).executeTakeFirst();
}

/** Whether the file is this person's own upload. */
export function heldFile(db: Db, fileId: string, ownerId: string) {
  return db.selectFrom('files').select('id').where('id', '=', fileId).where('owner_id', '=', ownerId).executeTakeFirst();
}

/** The project a review is recorded for, locked (FOR NO KEY UPDATE) so a staff decision in flight sees it. */
export function lockedForReview(trx: Transaction<DB>, projectId: string) {
  return trx.selectFrom('projects').select(['id', 'owner_id', 'title', 'status', 'shariah_review_id']).where('id', '=', projectId).forNoKeyUpdate().executeTakeFirst();
}

/** A new review, which the project then points at (the latest is in force). */
export async function insertReview(trx: Transaction<DB>, values: Insertable<ShariahReviewsTable>) {
  const review = await trx.insertInto('shariah_reviews').values(values).returningAll().executeTakeFirstOrThrow();
  await trx.updateTable('projects').set({ shariah_review_id: review.id }).where('id', '=', values.project_id).execute();
  return review;
}
