/**
 * Test helper: a Bengali for every text of a site content document, as staff would type them in the studio's
 * translation view (publishing needs every one): the words given where they have one, a numbered Bengali line for
 * the rest (blog posts, help and pages have no bundled Bengali yet).
 */
import { contentTexts } from '../../src/shared/i18n/content-texts';

export function bengaliFor(content: unknown, words: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  let n = 0;
  for (const { text } of contentTexts(content)) {
    const said = words[text];
    out[text] = said && said.trim() && said.trim() !== text.trim() ? said : `বাংলা লেখা ${++n}`;
  }
  return out;
}
