/**
 * Which language a person reads: Bengali (`bn`) or English (`en`). One negotiation for the server, the browser and
 * the CLI: a choice made in the `lang` cookie, else the signed-in account's setting, else the `Accept-Language`
 * header (`bn`, `bn-BD` → Bengali; anything else → English), else the configured default (DEFAULT_LANGUAGE).
 */

/** The languages the product speaks; the first is the language of the schema files themselves. */
export const LANGUAGES = ['en', 'bn'] as const;

export type Language = (typeof LANGUAGES)[number];

/** The language a form's files are written in: the other languages are translations of it. */
export const SOURCE_LANGUAGE: Language = 'en';

/** The cookie the language switch sets (a year; read by the server for pages and API answers). */
export const LANGUAGE_COOKIE = 'lang';

/** The cookie's lifetime in seconds. */
export const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The language a text names (`bn`, `BN`, `en`), or undefined for anything else. */
export function parseLanguage(value: unknown): Language | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim().toLowerCase();
  return (LANGUAGES as readonly string[]).includes(v) ? (v as Language) : undefined;
}

/**
 * The language an `Accept-Language` header asks for: Bengali when its most wanted language (by `q`, then order)
 * among those named is Bengali (`bn`, `bn-BD`, `bn-IN`), English when it is anything else; undefined when the header
 * is missing, empty or refuses every language (`q=0`).
 */
export function fromAcceptLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  let best: { tag: string; q: number } | undefined;
  for (const part of header.slice(0, 500).split(',')) {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = (rawTag ?? '').trim().toLowerCase();
    if (!tag) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { tag, q };
  }
  if (!best) return undefined;
  return best.tag === 'bn' || best.tag.startsWith('bn-') ? 'bn' : 'en';
}

/** The value of one cookie in a `Cookie` header, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return undefined;
}

/** The query parameter a page's address may name its language with (`/projects?lang=bn`): what search engines follow. */
export const LANGUAGE_PARAM = 'lang';

/** The language a page address names with `?lang=`, or undefined (none, or not one of ours). */
export function urlLanguage(url: string): Language | undefined {
  const q = url.indexOf('?');
  if (q < 0) return undefined;
  const value = new URLSearchParams(url.slice(q + 1, q + 2000)).get(LANGUAGE_PARAM);
  return value === null ? undefined : parseLanguage(value);
}

/** A page address without its `?lang=` (the same page in the reader's own language). */
export function withoutLanguageParam(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  // The other parameters exactly as written (URLSearchParams would re-encode them).
  const rest = url
    .slice(q + 1)
    .split('&')
    .filter((pair) => pair !== '' && pair.split('=')[0] !== LANGUAGE_PARAM)
    .join('&');
  return rest ? `${url.slice(0, q)}?${rest}` : url.slice(0, q);
}

/** A page address in one language: its own query kept, `lang` set. */
export function withLanguageParam(url: string, language: Language): string {
  const bare = withoutLanguageParam(url);
  return `${bare}${bare.includes('?') ? '&' : '?'}${LANGUAGE_PARAM}=${language}`;
}

/** What decides a request's language, strongest first. */
export interface LanguageSignals {
  /** A page address's `?lang=` (a link to the page in one language: search engines, shared links). */
  url?: string;
  /** The `lang` cookie's value, as sent. */
  cookie?: string;
  /** The signed-in account's setting (users.language), null when never chosen. */
  account?: string | null;
  /** The `Accept-Language` header. */
  acceptLanguage?: string;
  /** DEFAULT_LANGUAGE. */
  fallback: Language;
}

/**
 * The language of a request: a page address's `?lang=`, else the cookie, else the account's setting, else
 * `Accept-Language`, else the default.
 */
export function negotiateLanguage(signals: LanguageSignals): Language {
  return parseLanguage(signals.url) ?? parseLanguage(signals.cookie) ?? parseLanguage(signals.account) ?? fromAcceptLanguage(signals.acceptLanguage) ?? signals.fallback;
}

/** The language of the page this script runs in (its `<html lang>`, set by the server); undefined outside a page. */
export function documentLanguage(): Language | undefined {
  return typeof document === 'undefined' ? undefined : parseLanguage(document.documentElement.getAttribute('lang'));
}
