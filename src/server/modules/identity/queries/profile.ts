/** A person's profile form and their identity verification submissions. */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

export function profileRow(db: Db, userId: string) {
  return db.selectFrom('profiles').select(['data', 'form_version']).where('user_id', '=', userId).executeTakeFirst();
}

/** Writes the profile form (its name and country kept as columns too). */
export async function saveProfileRow(db: Db, userId: string, p: { data: string; formVersion: number; name: string; country: string }): Promise<void> {
  await db
    .insertInto('profiles')
    .values({ user_id: userId, data: p.data, form_version: p.formVersion, name: p.name, country: p.country })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ data: p.data, form_version: p.formVersion, name: p.name, country: p.country, updated_at: new Date() }))
    .execute();
}

/** The user's current verification submission (undefined when none). */
export function currentVerificationRow(db: Db, userId: string) {
  return db.selectFrom('verifications').selectAll().where('user_id', '=', userId).where('superseded_at', 'is', null).executeTakeFirst();
}

/**
 * A new submission replaces the current one: the user's row locked first (two submissions at once would both try to
 * be the current one), the current one superseded, the new one stored (its form written once its files are linked).
 */
export async function replaceVerification(trx: Transaction<DB>, userId: string, formVersion: number, now: Date) {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
  await trx.updateTable('verifications').set({ superseded_at: now }).where('user_id', '=', userId).where('superseded_at', 'is', null).execute();
  return trx.insertInto('verifications').values({ user_id: userId, status: 'submitted', data: JSON.stringify({}), form_version: formVersion }).returning('id').executeTakeFirstOrThrow();
}

export async function setVerificationData(trx: Transaction<DB>, id: string, data: unknown): Promise<void> {
  await trx.updateTable('verifications').set({ data: JSON.stringify(data) }).where('id', '=', id).execute();
}
