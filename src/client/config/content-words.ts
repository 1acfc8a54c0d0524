/**
 * The site content's words in the page's language. The content is written in English (content.json, or as staff
 * publish it); each published version carries its Bengali (`translations`: English text → Bengali, edited side by
 * side in the studio), said first, and the bundled words (i18n/content.bn.json, through the screen words) are the
 * fallback for a version published before versions carried their own. Links, categories, icons, pictures, dates and
 * people's names stay as they are.
 */
import type { Language } from '../../shared/i18n/language';
import { eachContentText, keptKey } from '../../shared/i18n/content-texts';
import type { ScreenWords } from '../lib/words';

export { eachContentText };

type Said = (text: string) => string | undefined;

function translate(value: unknown, say: Said, key: string): unknown {
  if (typeof value === 'string') return keptKey(key) ? value : (say(value) ?? value);
  if (Array.isArray(value)) return value.map((item) => translate(item, say, key));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, translate(v, say, k)]));
  return value;
}

/**
 * The content with its texts in a language (the same object for English): the version's own `published` words
 * first, then the screen words.
 */
export function localContent<T>(content: T, language: Language, words: ScreenWords, published?: Readonly<Record<string, string>>): T {
  if (language === 'en') return content;
  const say: Said = (text) => (published?.[text]?.trim() ? published[text] : undefined) ?? words[text];
  return translate(content, say, '') as T;
}
