/**
 * The language of each request (issue 29 §1): `request.language` is `bn` or `en`, decided by a page address's
 * `?lang=` (pages only: the API's query strings are its own), else the `lang` cookie,
 * else the signed-in account's setting (read with the session, so on routes that check it), else `Accept-Language`,
 * else DEFAULT_LANGUAGE. API messages, form errors and pages are said in it.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { localizeAnswer } from '../i18n/api-messages';
import { cookieValue, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE, negotiateLanguage, urlLanguage, type Language } from '../../shared/i18n/language';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language this request is answered in. */
    readonly language: Language;
  }
}

/** Sets the `lang` cookie on an answer: the browser's pages and API calls come in this language from now on. */
export function setLanguageCookie(request: FastifyRequest, reply: FastifyReply, language: Language): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header('set-cookie', `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax${secure}`);
}

async function languagePlugin(app: FastifyInstance): Promise<void> {
  const fallback = app.config.defaultLanguage;
  // A getter, not a value set once: the account's setting is known only after the route's session check.
  app.decorateRequest('language', {
    getter(this: FastifyRequest): Language {
      return negotiateLanguage({
        url: this.url.startsWith('/api/') ? undefined : urlLanguage(this.url),
        cookie: cookieValue(this.headers.cookie, LANGUAGE_COOKIE),
        account: this.user?.language,
        acceptLanguage: this.headers['accept-language'],
        fallback,
      });
    },
  });
  // Every answer's messages in the request's language (a 4xx/5xx `message`, a route's field errors, a success
  // message): the same answer in either language differs only in words.
  app.addHook('preSerialization', async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    if (!payload || typeof payload !== 'object' || !('message' in payload || 'errors' in payload)) return payload;
    return localizeAnswer(payload, request.language);
  });
}

export default fp(languagePlugin, { name: 'language', dependencies: ['auth'] });
