/**
 * Server rendering of the public pages (built by `vite build --ssr`, called by src/server/plugins/client.ts).
 * The same routes as the browser (from the screen config) are rendered with React's streaming renderer behind a
 * static router, Emotion's styles are extracted for the page's <head>, and the API answers the page used are
 * returned so the page carries them (the browser hydrates from them without asking again).
 *
 * Data: a page asks for what it needs through `useApi` (or `usePageData`). The first render notes the paths it
 * wanted; the server fetches them in-process and renders again with the answers, until nothing new is wanted.
 *
 * Status: an address no screen has gets the not-found page, and so does a page whose record is not found (its
 * answer was 404); either way the page is marked 404 (lib/page-status.tsx) and the server answers with that status.
 */
import { FormLanguageContext } from './form-engine/language';
import { PageLanguageContext } from './lib/page-language';
import type { Language } from '../shared/i18n/language';
import { sayWords, ScreenWordsContext, type ScreenWords } from './lib/words';
import { localContent } from './config/content-words';
import screensBn from './config/i18n/screens.bn.json';
import contentBn from './config/i18n/content.bn.json';
import wordsBn from './config/i18n/words.bn.json';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { matchPath, StaticRouter } from 'react-router-dom';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
// eslint-disable-next-line no-restricted-imports -- Emotion's package, not this project's server code
import createEmotionServer from '@emotion/server/create-instance';
import AppShell from './app/App';
import { AppRoutes, screenTitle } from './app/router';
import { bundledContent, screensConfig, SiteContentContext, startsFromUrl, type Screen, type SiteContent } from './config';
import { PageDataContext, serialisePageData, type FailedAnswer, type PageData } from './lib/preload';
import { notFoundTitle, PageStatusContext, type PageStatus } from './lib/page-status';

/**
 * The pages rendered on the server: public ones whose content does not depend on who is looking, and the forms a
 * signed-out visitor fills from a blank start (sign-in, sign-up: see `startsFromUrl`).
 */
const SERVER_RENDERED_PAGES = new Set(['home', 'projects', 'project-detail', 'content', 'blogs', 'blog-post', 'donate']);
/** Every language's screen words (the browser loads only its page's; see lib/words.tsx). */
// Every feature's own catalogue too (features/<feature>/words.bn.json): the browser loads one with its page's code.
const featuresBn = Object.values(import.meta.glob<ScreenWords>(['./features/*/words.bn.json', './components/*/words.bn.json'], { eager: true, import: 'default' }));
const SCREEN_WORDS: Record<Language, ScreenWords> = { en: {}, bn: Object.assign({}, ...featuresBn, contentBn, screensBn, wordsBn) as ScreenWords };

/** Renders with new data at most this many times (each pass may reveal data a child needs). */
const MAX_PASSES = 3;

/** Fetches an API path (relative to /api/v1) in-process: its status and its JSON answer. */
export type LoadData = (path: string) => Promise<{ status: number; body: unknown }>;

export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  /** Emotion's <style> tags for that markup. */
  styles: string;
  title: string;
  /** The page's data, serialised for a <script type="application/json">. */
  data: string;
  /** 200, or 404 for the not-found page (an unknown address, or a record that does not exist). */
  status: number;
}

/** The screen of a path, as the router matches it; undefined for an address no screen has. */
function screenOf(pathname: string): Screen | undefined {
  return screensConfig.screens.find((s) => matchPath({ path: s.path, end: true }, pathname));
}

/** The screen a path shows when it is server-rendered, or null (then the browser renders it). */
export function serverRenderedScreen(pathname: string): Screen | null {
  const screen = screenOf(pathname);
  if (!screen) return null;
  if (screen.kind === 'form') return (screen.auth === 'public' || screen.auth === 'guest') && startsFromUrl(screen) ? screen : null;
  if (screen.auth !== 'public' || screen.kind !== 'page' || !SERVER_RENDERED_PAGES.has(screen.page ?? '')) return null;
  return screen;
}

function renderToText(element: React.ReactNode, nonce: string | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      // Written once everything (lazy page code included) is ready, and never split into parts revealed later by
      // inline scripts: one complete document. Any script React still writes carries the response's CSP nonce.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      nonce,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (err) => reject(err as Error),
    });
  });
}

/**
 * Renders a URL (path and query) or returns null when it is a screen rendered in the browser. An address no screen
 * has is rendered as the not-found page (status 404). `nonce` is the response's Content-Security-Policy script
 * nonce; `siteContent` the current published site content (the bundled one without) and `siteWords` its Bengali
 * (English text → Bengali, said before the bundled words); `language` the request's
 * (forms are drawn in it, as the browser draws them from the page's `<html lang>`).
 */
export async function render(url: string, load: LoadData, nonce?: string, siteContent?: unknown, language: Language = 'en', siteWords?: Record<string, string>): Promise<RenderedPage | null> {
  const words = SCREEN_WORDS[language];
  const content = localContent((siteContent as SiteContent | undefined) ?? bundledContent, language, words, siteWords);
  const target = new URL(url, 'http://localhost');
  const screen = serverRenderedScreen(target.pathname);
  if (!screen && screenOf(target.pathname)) return null;

  const data: Record<string, unknown> = {};
  const failed: Record<string, FailedAnswer> = {};
  const tried = new Set<string>();
  let html = '';
  let cache!: EmotionCache;
  let status: PageStatus = { code: 200 };
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const wanted = new Set<string>();
    const pageData: PageData = {
      get: (path) => data[path],
      failed: (path) => failed[path],
      want: (path) => {
        if (!tried.has(path)) wanted.add(path);
      },
    };
    cache = createCache({ key: 'css' });
    // Styles are collected from the finished markup below, not written inline into it.
    cache.compat = true;
    status = { code: 200 };
    html = await renderToText(
      <CacheProvider value={cache}>
        <FormLanguageContext.Provider value={language}>
        <PageLanguageContext.Provider value={language}>
        <ScreenWordsContext.Provider value={words}>
        <PageStatusContext.Provider value={status}>
          <PageDataContext.Provider value={pageData}>
            <SiteContentContext.Provider value={content}>
              <AppShell>
                <StaticRouter location={target.pathname + target.search}>
                  <AppRoutes />
                </StaticRouter>
              </AppShell>
            </SiteContentContext.Provider>
          </PageDataContext.Provider>
        </PageStatusContext.Provider>
        </ScreenWordsContext.Provider>
        </PageLanguageContext.Provider>
        </FormLanguageContext.Provider>
      </CacheProvider>,
      nonce,
    );
    // Data fetched after the last render would not match its markup: the last pass only renders.
    if (wanted.size === 0 || pass === MAX_PASSES - 1) break;
    const answers = await Promise.all(
      [...wanted].map(async (path) => {
        tried.add(path);
        return [path, await load(path)] as const;
      }),
    );
    // Kept in the order the page asked for them, not the order they arrived: the same page, the same bytes. Only
    // public answers are asked (no session): a 404 is what any visitor gets, so the page may be made from it; other
    // failures are left for the browser to ask again.
    for (const [path, answer] of answers) {
      if (answer.status === 200) data[path] = answer.body;
      else if (answer.status === 404) failed[path] = { status: 404, message: (answer.body as { message?: string } | null)?.message ?? 'Not found.' };
    }
  }
  const emotion = createEmotionServer(cache);
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  const title = screen && status.code !== 404 ? screenTitle(screen, content, (english) => sayWords(words, language, english)) : notFoundTitle(content.siteName);
  return { html, styles, title, data: serialisePageData(data, failed), status: status.code };
}
