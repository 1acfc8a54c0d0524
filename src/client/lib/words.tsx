/**
 * The screens' words in the page's language (issue 29 §3), the way the forms' words already work: the English text
 * is the key, and each other language is a flat JSON file of `English text → translation` that product staff edit
 * without a programmer (src/client/config/i18n/<catalogue>.<lang>.json):
 * - `screens.bn.json`: the words of the screen config (screens.json: titles, intros, links, popups);
 * - `content.bn.json`: the bundled site content's words (menu, footer, home sections);
 * - `words.bn.json`: the words written in the shared components (layout, home, sign-in, the form engine), each said
 *   through `t` with its English text;
 * - `src/client/features/<feature>/words.bn.json`: a feature's own words (the signed-in app's, the staff's), beside its
 *   code, loaded with its pages' chunk (app/pages.ts), so the Bengali home page downloads none of them;
 * - `src/client/components/<group>/words.bn.json`: the same for components several features share but the home page
 *   never shows (components/app: the agreement's consent panel, a donation's state), named `components/<group>`.
 * A text missing from its file shows in English; `npm run schemas:check` refuses one (see scripts/screen-words.ts).
 *
 * Counts use ICU plural forms, chosen by the shared `plural` (Intl.PluralRules), never string concatenation:
 * `t('{count, plural, one {# backer} other {# backers}}', { count })`, and its Bengali
 * `{count, plural, other {# জন সমর্থক}}`. `{name}` puts a value in.
 *
 * English pages never download a catalogue: the browser loads the page language's files (one chunk) before it draws
 * or hydrates the page (main.tsx), and the server renderer has them all (entry-server.tsx), so both draw the same
 * words.
 */
import { createContext, useContext, useMemo } from 'react';
import type { Language } from '../../shared/i18n/language';
import { plural, type PluralForms } from '../../shared/format/plural';
import { PageLanguageContext } from './page-language';

/** One language's screen words: English text → its translation. */
export type ScreenWords = Record<string, string>;

/** The loaded words of the page's language (empty for English, and until provided). */
export const ScreenWordsContext = createContext<ScreenWords>({});

/** A value put into a text: `{name}`, or the count of a `{count, plural, …}`. */
export type WordParams = Record<string, string | number>;

/** The index of the `}` closing the `{` at `open`, or -1. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

/** `one {# backer} other {# backers}` → its forms by selector (`=0`, `one`, `other`, …). */
function pluralForms(body: string): Map<string, string> {
  const forms = new Map<string, string>();
  let i = 0;
  while (i < body.length) {
    const open = body.indexOf('{', i);
    if (open < 0) break;
    const end = closing(body, open);
    if (end < 0) break;
    forms.set(body.slice(i, open).trim(), body.slice(open + 1, end));
    i = end + 1;
  }
  return forms;
}

/** A message with its values put in: `{name}` and `{count, plural, …}` (its `#` is the count, in the language's digits). */
export function formatWords(message: string, language: Language, params: WordParams = {}): string {
  let out = '';
  let i = 0;
  while (i < message.length) {
    const open = message.indexOf('{', i);
    if (open < 0) break;
    const end = closing(message, open);
    if (end < 0) break;
    out += message.slice(i, open);
    const inner = message.slice(open + 1, end);
    const [name = '', kind, ...rest] = inner.split(',');
    const value = params[name.trim()];
    if (kind?.trim() === 'plural' && typeof value === 'number') {
      // The one plural rule of the product (shared/format/plural.ts): the language's category, `#` as formatNumber.
      const forms = pluralForms(rest.join(','));
      out += formatWords(plural(value, { ...Object.fromEntries(forms), other: forms.get('other') ?? '' } as PluralForms, language), language, params);
    } else {
      out += value === undefined ? message.slice(open, end + 1) : String(value);
    }
    i = end + 1;
  }
  return out + message.slice(i);
}

/**
 * The features' words loaded so far in this page (each feature's catalogue arrives with its page's code, see
 * `loadFeatureWords`). Read after the page's own words; the server renderer has every feature's in those.
 */
const featureWords: ScreenWords = {};

/** A text in a language: its translation from the words (English, as written, without one), values put in. */
export function sayWords(words: ScreenWords, language: Language, english: string, params?: WordParams): string {
  const message = language === 'en' ? english : (words[english] ?? featureWords[english] ?? english);
  return params || message.includes('{') ? formatWords(message, language, params) : message;
}

export interface Words {
  language: Language;
  /** The text in the page's language. */
  t: (english: string, params?: WordParams) => string;
}

/** The page language and its `t`. */
export function useWords(): Words {
  const language = useContext(PageLanguageContext);
  const words = useContext(ScreenWordsContext);
  return useMemo(() => ({ language, t: (english, params) => sayWords(words, language, english, params) }), [language, words]);
}

/** A language's screen words, loaded on demand (their own chunk: an English page never fetches them). */
export async function loadScreenWords(language: Language): Promise<ScreenWords> {
  if (language === 'en') return {};
  const [screens, content, components] = await Promise.all([
    import('../config/i18n/screens.bn.json'),
    import('../config/i18n/content.bn.json'),
    import('../config/i18n/words.bn.json'),
  ]);
  return { ...content.default, ...screens.default, ...components.default } as ScreenWords;
}

/**
 * Each feature's Bengali catalogue (features/<feature>/words.bn.json) and each component group's
 * (components/<group>/words.bn.json), a chunk of its own, fetched only when asked.
 */
const FEATURE_CATALOGUES = import.meta.glob<{ default: ScreenWords }>(['../features/*/words.bn.json', '../components/*/words.bn.json']);

/** Where a feature's (`invest`) or a component group's (`components/app`) catalogue is. */
const cataloguePath = (feature: string) => (feature.startsWith('components/') ? `../${feature}/words.bn.json` : `../features/${feature}/words.bn.json`);

/**
 * A feature's words in the page's language, loaded beside its page's code (app/pages.ts awaits both before the page
 * draws, so its first render already has them). English, the server (which renders with every catalogue) and a
 * feature without a catalogue load nothing. A catalogue that fails to load leaves the page in English, not broken.
 */
export async function loadFeatureWords(feature: string, language: Language | undefined): Promise<void> {
  if (!language || language === 'en') return;
  const load = FEATURE_CATALOGUES[cataloguePath(feature)];
  if (!load) return;
  try {
    Object.assign(featureWords, (await load()).default);
  } catch {
    // English words rather than no page.
  }
}
