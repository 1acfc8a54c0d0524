/**
 * Signing in (throttled per account and per address, throttle.ts) and the password: forgotten (a code to the phone,
 * then a new password with it, every session ended) and changed while signed in (every other session ended).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { ChangePasswordForm } from '../../../shared/generated/form-types';
import { parseLanguage, type Language } from '../../../shared/i18n/language';
import type { SessionUser } from '../../plugins/auth';
import { badRequest, forbidden, unauthorized } from '../../errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import { checkCode, codeRefusal, issueCode, lastCodeAt, sendCode } from './codes';
import { isEmail, normalizeIdentifier } from './identifiers';
import { attemptSucceeded, beginAttempt, clearAccount } from './throttle';
import { accountByKey, passwordHashOf, resetPassword as storeResetPassword, setPassword } from './queries/accounts';
import { revokeSessionsOf } from './queries/sessions';

/** Finds the account an email or phone belongs to. */
export function findAccount(db: Kysely<DB>, identifier: string) {
  const key = normalizeIdentifier(identifier);
  return accountByKey(db, isEmail(key) ? { email: key } : { phone: key });
}

/** Signs in with an e-mail or phone and a password: a new session's token. `address`: the client's, for the throttle. */
export async function signIn(app: FastifyInstance, body: { phone: string; password: string }, address: string) {
  const { config } = app;
  const policy = { slowAfter: config.signInSlowAfter, lockAfter: config.signInLockAfter, lockMinutes: config.signInLockMinutes };
  const keys = { account: normalizeIdentifier(body.phone), address };
  // The attempt is counted before the password is checked, so parallel guesses cannot pass the limit.
  const delay = await beginAttempt(app.db, keys, policy);
  if (delay > 0) await new Promise((r) => setTimeout(r, delay));

  const user = await findAccount(app.db, body.phone);
  const ok = user ? await verifyPassword(user.password_hash, body.password) : await burnPasswordCheck(body.password).then(() => false);
  if (!user || !ok) throw unauthorized('The email/phone or the password is not correct.');
  await attemptSucceeded(app.db, keys);
  if (!user.phone_verified_at) {
    throw forbidden('Your phone number is not verified yet. Enter the code we sent you, or ask for a new one.');
  }
  return { message: 'Welcome back!', token: await app.startSession(user.id) };
}

/** Sends a reset code to the account's phone, at most once per cooldown; the same answer for any identifier. */
export async function forgotPassword(app: FastifyInstance, identifier: string, requestLanguage: Language) {
  const { config } = app;
  const answer = { message: 'If an account matches, we sent a 4-digit code to its phone. Enter it with your new password.' };
  const user = await findAccount(app.db, identifier);
  if (!user) return answer;
  const last = await lastCodeAt(app.db, user.id, 'reset_password');
  // Within the cooldown the answer stays the same and no message is sent (no SMS flooding).
  if (last && Date.now() - last.getTime() < config.otpResendSeconds * 1000) return answer;
  // The old code replaced and the new one stored together: never a replaced code without its successor.
  const code = await app.db.transaction().execute((trx) => issueCode(trx, user.id, 'reset_password', config.otpTtlSeconds));
  await sendCode(app, user.phone, code, 'reset', parseLanguage(user.language) ?? requestLanguage);
  return answer;
}

/** A new password with a reset code: the phone proved, every session ended, the account's sign-in count cleared. */
export async function resetPassword(db: Kysely<DB>, body: { phone: string; otp: string; password: string }) {
  const user = await findAccount(db, body.phone);
  if (!user) throw badRequest('This code has expired or is no longer valid. Ask for a new code.');
  const check = await checkCode(db, user.id, 'reset_password', body.otp);
  if (check.result !== 'ok') throw codeRefusal(check);
  const passwordHash = await hashPassword(body.password);
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    await storeResetPassword(trx, user.id, passwordHash, now);
    await revokeSessionsOf(trx, user.id, null, now);
    await clearAccount(trx, normalizeIdentifier(body.phone));
  });
  return { message: 'Your password has been changed. Sign in with your new password.' };
}

/** Changes the signed-in person's password (their current one checked); every other session ends, this one stays. */
export async function changePassword(db: Kysely<DB>, me: SessionUser, body: ChangePasswordForm) {
  if (!(await verifyPassword(await passwordHashOf(db, me.id), body.currentPassword))) {
    throw badRequest('Your current password is not correct.', [{ path: '/currentPassword', message: 'Current password is not correct' }]);
  }
  const passwordHash = await hashPassword(body.password);
  await db.transaction().execute(async (trx) => {
    await setPassword(trx, me.id, passwordHash);
    await revokeSessionsOf(trx, me.id, me.tokenHash, new Date());
  });
  return { message: 'Your password has been changed.' };
}
