/** Signing in, and the forgotten password: a code to the account's phone, then a new password with it. */
import type { FastifyInstance } from 'fastify';
import type { ResetPasswordForm } from '../../../../shared/generated/form-types';
import { forgotPassword, resetPassword, signIn } from '../service';
import { messageAnswer, withToken } from '../schemas';

export default async function signInRoutes(app: FastifyInstance): Promise<void> {
  const limited = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

  app.post<{ Body: { phone: string; password: string } }>(
    '/auth/user/sign-in',
    {
      schema: { tags: ['auth'], body: { $ref: 'sign-in-api#' }, response: { 200: withToken } },
      config: limited(app.config.signInRateLimitPerMinute),
    },
    (request) => signIn(app, request.body, request.ip || 'unknown'),
  );

  app.post<{ Body: { phone: string } }>(
    '/auth/user/forgot-password',
    {
      schema: { tags: ['auth'], body: { $ref: 'forgot-password-api#' }, response: { 200: messageAnswer } },
      config: limited(app.config.authRateLimitPerMinute),
    },
    (request) => forgotPassword(app, request.body.phone, request.language),
  );

  app.post<{ Body: Omit<ResetPasswordForm, 'email'> & { phone: string } }>(
    '/auth/user/reset-password',
    {
      schema: { tags: ['auth'], body: { $ref: 'reset-password-api#' }, response: { 200: messageAnswer } },
      config: limited(app.config.authRateLimitPerMinute),
    },
    (request) => resetPassword(app.db, request.body),
  );
}
