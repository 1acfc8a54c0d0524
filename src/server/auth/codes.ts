/**
 * One-time codes (phone verification and password reset): issued hashed, live `OTP_TTL_SECONDS`, usable once,
 * dead after five wrong tries, replaced by a newer code. Every check is a conditional update, so two requests
 * racing on one code can never both use it or both miss the attempt count.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB, OtpCodesTable } from '../db/schema';
import { hashOtp, newOtp, sameDigest } from './secrets';

export const MAX_ATTEMPTS = 5;
/** Wrong codes allowed per account and purpose in 24 hours, across codes (a new code does not reset it). */
export const MAX_WRONG_PER_DAY = 15;
type Purpose = OtpCodesTable['purpose'];
type Db = Kysely<DB> | Transaction<DB>;

/** Issues a new code for a user and purpose, replacing any live one. Returns the plain code (to send once). */
export async function issueCode(db: Db, userId: string, purpose: Purpose, ttlSeconds: number, viaResend = false): Promise<string> {
  const code = newOtp();
  const salt = randomUUID();
  const now = new Date();
  await db
    .updateTable('otp_codes')
    .set({ replaced_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('replaced_at', 'is', null)
    .execute();
  await db
    .insertInto('otp_codes')
    .values({
      user_id: userId,
      purpose,
      code_hash: `${salt}:${hashOtp(salt, code)}`,
      via_resend: viaResend,
      expires_at: new Date(now.getTime() + ttlSeconds * 1000),
    })
    .execute();
  return code;
}

export type CodeCheck = { result: 'ok' } | { result: 'wrong'; remaining: number } | { result: 'dead' } | { result: 'locked' };

/** Checks a code against the user's live code of that purpose, consuming it when right. */
export async function checkCode(db: Db, userId: string, purpose: Purpose, code: string): Promise<CodeCheck> {
  const now = new Date();
  // Guessing across codes: asking for a new code every few minutes must not give unlimited tries.
  const today = await db
    .selectFrom('otp_codes')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('attempts'), eb.val('0')).as('wrong'))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', new Date(now.getTime() - 86_400_000))
    .executeTakeFirst();
  if (Number(today?.wrong ?? 0) >= MAX_WRONG_PER_DAY) return { result: 'locked' };
  const live = await db
    .selectFrom('otp_codes')
    .select(['id', 'code_hash', 'attempts', 'expires_at'])
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('replaced_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!live || live.attempts >= MAX_ATTEMPTS || live.expires_at <= now) return { result: 'dead' };

  const [salt = '', digest = ''] = live.code_hash.split(':');
  if (sameDigest(hashOtp(salt, code), digest)) {
    const used = await db
      .updateTable('otp_codes')
      .set({ used_at: now })
      .where('id', '=', live.id)
      .where('used_at', 'is', null)
      .where('replaced_at', 'is', null)
      .where('attempts', '<', MAX_ATTEMPTS)
      .where('expires_at', '>', now)
      .returning('id')
      .executeTakeFirst();
    return used ? { result: 'ok' } : { result: 'dead' };
  }
  const counted = await db
    .updateTable('otp_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', live.id)
    .where('attempts', '<', MAX_ATTEMPTS)
    .returning('attempts')
    .executeTakeFirst();
  if (!counted) return { result: 'dead' };
  return { result: 'wrong', remaining: MAX_ATTEMPTS - counted.attempts };
}

/**
 * When the user's last code of this purpose was sent (null when never), whether by sign-up or by a resend: the
 * resend cooldown runs from it, so the code sent at sign-up cannot be followed at once by a second SMS.
 */
export async function lastCodeAt(db: Db, userId: string, purpose: Purpose): Promise<Date | null> {
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
