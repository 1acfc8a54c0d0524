/** Signing up and the phone's code: sign-up, verify-otp, resend-otp and the resend cooldown. */
import type { FastifyInstance } from 'fastify';
import type { SignUpForm, VerifyOtpForm } from '../../../../shared/generated/form-types';
import { cookieValue, LANGUAGE_COOKIE, parseLanguage } from '../../../../shared/i18n/language';
import { otpCooldown, resendOtp, signUp, verifyOtp } from '../service';
import { cooldownAnswer, withToken, withWait } from '../schemas';

export default async function signUpRoutes(app: FastifyInstance): Promise<void> {
  const limited = { rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' } };

  app.post<{ Body: SignUpForm }>(
    '/auth/user/sign-up',
    {
      schema: { tags: ['auth'], body: { $ref: 'sign-up#' }, response: { 201: withWait } },
      config: { ...limited, idempotent: true },
    },
    (request, reply) =>
      signUp(
        app,
        request.body,
        // A language chosen with the switch before signing up is the account's from the start (its SMS code too).
        { chosen: parseLanguage(cookieValue(request.headers.cookie, LANGUAGE_COOKIE)) ?? null, request: request.language },
        (work) => app.writeOnce(request, reply, 201, work),
        (answer) => app.reviseStoredAnswer(request, answer),
      ),
  );

  app.patch<{ Body: VerifyOtpForm }>(
    '/auth/user/verify-otp',
    { schema: { tags: ['auth'], body: { $ref: 'verify-otp#' }, response: { 200: withToken } }, config: limited },
    (request) => verifyOtp(app, request.body),
  );

  app.post<{ Body: { phone: string } }>(
    '/auth/user/resend-otp',
    { schema: { tags: ['auth'], body: { $ref: 'resend-otp#' }, response: { 200: withWait } }, config: limited },
    (request) => resendOtp(app, request.body.phone, request.language),
  );

  app.post<{ Body: { phone: string } }>(
    '/auth/user/otp-cooldown',
    {
      schema: {
        tags: ['auth'],
        body: { $ref: 'resend-otp#' },
        response: { 200: cooldownAnswer },
        description:
          'Seconds until Resend OTP may send a new code to this phone (its last code was sent by sign-up or a resend), so the OTP screen counts down from the time really left, also after a reload. 0 for a phone that is not waiting for verification. Changes nothing (a POST so the number stays out of URLs and logs).',
      },
      config: limited,
    },
    (request) => otpCooldown(app, request.body.phone),
  );
}
