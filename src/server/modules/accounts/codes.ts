/**
 * One-time codes (phone verification and password reset): issued hashed, live `OTP_TTL_SECONDS`, usable once,
 * dead after five wrong tries, replaced by a newer code; sent by SMS, and a failed check said as a refusal. Every check is a conditional update (queries/codes.ts), so
 * two requests racing on one code can never both use it or both miss the attempt count.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { DB, OtpCodesTable } from '../../db/schema';
import type { Language } from '../../../shared/i18n/language';
import { badRequest, tooManyRequests } from '../../errors';
import { codeText, type CodePurpose } from '../../sms/code-text';
import { maskPhone } from './identifiers';
import { hashOtp, newOtp, sameDigest } from './secrets';
import { countWrongTry, insertCode, lastCodeCreatedAt, liveCode, replaceLiveCodes, useCode, wrongTriesSince } from './queries/codes';

export const MAX_ATTEMPTS = 5;
/** Wrong codes allowed per account and purpose in 24 hours, across codes (a new code does not reset it). */
export const MAX_WRONG_PER_DAY = 15;
export type CodePurposeKey = OtpCodesTable['purpose'];
type Db = Kysely<DB> | Transaction<DB>;

/** Issues a new code for a user and purpose, replacing any live one. Returns the plain code (to send once). */
export async function issueCode(db: Db, userId: string, purpose: CodePurposeKey, ttlSeconds: number, viaResend = false): Promise<string> {
  const code = newOtp();
  const salt = randomUUID();
  const now = new Date();
  await replaceLiveCodes(db, userId, purpose, now);
  await insertCode(db, { userId, purpose, codeHash: `${salt}:${hashOtp(salt, code)}`, viaResend, expiresAt: new Date(now.getTime() + ttlSeconds * 1000) });
  return code;
}

export type CodeCheck = { result: 'ok' } | { result: 'wrong'; remaining: number } | { result: 'dead' } | { result: 'locked' };

/** Checks a code against the user's live code of that purpose, consuming it when right. */
export async function checkCode(db: Db, userId: string, purpose: CodePurposeKey, code: string): Promise<CodeCheck> {
  const now = new Date();
  // Guessing across codes: asking for a new code every few minutes must not give unlimited tries.
  if ((await wrongTriesSince(db, userId, purpose, new Date(now.getTime() - 86_400_000))) >= MAX_WRONG_PER_DAY) return { result: 'locked' };
  const live = await liveCode(db, userId, purpose);
  if (!live || live.attempts >= MAX_ATTEMPTS || live.expires_at <= now) return { result: 'dead' };

  const [salt = '', digest = ''] = live.code_hash.split(':');
  if (sameDigest(hashOtp(salt, code), digest)) {
    return (await useCode(db, live.id, MAX_ATTEMPTS, now)) ? { result: 'ok' } : { result: 'dead' };
  }
  const attempts = await countWrongTry(db, live.id, MAX_ATTEMPTS);
  if (attempts === null) return { result: 'dead' };
  return { result: 'wrong', remaining: MAX_ATTEMPTS - attempts };
}

/**
 * When the user's last code of this purpose was sent (null when never), whether by sign-up or by a resend: the
 * resend cooldown runs from it, so the code sent at sign-up cannot be followed at once by a second SMS.
 */
export function lastCodeAt(db: Db, userId: string, purpose: CodePurposeKey): Promise<Date | null> {
  return lastCodeCreatedAt(db, userId, purpose);
}

/** A code check that failed as a 400 (or 429) the person can act on. */
export function codeRefusal(check: Exclude<CodeCheck, { result: 'ok' }>): Error {
  if (check.result === 'locked') {
    return tooManyRequests('Too many wrong codes today. Try again tomorrow, or contact support.', 3600);
  }
  if (check.result === 'wrong') {
    return badRequest(
      check.remaining > 0
        ? `The code is not correct. ${check.remaining} ${check.remaining === 1 ? 'try' : 'tries'} left.`
        : `The code is not correct. After ${MAX_ATTEMPTS} wrong tries it no longer works: ask for a new code.`,
    );
  }
  return badRequest('This code has expired or is no longer valid. Ask for a new code.');
}

/**
 * Sends a code by SMS in the account's language, else the language of the request that asked for it. False when it
 * could not be sent (logged): the caller says so, never a 5xx after its change committed.
 */
export async function sendCode(app: FastifyInstance, to: string, code: string, purpose: CodePurpose, language: Language): Promise<boolean> {
  try {
    await app.sms.send({ to, text: codeText(code, purpose, language), code });
    return true;
  } catch (err) {
    app.log.error({ err, to: maskPhone(to) }, 'SMS delivery failed');
    return false;
  }
}
