/**
 * The site content's texts (issue 29 §3): which strings of a content document are words a person reads (not links,
 * categories, icons, pictures, dates or people's names), and which of them have no Bengali yet in a version's
 * `translations` (English text → Bengali). Shared by the server (publishing is refused while any is missing) and the
 * studio's side-by-side translation view.
 */

/** Keys whose values are not words to translate (addresses, values, names people are known by). */
const KEPT = new Set(['$schema', 'to', 'category', 'icon', 'src', 'videoUrl', 'figure', 'slug', 'date', 'name', 'phone', 'email']);

/** Whether a string is words a person reads (has Latin letters), not a value. */
const isText = (text: string) => /[A-Za-z]{2}/.test(text);

/** Whether the string under `key` is a value kept as it is in every language. */
export const keptKey = (key: string): boolean => KEPT.has(key);

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

/** A text of the content: the words, the key of its first place and the part of the content it is in (`home`, …). */
export interface ContentText {
  text: string;
  key: string;
  part: string;
}

/** Every text of a content document, each once, in document order. */
export function contentTexts(content: unknown): ContentText[] {
  const seen = new Map<string, ContentText>();
  if (!content || typeof content !== 'object' || Array.isArray(content)) return [];
  for (const [part, value] of Object.entries(content)) {
    eachContentText(value, (text, key) => {
      if (!seen.has(text)) seen.set(text, { text, key, part });
    }, part);
  }
  return [...seen.values()];
}

/** A text with no Bengali: none (or blank), or one that only repeats the English. */
export interface MissingWord {
  text: string;
  repeats: boolean;
}

/** The content's texts that have no Bengali in `words`. */
export function missingWords(content: unknown, words: Readonly<Record<string, string>> | undefined): MissingWord[] {
  const out: MissingWord[] = [];
  for (const { text } of contentTexts(content)) {
    const said = words?.[text];
    if (typeof said !== 'string' || said.trim() === '') out.push({ text, repeats: false });
    else if (said.trim() === text.trim()) out.push({ text, repeats: true });
  }
  return out;
}

/** The words of the texts a content document has (a word for a text it no longer has is dropped). */
export function wordsOf(content: unknown, words: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { text } of contentTexts(content)) {
    const said = words?.[text];
    if (typeof said === 'string' && said.trim() !== '') out[text] = said;
  }
  return out;
}
