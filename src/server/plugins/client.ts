/**
 * Serves the built front end (when it exists) and answers unknown paths: a page route gets the page, an address no
 * screen has gets the not-found page with status 404 (so does a public page whose record does not exist, e.g. a
 * project that is not public), an unknown API path gets a JSON 404.
 *
 * Public pages are rendered here (dist/ssr/entry-server.js, built by `vite build --ssr`): the HTML arrives with
 * its content, its styles and the API answers it was made from (a JSON script the browser hydrates from), so it
 * paints before any JavaScript runs and asks nothing twice. The data is fetched in-process (`inject`) exactly as
 * the browser would ask for it, without a session: only public answers go into a page. Those requests are part of
 * the page's request, which load shedding admitted or refused as a whole: they are never shed on their own. Any
 * other page, or a renderer failure, gets `index.html` and is rendered in the browser as before.
 */
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { scriptNonce } from './security';
import { jsonForScript } from '../../shared/json-script';
import { PHONE_REGION_META } from '../../shared/phone/phone.js';
import { readScreenPaths, screenMatcher } from './screen-paths';
import { setLanguageCookie } from './language';
import { siteOrigin } from '../modules/notices/service';
import { cookieValue, LANGUAGE_COOKIE, LANGUAGES, parseLanguage, urlLanguage, withLanguageParam, withoutLanguageParam } from '../../shared/i18n/language';

export interface ClientPluginOptions {
  /** The directory of the built front end; nothing is served when it has no index.html. */
  dir: string;
  /** The built server renderer's directory (default: `ssr` beside `dir`); pages are rendered when it exists. */
  ssrDir?: string;
  /** False: never render on the server (every page is rendered in the browser). */
  serverRender?: boolean;
}

/** What dist/ssr/entry-server.js exports (src/client/entry-server.tsx); typed here, as client and server never meet. */
interface Renderer {
  render(url: string, load: (path: string) => Promise<{ status: number; body: unknown }>, nonce?: string, siteContent?: unknown, language?: string, siteWords?: Record<string, string>): Promise<RenderedPage | null>;
}
interface RenderedPage {
  html: string;
  styles: string;
  title: string;
  data: string;
  /** 200, or 404 for the not-found page. */
  status: number;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encoding to send a page in: brotli or gzip when the browser accepts it (q > 0), else none. */
export function pageEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => name!.trim().toLowerCase()),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page in the request's language: its `<html lang>` says which (screen readers, fonts, search engines). */
export function withLanguage(html: string, language: string): string {
  return html.replace(/<html lang="[^"]*"/, () => `<html lang="${language}"`);
}

/**
 * The page's addresses in each language, for search engines (`hreflang`): `?lang=en`, `?lang=bn`, and the address
 * without it (`x-default`: the reader's own language, as negotiated) — absolute, on the site's public origin.
 */
export function withAlternates(html: string, origin: string, url: string): string {
  const href = (path: string) => escapeHtml(`${origin}${path}`);
  const links = [
    ...LANGUAGES.map((language) => `<link rel="alternate" hreflang="${language}" href="${href(withLanguageParam(url, language))}" />`),
    `<link rel="alternate" hreflang="x-default" href="${href(withoutLanguageParam(url))}" />`,
  ];
  return html.replace('</head>', () => `${links.join('')}</head>`);
}

/**
 * Sends a page compressed (a server-rendered page is about a seventh of its size in brotli; on a phone's connection
 * that is most of the wait for its first paint). Built files are compressed at build time instead.
 */
async function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string, status = 200) {
  html = withAlternates(withLanguage(html, request.language), siteOrigin(request.server.config), request.url);
  // A link to the page in one language is a choice made: the page's own API calls and the next page follow it.
  const asked = urlLanguage(request.url);
  if (asked && parseLanguage(cookieValue(request.headers.cookie, LANGUAGE_COOKIE)) !== asked) setLanguageCookie(request, reply, asked);
  // A page differs by the language chosen (the `lang` cookie) or asked for (Accept-Language).
  reply.status(status).type('text/html; charset=utf-8').header('vary', 'accept-encoding, accept-language, cookie');
  const encoding = pageEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(html);
  const body = encoding === 'br' ? await brotli(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }) : await gzipAsync(html, { level: 6 });
  return reply.header('content-encoding', encoding).send(body);
}

/**
 * The current site content as a JSON script (read by the browser's `readSiteContent`), placed before #root, with its
 * Bengali on a page not in English; none when the content the front end was built with (and its words) is current.
 */
function withSiteContent(template: string, siteContent: { version: number; content: unknown; translations: Record<string, string> } | null, nonce: string | undefined, language: string): string {
  if (!siteContent) return template;
  const nonceAttr = nonce ? ` nonce="${escapeHtml(nonce)}"` : '';
  return template.replace('<div id="root"', () => `<script type="application/json" id="site-content"${nonceAttr}>${jsonForScript({ version: siteContent.version, content: siteContent.content, ...(language === 'en' ? {} : { translations: siteContent.translations }) })}</script><div id="root"`);
}

/** The page: the built index.html with the rendered markup, its styles, its title and its data. */
function assemble(template: string, page: RenderedPage, nonce: string | undefined): string {
  // React puts resource hints (image preloads) first; they belong in the head.
  const hints = /^(?:<link [^>]*>)*/.exec(page.html)?.[0] ?? '';
  const body = page.html.slice(hints.length);
  const nonceAttr = nonce ? ` nonce="${escapeHtml(nonce)}"` : '';
  // Replacer functions, not strings: a page's text may hold `$&` or `$'`, which a replacement string would expand.
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace('</head>', () => `${hints}${page.styles}</head>`)
    .replace(
      '<div id="root"></div>',
      () => `<div id="root" data-server-rendered>${body}</div><script type="application/json" id="page-data"${nonceAttr}>${page.data}</script>`,
    );
}

/**
 * The template for a server-rendered page: its entry module script and modulepreloads give way to /boot.js (in
 * src/client/public), which starts them when the person uses the page (a signed-in person's at once). The page
 * needs no script to be seen, so on a slow connection its pictures and fonts come first (a phone's largest paint no
 * longer waits behind 160 kB of code), and a reader never pays for the code. Pages rendered in the browser keep the
 * template as built.
 */
export function deferScripts(template: string): string {
  const entry = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/.exec(template);
  if (!entry) return template;
  const preloads = [...template.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g)];
  let out = template.replace(entry[0], '');
  for (const p of preloads) out = out.replace(p[0], '');
  const boot = `<script defer src="/boot.js" data-entry="${escapeHtml(entry[1]!)}" data-preload="${escapeHtml(preloads.map((p) => p[1]).join(' '))}"></script>\n  `;
  return out.replace('</head>', () => `${boot}</head>`);
}

async function loadRenderer(ssrDir: string): Promise<Renderer | null> {
  const entry = join(ssrDir, 'entry-server.js');
  if (!existsSync(entry)) return null;
  return (await import(pathToFileURL(entry).href)) as Renderer;
}

/**
 * The page with the server's DEFAULT_PHONE_REGION in its head: the browser's phone rule reads it
 * (src/shared/phone/phone.js), so a number typed without a country code is judged in the page as the server will
 * judge it, not as the build's default.
 */
export function withPhoneRegion(template: string, region: string): string {
  return template.replace('</head>', () => `<meta name="${PHONE_REGION_META}" content="${escapeHtml(region)}" />\n  </head>`);
}

async function clientPlugin(app: FastifyInstance, options: ClientPluginOptions): Promise<void> {
  const hasClient = existsSync(join(options.dir, 'index.html'));
  const template = hasClient ? withPhoneRegion(readFileSync(join(options.dir, 'index.html'), 'utf8'), app.config.defaultPhoneRegion) : '';
  const renderedTemplate = deferScripts(template);
  // Loaded in the background (a large bundle): the server is ready at once, the first page waits for it.
  const rendererLoad: Promise<Renderer | null> =
    hasClient && options.serverRender !== false
      ? loadRenderer(options.ssrDir ?? join(options.dir, '..', 'ssr')).catch((err: unknown) => {
          app.log.error({ err }, 'the server renderer could not be loaded: pages are rendered in the browser');
          return null;
        })
      : Promise.resolve(null);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: options.dir,
      // `/` is a page like any other (rendered below), not a file.
      index: false,
      // `npm run build` writes .br and .gz beside each asset.
      preCompressed: true,
      // One route per built file (listed at start), not a wildcard that looks any path up on disk: an unknown or
      // absurd path (12,000 characters) never reaches the file system and gets the page or a JSON 404 below.
      wildcard: false,
      setHeaders(reply, path) {
        // Hashed assets never change; the page itself is always revalidated.
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  /**
   * A public API answer, asked in-process without a session: its status and its JSON (null when it has none). Made
   * for a page request already admitted, so load shedding lets it through (plugins/pressure.ts).
   */
  const load = async (path: string): Promise<{ status: number; body: unknown }> => {
    const res = await app.inject({ method: 'GET', url: `/api/v1${path}`, headers: app.admittedRequestHeaders });
    let body: unknown = null;
    try {
      body = res.json();
    } catch {
      // Not JSON: only the status says anything.
    }
    return { status: res.statusCode, body };
  };

  const isScreen = screenMatcher(readScreenPaths());

  async function sendPage(request: FastifyRequest, reply: FastifyReply, path: string) {
    reply.header('cache-control', 'no-cache');
    const nonce = scriptNonce(reply.raw);
    const site = await app.siteContent.forPages();
    const renderer = await rendererLoad;
    if (renderer) {
      try {
        const page = await renderer.render(request.url, load, nonce, site?.content, request.language, site?.translations);
        if (page) return sendHtml(request, reply, withSiteContent(assemble(renderedTemplate, page, nonce), site, nonce, request.language), page.status);
      } catch (err) {
        request.log.error({ err }, 'server rendering failed: sending the page to render in the browser');
      }
    }
    // Drawn in the browser: a screen's page, or (an address no screen has) the router's not-found page, with 404.
    // Never the built file as it is: the page carries the phone region.
    const status = isScreen(path) ? 200 : 404;
    return sendHtml(request, reply, withSiteContent(template, site, nonce, request.language), status);
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/');
    if (wantsPage && hasClient && !/\.[a-z0-9]{1,5}$/i.test(path)) return sendPage(request, reply, path);
    if (wantsPage && !hasClient && path === '/') {
      return reply
        .type('text/plain')
        .send('The front end is not built. Run `npm start` (it builds it) or `npm run build`.');
    }
    return reply.status(404).send({ message: `No such endpoint: ${request.method} ${path}` });
  });
}

export default fp(clientPlugin, { name: 'client', dependencies: ['pressure'] });
