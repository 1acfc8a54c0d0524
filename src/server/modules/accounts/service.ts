/**
 * Accounts: signing up and proving the phone (sign-up.ts), signing in, the forgotten and the changed password
 * (sign-in.ts), sessions (started, read, ended), and the account's language. One-time codes are codes.ts, sign-in
 * throttling throttle.ts, passwords passwords.ts, tokens secrets.ts; the queries under queries/, the answers in
 * views.ts. The one file other modules and areas import: the session plugin (plugins/auth.ts, which keeps what it
 * reads a second) reads and starts sessions through it, and the helpers others need are exported here.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { SessionUser } from '../../plugins/auth';
import type { Language } from '../../../shared/i18n/language';
import { hashToken, newToken } from './secrets';
import { liveSession, insertSession, revokeSession } from './queries/sessions';
import { setLanguage } from './queries/accounts';
import { sessionUserView } from './views';

export { otpCooldown, resendOtp, signUp, verifyOtp } from './sign-up';
export { changePassword, forgotPassword, resetPassword, signIn } from './sign-in';
export { meView } from './views';
// Helpers other code needs: how an e-mail or phone becomes an account's key, phones in stored forms, passwords and
// tokens (the staff command line, the benchmarks, tests), and staff's view of the sign-in throttle.
export { isEmail, maskPhone, normalizeEmail, normalizeIdentifier, normalizePhone } from './identifiers';
export { phoneFields, withE164Phones } from './stored-phones';
export { hashPassword } from './passwords';
export { hashToken, newToken } from './secrets';
export { accountKey, addressKey, listLocks, unlock, type SignInLock } from './throttle';

/** The live session of a token's hash, as a request's user, and when it ends (null: none, revoked or expired). */
export async function sessionOf(db: Kysely<DB>, tokenHash: string): Promise<{ session: SessionUser; expiresAt: Date } | null> {
  const row = await liveSession(db, tokenHash, new Date());
  if (!row) return null;
  return { expiresAt: row.expires_at, session: sessionUserView(row, tokenHash) };
}

/** Starts a session of `ttlDays` for a user (in the caller's transaction when given one); returns the token to hand out. */
export async function startSession(db: Kysely<DB>, userId: string, ttlDays: number): Promise<string> {
  const token = newToken();
  const expires = new Date(Date.now() + ttlDays * 86_400_000);
  await insertSession(db, { tokenHash: hashToken(token), userId, expiresAt: expires });
  return token;
}

/** Ends the session the request came with. */
export async function signOut(db: Kysely<DB>, me: SessionUser) {
  await revokeSession(db, me.tokenHash, new Date());
  return { message: 'You are signed out.' };
}

/** Keeps the signed-in person's language (their e-mails and SMS follow it). */
export async function chooseLanguage(db: Kysely<DB>, me: SessionUser, language: Language) {
  await setLanguage(db, me.id, language);
  return { language };
}
