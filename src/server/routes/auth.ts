/**
 * The auth API of spec section 7 (same paths and payloads) and what users need beyond the seed: forgotten and
 * changed passwords, sign-out and "who am I". Every body is checked by the shared schemas before a handler runs.
 */
import { cookieValue, LANGUAGE_COOKIE, parseLanguage } from '../../shared/i18n/language';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { ChangePasswordForm, ResetPasswordForm, SignUpForm, VerifyOtpForm } from '../../shared/generated/form-types';
import { badRequest, conflict, describeWait, forbidden, tooManyRequests, unauthorized } from '../errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../auth/passwords';
import { checkCode, issueCode, lastCodeAt, MAX_ATTEMPTS, type CodeCheck } from '../auth/codes';
import { isEmail, maskPhone, normalizeEmail, normalizeIdentifier, normalizePhone } from '../auth/identity';
import { attemptSucceeded, beginAttempt, clearAccount } from '../auth/throttle';
import { currentUser } from '../plugins/auth';

/**
 * A success message of the sign-up path in the request's language (issue 29 §1). Its refusals (conflicts, wrong
 * codes) are still English: they move to the server's message catalogue with the rest of the API's.
 */
function inLanguage(request: FastifyRequest, english: string, bengali: string): string {
  return request.language === 'bn' ? bengali : english;
}

const message = { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } as const;
/** An answer after which a code may have been sent: when a new one may be asked (the OTP screen's timer). */
const withWait = {
  type: 'object',
  properties: { message: { type: 'string' }, resendInSeconds: { type: 'integer', minimum: 0 } },
  required: ['message', 'resendInSeconds'],
} as const;
const withToken = {
  type: 'object',
  properties: { message: { type: 'string' }, token: { type: 'string' } },
  required: ['message', 'token'],
} as const;

/** Finds the account an email or phone belongs to. */
async function findAccount(db: Kysely<DB>, identifier: string) {
  const key = normalizeIdentifier(identifier);
  const query = db.selectFrom('users').select(['id', 'email', 'phone', 'password_hash', 'phone_verified_at']);
  return (isEmail(key) ? query.where((eb) => eb(eb.fn('lower', ['email']), '=', key)) : query.where('phone', '=', key))
    .executeTakeFirst();
}

function codeText(code: string, purpose: 'verify' | 'reset'): string {
  return purpose === 'verify'
    ? `Your Halal Fund verification code is ${code}. It expires in 3 minutes. Do not share it.`
    : `Your Halal Fund password reset code is ${code}. It expires in 3 minutes. If you did not ask for it, ignore this message.`;
}

/** A code failure as a 400 (or 429) the user can act on. */
function codeFailure(check: Exclude<CodeCheck, { result: 'ok' }>): Error {
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

function clientAddress(request: FastifyRequest): string {
  return request.ip || 'unknown';
}

export default async function authRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const policy = { slowAfter: config.signInSlowAfter, lockAfter: config.signInLockAfter, lockMinutes: config.signInLockMinutes };
  const limited = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

  /** Whole seconds until a new verification code may be sent to this account (0: now); the cooldown of resend-otp. */
  async function resendWait(db: Kysely<DB>, userId: string): Promise<number> {
    const last = await lastCodeAt(db, userId, 'verify_phone');
    return last ? Math.max(0, Math.ceil(config.otpResendSeconds - (Date.now() - last.getTime()) / 1000)) : 0;
  }

  async function sendCode(to: string, code: string, purpose: 'verify' | 'reset'): Promise<boolean> {
    try {
      await app.sms.send({ to, text: codeText(code, purpose), code });
      return true;
    } catch (err) {
      app.log.error({ err, to: maskPhone(to) }, 'SMS delivery failed');
      return false;
    }
  }

  app.post<{ Body: SignUpForm }>(
    '/auth/user/sign-up',
    {
      schema: { tags: ['auth'], body: { $ref: 'sign-up#' }, response: { 201: withWait } },
      config: { ...limited(config.authRateLimitPerMinute), idempotent: true },
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      const phone = normalizePhone(request.body.phone);
      const taken = await app.db
        .selectFrom('users')
        .select(['email', 'phone'])
        .where((eb) => eb.or([eb(eb.fn('lower', ['email']), '=', email), eb('phone', '=', phone)]))
        .execute();
      if (taken.some((u) => u.email.toLowerCase() === email)) {
        throw conflict('An account with this email already exists. Sign in, or use Forgot Password.');
      }
      if (taken.length > 0) throw conflict('An account with this phone number already exists. Sign in, or use Forgot Password.');

      const passwordHash = await hashPassword(request.body.password);
      // The code just issued starts the resend cooldown.
      const created = { message: inLanguage(request, `Account created. We sent a 4-digit code to ${maskPhone(phone)}.`, `অ্যাকাউন্ট খোলা হয়েছে। আমরা ${maskPhone(phone)} নম্বরে ৪ অঙ্কের একটি কোড পাঠিয়েছি।`), resendInSeconds: config.otpResendSeconds };
      // The account and its first code in one transaction (no account without its code, no code without its account);
      // with an Idempotency-Key, a repeat gets this answer back instead of "an account with this email exists".
      let code: string | undefined;
      let answer: typeof created;
      try {
        answer = await app.writeOnce(request, reply, 201, async (trx) => {
          const user = await trx
            .insertInto('users')
            // A language chosen with the switch before signing up is the account's from the start (its SMS code too).
            .values({ email, phone, password_hash: passwordHash, language: parseLanguage(cookieValue(request.headers.cookie, LANGUAGE_COOKIE)) ?? null })
            .returning('id')
            .executeTakeFirstOrThrow();
          code = await issueCode(trx, user.id, 'verify_phone', config.otpTtlSeconds);
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
      if (await sendCode(phone, code, 'verify')) return answer;
      const unsent = {
        message: inLanguage(request, 'Account created, but the code could not be sent just now. Use Resend OTP in a moment.', 'অ্যাকাউন্ট খোলা হয়েছে, কিন্তু এই মুহূর্তে কোডটি পাঠানো যায়নি। একটু পরে "আবার ওটিপি পাঠান" ব্যবহার করুন।'),
        resendInSeconds: config.otpResendSeconds,
      };
      await app.reviseStoredAnswer(request, unsent);
      return unsent;
    },
  );

  app.patch<{ Body: VerifyOtpForm }>(
    '/auth/user/verify-otp',
    {
      schema: { tags: ['auth'], body: { $ref: 'verify-otp#' }, response: { 200: withToken } },
      config: limited(config.authRateLimitPerMinute),
    },
    async (request) => {
      const user = await findAccount(app.db, normalizePhone(request.body.phone));
      if (!user) throw badRequest('This code has expired or is no longer valid. Ask for a new code.');
      // The code spent, the phone verified and the session started commit together: a code is never used up by a
      // request that then fails (its retry would be told the code is no longer valid). A wrong code's count commits too.
      const outcome = await app.db.transaction().execute(async (trx): Promise<{ token: string } | { failed: Exclude<CodeCheck, { result: 'ok' }> }> => {
        const check = await checkCode(trx, user.id, 'verify_phone', request.body.otp);
        if (check.result !== 'ok') return { failed: check };
        if (!user.phone_verified_at) {
          await trx.updateTable('users').set({ phone_verified_at: new Date() }).where('id', '=', user.id).execute();
        }
        return { token: await app.startSession(user.id, trx) };
      });
      if ('failed' in outcome) throw codeFailure(outcome.failed);
      return { message: inLanguage(request, 'Your phone number is verified. Welcome!', 'আপনার ফোন নম্বর যাচাই হয়েছে। স্বাগতম!'), token: outcome.token };
    },
  );

  app.post<{ Body: { phone: string } }>(
    '/auth/user/resend-otp',
    {
      schema: { tags: ['auth'], body: { $ref: 'resend-otp#' }, response: { 200: withWait } },
      config: limited(config.authRateLimitPerMinute),
    },
    async (request) => {
      const phone = normalizePhone(request.body.phone);
      // The same answer whether or not the phone belongs to an account waiting for verification.
      const answer = { message: `If ${maskPhone(phone)} is waiting for verification, a new code is on its way.`, resendInSeconds: config.otpResendSeconds };
      const user = await findAccount(app.db, phone);
      if (!user || user.phone_verified_at) return answer;
      // The cooldown runs from the last code sent, by sign-up or by a resend. Checked and issued under the account's
      // row lock, so two resends at once cannot both pass it (no second SMS).
      const code = await app.db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('id').where('id', '=', user.id).forNoKeyUpdate().executeTakeFirst();
        const wait = await resendWait(trx, user.id);
        if (wait > 0) throw tooManyRequests(`A new code was sent recently. You can ask again in ${describeWait(wait)}.`, wait);
        return issueCode(trx, user.id, 'verify_phone', config.otpTtlSeconds, true);
      });
      await sendCode(user.phone, code, 'verify');
      return answer;
    },
  );

  app.post<{ Body: { phone: string } }>(
    '/auth/user/otp-cooldown',
    {
      schema: {
        tags: ['auth'],
        body: { $ref: 'resend-otp#' },
        response: { 200: { type: 'object', properties: { resendInSeconds: { type: 'integer', minimum: 0 } }, required: ['resendInSeconds'] } },
        description:
          'Seconds until Resend OTP may send a new code to this phone (its last code was sent by sign-up or a resend), so the OTP screen counts down from the time really left, also after a reload. 0 for a phone that is not waiting for verification. Changes nothing (a POST so the number stays out of URLs and logs).',
      },
      config: limited(config.authRateLimitPerMinute),
    },
    async (request) => {
      const user = await findAccount(app.db, normalizePhone(request.body.phone));
      if (!user || user.phone_verified_at) return { resendInSeconds: 0 };
      return { resendInSeconds: await resendWait(app.db, user.id) };
    },
  );

  app.post<{ Body: { phone: string; password: string } }>(
    '/auth/user/sign-in',
    {
      schema: { tags: ['auth'], body: { $ref: 'sign-in-api#' }, response: { 200: withToken } },
      config: limited(config.signInRateLimitPerMinute),
    },
    async (request) => {
      const keys = { account: normalizeIdentifier(request.body.phone), address: clientAddress(request) };
      // The attempt is counted before the password is checked, so parallel guesses cannot pass the limit.
      const delay = await beginAttempt(app.db, keys, policy);
      if (delay > 0) await new Promise((r) => setTimeout(r, delay));

      const user = await findAccount(app.db, request.body.phone);
      const ok = user ? await verifyPassword(user.password_hash, request.body.password) : await burnPasswordCheck(request.body.password).then(() => false);
      if (!user || !ok) throw unauthorized('The email/phone or the password is not correct.');
      await attemptSucceeded(app.db, keys);
      if (!user.phone_verified_at) {
        throw forbidden('Your phone number is not verified yet. Enter the code we sent you, or ask for a new one.');
      }
      return { message: inLanguage(request, 'Welcome back!', 'আবার স্বাগতম!'), token: await app.startSession(user.id) };
    },
  );

  app.post<{ Body: { phone: string } }>(
    '/auth/user/forgot-password',
    {
      schema: { tags: ['auth'], body: { $ref: 'forgot-password-api#' }, response: { 200: message } },
      config: limited(config.authRateLimitPerMinute),
    },
    async (request) => {
      const answer = { message: 'If an account matches, we sent a 4-digit code to its phone. Enter it with your new password.' };
      const user = await findAccount(app.db, request.body.phone);
      if (!user) return answer;
      const last = await app.db
        .selectFrom('otp_codes')
        .select('created_at')
        .where('user_id', '=', user.id)
        .where('purpose', '=', 'reset_password')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      // Within the cooldown the answer stays the same and no message is sent (no SMS flooding).
      if (last && Date.now() - last.created_at.getTime() < config.otpResendSeconds * 1000) return answer;
      // The old code replaced and the new one stored together: never a replaced code without its successor.
      const code = await app.db.transaction().execute((trx) => issueCode(trx, user.id, 'reset_password', config.otpTtlSeconds));
      await sendCode(user.phone, code, 'reset');
      return answer;
    },
  );

  app.post<{ Body: Omit<ResetPasswordForm, 'email'> & { phone: string } }>(
    '/auth/user/reset-password',
    {
      schema: { tags: ['auth'], body: { $ref: 'reset-password-api#' }, response: { 200: message } },
      config: limited(config.authRateLimitPerMinute),
    },
    async (request) => {
      const user = await findAccount(app.db, request.body.phone);
      if (!user) throw badRequest('This code has expired or is no longer valid. Ask for a new code.');
      const check = await checkCode(app.db, user.id, 'reset_password', request.body.otp);
      if (check.result !== 'ok') throw codeFailure(check);
      const passwordHash = await hashPassword(request.body.password);
      const now = new Date();
      await app.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set((eb) => ({ password_hash: passwordHash, phone_verified_at: eb.fn.coalesce('phone_verified_at', eb.val(now)) }))
          .where('id', '=', user.id)
          .execute();
        await trx.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', user.id).where('revoked_at', 'is', null).execute();
        await clearAccount(trx, normalizeIdentifier(request.body.phone));
      });
      return { message: 'Your password has been changed. Sign in with your new password.' };
    },
  );

  app.post<{ Body: ChangePasswordForm }>(
    '/auth/user/change-password',
    {
      schema: { tags: ['auth'], security: [{ bearer: [] }], body: { $ref: 'change-password#' }, response: { 200: message } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const me = currentUser(request);
      const row = await app.db.selectFrom('users').select('password_hash').where('id', '=', me.id).executeTakeFirstOrThrow();
      if (!(await verifyPassword(row.password_hash, request.body.currentPassword))) {
        throw badRequest('Your current password is not correct.', [
          { path: '/currentPassword', message: 'Current password is not correct' },
        ]);
      }
      const passwordHash = await hashPassword(request.body.password);
      await app.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', me.id).execute();
        // Every other session ends; this one stays signed in.
        await trx
          .updateTable('sessions')
          .set({ revoked_at: new Date() })
          .where('user_id', '=', me.id)
          .where('token_hash', '!=', me.tokenHash)
          .where('revoked_at', 'is', null)
          .execute();
      });
      return { message: 'Your password has been changed.' };
    },
  );

  app.post(
    '/auth/user/sign-out',
    { schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: message } }, onRequest: app.requireUser },
    async (request) => {
      const me = currentUser(request);
      await app.db.updateTable('sessions').set({ revoked_at: new Date() }).where('token_hash', '=', me.tokenHash).execute();
      return { message: 'You are signed out.' };
    },
  );

  app.get(
    '/auth/user/me',
    {
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        response: {
          200: {
            type: 'object',
            properties: {
              id: { type: 'string' },
              email: { type: 'string' },
              phone: { type: 'string' },
              verified: { type: 'boolean' },
              staff: { type: 'boolean' },
              shariah: { type: 'boolean', description: 'Present (true) only for a person with the `shariah` role: they may record Shariah reviews.' },
              created: { type: 'string', format: 'date-time' },
            },
            required: ['id', 'email', 'phone', 'verified', 'staff', 'created'],
          },
        },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const me = currentUser(request);
      return {
        id: me.id,
        email: me.email,
        phone: me.phone,
        verified: me.phoneVerified,
        staff: me.isStaff,
        ...(me.isShariah ? { shariah: true } : {}),
        created: me.createdAt.toISOString(),
      };
    },
  );
}
