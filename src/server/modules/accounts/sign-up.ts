/**
 * Signing up and proving the phone: the account and its first code in one transaction, the code checked (the phone
 * verified and the first session started with it), a new code on request after a cooldown, and that cooldown read.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { SignUpForm, VerifyOtpForm } from '../../../shared/generated/form-types';
import type { Language } from '../../../shared/i18n/language';
import { parseLanguage } from '../../../shared/i18n/language';
import type { WriteOnce } from '../../plugins/idempotency';
import { badRequest, conflict, describeWait, tooManyRequests } from '../../errors';
import { hashPassword } from './passwords';
import { checkCode, codeRefusal, issueCode, lastCodeAt, sendCode, type CodeCheck } from './codes';
import { maskPhone, normalizeEmail, normalizePhone } from './identifiers';
import { findAccount } from './sign-in';
import { accountsHolding, insertAccount, lockAccount, markPhoneVerified } from './queries/accounts';

/** Whole seconds until a new verification code may be sent to this account (0: now); the cooldown of resend-otp. */
async function resendWait(app: FastifyInstance, db: Kysely<DB>, userId: string): Promise<number> {
  const last = await lastCodeAt(db, userId, 'verify_phone');
  return last ? Math.max(0, Math.ceil(app.config.otpResendSeconds - (Date.now() - last.getTime()) / 1000)) : 0;
}

/**
 * Creates an account and sends its first code. `language`: the one chosen with the switch before signing up (the
 * account's from the start, its SMS code too), else null; `requestLanguage` the code's when none was chosen.
 * `revise` replaces the answer an Idempotency-Key keeps when the code could not be sent.
 */
export async function signUp(
  app: FastifyInstance,
  body: SignUpForm,
  languages: { chosen: Language | null; request: Language },
  writeOnce: WriteOnce,
  revise: (answer: unknown) => Promise<void>,
) {
  const { config } = app;
  const email = normalizeEmail(body.email);
  const phone = normalizePhone(body.phone);
  const taken = await accountsHolding(app.db, email, phone);
  if (taken.some((u) => u.email.toLowerCase() === email)) {
    throw conflict('An account with this email already exists. Sign in, or use Forgot Password.');
  }
  if (taken.length > 0) throw conflict('An account with this phone number already exists. Sign in, or use Forgot Password.');

  const passwordHash = await hashPassword(body.password);
  // The code just issued starts the resend cooldown.
  const created = { message: `Account created. We sent a 4-digit code to ${maskPhone(phone)}.`, resendInSeconds: config.otpResendSeconds };
  // The account and its first code in one transaction (no account without its code, no code without its account);
  // with an Idempotency-Key, a repeat gets this answer back instead of "an account with this email exists".
  let code: string | undefined;
  let answer: typeof created;
  try {
    answer = await writeOnce(async (trx) => {
      const userId = await insertAccount(trx, { email, phone, passwordHash, language: languages.chosen });
      code = await issueCode(trx, userId, 'verify_phone', config.otpTtlSeconds);
      return created;
    });
  } catch (err) {
    // Two sign-ups with one email or phone at the same moment: the unique index decides.
    if ((err as { code?: string }).code === '23505') throw conflict('An account with this email or phone number already exists.');
    throw err;
  }
  // A repeat: the first answer, and no second code.
  if (code === undefined) return answer;
  // After the commit the account exists whatever happens to the SMS: a failure is said, never a 5xx.
  if (await sendCode(app, phone, code, 'verify', languages.request)) return answer;
  const unsent = { message: 'Account created, but the code could not be sent just now. Use Resend OTP in a moment.', resendInSeconds: config.otpResendSeconds };
  await revise(unsent);
  return unsent;
}

/** Checks the phone's code: the phone verified and a session started; its token answered. */
export async function verifyOtp(app: FastifyInstance, body: VerifyOtpForm) {
  const user = await findAccount(app.db, normalizePhone(body.phone));
  if (!user) throw badRequest('This code has expired or is no longer valid. Ask for a new code.');
  // The code spent, the phone verified and the session started commit together: a code is never used up by a
  // request that then fails (its retry would be told the code is no longer valid). A wrong code's count commits too.
  const outcome = await app.db.transaction().execute(async (trx): Promise<{ token: string } | { failed: Exclude<CodeCheck, { result: 'ok' }> }> => {
    const check = await checkCode(trx, user.id, 'verify_phone', body.otp);
    if (check.result !== 'ok') return { failed: check };
    if (!user.phone_verified_at) await markPhoneVerified(trx, user.id, new Date());
    return { token: await app.startSession(user.id, trx) };
  });
  if ('failed' in outcome) throw codeRefusal(outcome.failed);
  return { message: 'Your phone number is verified. Welcome!', token: outcome.token };
}

/** Sends a new code to a phone waiting for verification, after the cooldown; the same answer for any phone. */
export async function resendOtp(app: FastifyInstance, rawPhone: string, requestLanguage: Language) {
  const { config } = app;
  const phone = normalizePhone(rawPhone);
  // The same answer whether or not the phone belongs to an account waiting for verification.
  const answer = { message: `If ${maskPhone(phone)} is waiting for verification, a new code is on its way.`, resendInSeconds: config.otpResendSeconds };
  const user = await findAccount(app.db, phone);
  if (!user || user.phone_verified_at) return answer;
  // The cooldown runs from the last code sent, by sign-up or by a resend. Checked and issued under the account's
  // row lock, so two resends at once cannot both pass it (no second SMS).
  const code = await app.db.transaction().execute(async (trx) => {
    await lockAccount(trx, user.id);
    const wait = await resendWait(app, trx, user.id);
    if (wait > 0) throw tooManyRequests(`A new code was sent recently. You can ask again in ${describeWait(wait)}.`, wait);
    return issueCode(trx, user.id, 'verify_phone', config.otpTtlSeconds, true);
  });
  await sendCode(app, user.phone, code, 'verify', parseLanguage(user.language) ?? requestLanguage);
  return answer;
}

/** Seconds until Resend OTP may send a new code to this phone (0 for a phone not waiting for verification). */
export async function otpCooldown(app: FastifyInstance, rawPhone: string) {
  const user = await findAccount(app.db, normalizePhone(rawPhone));
  if (!user || user.phone_verified_at) return { resendInSeconds: 0 };
  return { resendInSeconds: await resendWait(app, app.db, user.id) };
}
