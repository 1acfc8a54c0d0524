/** Accounts (table users): found by e-mail or phone, created, verified, their password and language changed. */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** The account whose e-mail (any case) or phone is this normalised key (undefined when none). */
export function accountByKey(db: Db, key: { email: string } | { phone: string }) {
  const query = db.selectFrom('users').select(['id', 'email', 'phone', 'password_hash', 'phone_verified_at', 'language']);
  return ('email' in key ? query.where((eb) => eb(eb.fn('lower', ['email']), '=', key.email)) : query.where('phone', '=', key.phone)).executeTakeFirst();
}

/** The accounts that already hold this e-mail (any case) or this phone. */
export function accountsHolding(db: Db, email: string, phone: string) {
  return db
    .selectFrom('users')
    .select(['email', 'phone'])
    .where((eb) => eb.or([eb(eb.fn('lower', ['email']), '=', email), eb('phone', '=', phone)]))
    .execute();
}

/** Creates an account; returns its id. */
export async function insertAccount(db: Db, account: { email: string; phone: string; passwordHash: string; language: string | null }): Promise<string> {
  const user = await db
    .insertInto('users')
    .values({ email: account.email, phone: account.phone, password_hash: account.passwordHash, language: account.language })
    .returning('id')
    .executeTakeFirstOrThrow();
  return user.id;
}

/** Holds the account's row until the transaction ends (two requests on one account are taken in turn). */
export async function lockAccount(trx: Transaction<DB>, userId: string): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().executeTakeFirst();
}

export async function markPhoneVerified(db: Db, userId: string, at: Date): Promise<void> {
  await db.updateTable('users').set({ phone_verified_at: at }).where('id', '=', userId).execute();
}

export async function passwordHashOf(db: Db, userId: string): Promise<string> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.password_hash;
}

export async function setPassword(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/** A new password set by a reset code, which also proves the phone (verified now, if it was not). */
export async function resetPassword(db: Db, userId: string, passwordHash: string, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, phone_verified_at: eb.fn.coalesce('phone_verified_at', eb.val(now)) }))
    .where('id', '=', userId)
    .execute();
}

export async function setLanguage(db: Db, userId: string, language: string): Promise<void> {
  await db.updateTable('users').set({ language }).where('id', '=', userId).execute();
}
