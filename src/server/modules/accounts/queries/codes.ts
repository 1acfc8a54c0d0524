/** One-time codes (table otp_codes): issued, replaced, checked and counted by conditional updates (codes.ts). */
import type { Kysely, Transaction } from 'kysely';
import type { DB, OtpCodesTable } from '../../../db/schema';

type Purpose = OtpCodesTable['purpose'];
type Db = Kysely<DB> | Transaction<DB>;

/** Marks the user's live code of a purpose (if any) replaced. */
export async function replaceLiveCodes(db: Db, userId: string, purpose: Purpose, now: Date): Promise<void> {
  await db
    .updateTable('otp_codes')
    .set({ replaced_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('replaced_at', 'is', null)
    .execute();
}

/** Stores a new code (its salted hash). */
export async function insertCode(db: Db, code: { userId: string; purpose: Purpose; codeHash: string; viaResend: boolean; expiresAt: Date }): Promise<void> {
  await db
    .insertInto('otp_codes')
    .values({ user_id: code.userId, purpose: code.purpose, code_hash: code.codeHash, via_resend: code.viaResend, expires_at: code.expiresAt })
    .execute();
}

/** Wrong tries counted on the user's codes of a purpose created since `since`, across codes. */
export async function wrongTriesSince(db: Db, userId: string, purpose: Purpose, since: Date): Promise<number> {
  const row = await db
    .selectFrom('otp_codes')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('attempts'), eb.val('0')).as('wrong'))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return Number(row?.wrong ?? 0);
}

/** The user's newest code of a purpose that is neither used nor replaced (undefined when none). */
export function liveCode(db: Db, userId: string, purpose: Purpose) {
  return db
    .selectFrom('otp_codes')
    .select(['id', 'code_hash', 'attempts', 'expires_at'])
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('replaced_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Uses a code, only while it is still live, untried too often and unexpired; true when this request used it. */
export async function useCode(db: Db, id: string, maxAttempts: number, now: Date): Promise<boolean> {
  const used = await db
    .updateTable('otp_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('replaced_at', 'is', null)
    .where('attempts', '<', maxAttempts)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  return Boolean(used);
}

/** Counts a wrong try on a code still below `maxAttempts`; its tries now, or null when it was already dead. */
export async function countWrongTry(db: Db, id: string, maxAttempts: number): Promise<number | null> {
  const counted = await db
    .updateTable('otp_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .returning('attempts')
    .executeTakeFirst();
  return counted ? counted.attempts : null;
}

/** When the user's last code of a purpose was created (null when never). */
export async function lastCodeCreatedAt(db: Db, userId: string, purpose: Purpose): Promise<Date | null> {
  const row = await db
    .selectFrom('otp_codes')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at ?? null;
}
