/** Sessions (table sessions): a token's live session with its account, started and revoked. */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** The live (unrevoked, unexpired) session of a token's hash, with its account (undefined when none). */
export function liveSession(db: Db, tokenHash: string, now: Date) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.email', 'users.phone', 'users.is_staff', 'users.is_shariah', 'users.phone_verified_at', 'users.created_at', 'users.language', 'sessions.expires_at'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
}

export type SessionRow = NonNullable<Awaited<ReturnType<typeof liveSession>>>;

export async function insertSession(db: Db, session: { tokenHash: string; userId: string; expiresAt: Date }): Promise<void> {
  await db.insertInto('sessions').values({ token_hash: session.tokenHash, user_id: session.userId, expires_at: session.expiresAt }).execute();
}

/** Ends one session. */
export async function revokeSession(db: Db, tokenHash: string, at: Date): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: at }).where('token_hash', '=', tokenHash).execute();
}

/** Ends every live session of an account but the one of `keep` (all of them when `keep` is null). */
export async function revokeSessionsOf(db: Db, userId: string, keep: string | null, at: Date): Promise<void> {
  let query = db.updateTable('sessions').set({ revoked_at: at }).where('user_id', '=', userId);
  if (keep !== null) query = query.where('token_hash', '!=', keep);
  await query.where('revoked_at', 'is', null).execute();
}
