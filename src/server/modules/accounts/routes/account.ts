/**
 * The signed-in person's account: their password changed, sign-out, "who am I", and their language
 * (`PUT /me/language`: kept for the screens, the API answers, e-mails and SMS, and set as the `lang` cookie; the
 * header's switch for visitors, `GET /lang/:language`, is the page route in routes/language.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ChangePasswordForm } from '../../../../shared/generated/form-types';
import type { Language } from '../../../../shared/i18n/language';
import { currentUser } from '../../../plugins/auth';
import { setLanguageCookie } from '../../../plugins/language';
import { changePassword, chooseLanguage, meView, signOut } from '../service';
import { languageAnswer, languageBody, meAnswer, messageAnswer } from '../schemas';

export default async function accountRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: ChangePasswordForm }>(
    '/auth/user/change-password',
    {
      schema: { tags: ['auth'], security: [{ bearer: [] }], body: { $ref: 'change-password#' }, response: { 200: messageAnswer } },
      onRequest: app.requireUser,
    },
    (request) => changePassword(app.db, currentUser(request), request.body),
  );

  app.post(
    '/auth/user/sign-out',
    { schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: messageAnswer } }, onRequest: app.requireUser },
    (request) => signOut(app.db, currentUser(request)),
  );

  app.get(
    '/auth/user/me',
    { schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: meAnswer } }, onRequest: app.requireUser },
    async (request) => meView(currentUser(request)),
  );

  app.put<{ Body: { language: Language } }>(
    '/me/language',
    {
      schema: {
        tags: ['profile'],
        security: [{ bearer: [] }],
        description: 'Keeps my language (`bn` or `en`) for the screens, the API answers, e-mails and SMS, and sets the `lang` cookie.',
        body: languageBody,
        response: { 200: languageAnswer },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const answer = await chooseLanguage(app.db, currentUser(request), request.body.language);
      setLanguageCookie(request, reply, answer.language);
      return answer;
    },
  );
}
