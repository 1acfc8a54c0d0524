/** People as staff find them, and the qualified-investor mark on a person. */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../../db/schema';

/** `%` and `_` typed by staff are matched as themselves. */
const likeText = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Up to 20 people whose e-mail, phone or name contains `q`, with whether they are qualified. */
export function findPeople(db: Kysely<DB>, q: string) {
  const like = likeText(q);
  return db
    .selectFrom('users as u')
    .leftJoin('profiles as p', 'p.user_id', 'u.id')
    .leftJoin('investor_qualifications as q', 'q.user_id', 'u.id')
    .select(['u.id', 'u.email', 'u.phone', 'p.name', 'q.user_id as qualified'])
    .where((eb) => eb.or([eb(sql`lower(u.email)`, 'like', like.toLowerCase()), eb('u.phone', 'like', like), eb(sql`lower(p.name)`, 'like', like.toLowerCase())]))
    .orderBy('u.email')
    .limit(20)
    .execute();
}

export function personRow(db: Kysely<DB>, id: string) {
  return db.selectFrom('users as u').leftJoin('profiles as p', 'p.user_id', 'u.id').select(['u.id', 'u.email', 'u.phone', 'p.name']).where('u.id', '=', id).executeTakeFirst();
}

/** The person's qualified-investor mark with the e-mail of the staff member who made it (undefined: retail). */
export function qualificationMark(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('investor_qualifications as q')
    .leftJoin('users as s', 's.id', 'q.qualified_by')
    .select(['q.note', 'q.evidence_file_id', 'q.qualified_at', 's.email as by'])
    .where('q.user_id', '=', userId)
    .executeTakeFirst();
}

/** Whether the person is marked qualified, their row locked (FOR NO KEY UPDATE) so two changes are taken in turn. */
export async function lockedQualified(trx: Transaction<DB>, userId: string): Promise<boolean> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().executeTakeFirstOrThrow();
  return Boolean(await trx.selectFrom('investor_qualifications').select('user_id').where('user_id', '=', userId).executeTakeFirst());
}

export async function markQualified(trx: Transaction<DB>, mark: { userId: string; note: string; evidenceFileId: string | null; by: string | null }): Promise<void> {
  await trx.insertInto('investor_qualifications').values({ user_id: mark.userId, note: mark.note, evidence_file_id: mark.evidenceFileId, qualified_by: mark.by }).execute();
}

export async function unmarkQualified(trx: Transaction<DB>, userId: string): Promise<void> {
  await trx.deleteFrom('investor_qualifications').where('user_id', '=', userId).execute();
}

export function userExists(db: Kysely<DB>, id: string) {
  return db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
}

/** Whether the file is one the person holds. */
export function heldBy(db: Kysely<DB>, fileId: string, ownerId: string) {
  return db.selectFrom('files').select('id').where('id', '=', fileId).where('owner_id', '=', ownerId).executeTakeFirst();
}
