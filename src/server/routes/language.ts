/**
 * The language switch's page route: `GET /lang/:language?back=/path` is the header's switch, a plain link that works
 * without JavaScript: it sets the `lang` cookie and goes back to the page it came from (only a path of this site).
 * A signed-in person's choice kept with their account (`PUT /api/v1/me/language`) is the accounts module's.
 */
import type { FastifyInstance } from 'fastify';
import { LANGUAGES, withoutLanguageParam, type Language } from '../../shared/i18n/language';
import { setLanguageCookie } from '../plugins/language';

/** A path of this site to go back to, or `/` for anything else (another site, `//host`, `/\host`, a bad path). */
export function safeBack(back: unknown): string {
  if (typeof back !== 'string' || back.length > 2000) return '/';
  if (!/^\/(?![/\\])/.test(back) || [...back].some((c) => c <= ' ' || c === '\u007f' || c === '\\')) return '/';
  return back;
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
