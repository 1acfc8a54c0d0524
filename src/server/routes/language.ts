/**
 * Choosing the language: `PUT /api/v1/me/language` keeps a signed-in person's choice (e-mails and SMS follow it) and
 * sets the `lang` cookie; `GET /lang/:language?back=/path` is the header's switch, a plain link that works without
 * JavaScript: it sets the cookie and goes back to the page it came from (only a path of this site).
 */
import type { FastifyInstance } from 'fastify';
import { object } from './schemas';
import { LANGUAGES, withoutLanguageParam, type Language } from '../../shared/i18n/language';
import { currentUser } from '../plugins/auth';
import { setLanguageCookie } from '../plugins/language';

/** A path of this site to go back to, or `/` for anything else (another site, `//host`, `/\host`, a bad path). */
export function safeBack(back: unknown): string {
  if (typeof back !== 'string' || back.length > 2000) return '/';
  if (!/^\/(?![/\\])/.test(back) || [...back].some((c) => c <= ' ' || c === '\u007f' || c === '\\')) return '/';
  return back;
}

const languageBody = {
  type: 'object',
  properties: { language: { type: 'string', enum: [...LANGUAGES] } },
  required: ['language'],
  additionalProperties: false,
} as const;

/** The API routes (under /api/v1). */
export async function languageApiRoutes(app: FastifyInstance): Promise<void> {
  app.put<{ Body: { language: Language } }>(
    '/me/language',
    {
      schema: {
        tags: ['profile'],
        security: [{ bearer: [] }],
        description: 'Keeps my language (`bn` or `en`) for the screens, the API answers, e-mails and SMS, and sets the `lang` cookie.',
        body: languageBody,
        response: { 200: object({ language: { type: 'string', enum: [...LANGUAGES] } }) },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const me = currentUser(request);
      const { language } = request.body;
      await app.db.updateTable('users').set({ language }).where('id', '=', me.id).execute();
      setLanguageCookie(request, reply, language);
      return { language };
    },
  );
}

/** The switch's page route (outside /api/v1). */
export async function languagePageRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { language: string }; Querystring: { back?: string } }>(
    '/lang/:language',
    { schema: { hide: true, params: { type: 'object', properties: { language: { type: 'string', enum: [...LANGUAGES] } }, required: ['language'] } } },
    async (request, reply) => {
      const language = request.params.language as Language;
      setLanguageCookie(request, reply, language);
      reply.header('cache-control', 'no-store');
      // Back to the page without a `?lang=` of its own, which would otherwise outvote the choice just made.
      return reply.redirect(withoutLanguageParam(safeBack(request.query.back)), 303);
    },
  );
}
