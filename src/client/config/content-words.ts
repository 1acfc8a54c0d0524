/**
 * The site content's words in the page's language. The content is written in English (content.json, or as staff
 * publish it); its texts are said through the screen words (i18n/content.bn.json: English text → translation),
 * while its links, categories, icons, pictures, dates and people's names stay as they are. A text staff changed
 * that has no translation yet shows in English.
 */
import type { Language } from '../../shared/i18n/language';
import type { ScreenWords } from '../lib/words';

/** Keys whose values are not words to translate (addresses, values, names people are known by). */
const KEPT = new Set(['$schema', 'to', 'category', 'icon', 'src', 'videoUrl', 'figure', 'slug', 'date', 'name', 'phone', 'email']);

/** Whether a string is words a person reads (has Latin letters), not a value. */
const isText = (text: string) => /[A-Za-z]{2}/.test(text);

/** Calls `visit` for every text of a content value (or a part of it), with the key it is under. */
export function eachContentText(value: unknown, visit: (text: string, key: string) => void, key = ''): void {
  if (typeof value === 'string') {
    if (!KEPT.has(key) && isText(value)) visit(value, key);
  } else if (Array.isArray(value)) {
    for (const item of value) eachContentText(item, visit, key);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) eachContentText(v, visit, k);
  }
}

function translate(value: unknown, words: ScreenWords, key: string): unknown {
  if (typeof value === 'string') return KEPT.has(key) ? value : (words[value] ?? value);
  if (Array.isArray(value)) return value.map((item) => translate(item, words, key));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, translate(v, words, k)]));
  return value;
}

/** The content with its texts in a language (the same object for English). */
export function localContent<T>(content: T, language: Language, words: ScreenWords): T {
  return language === 'en' ? content : (translate(content, words, '') as T);
}
