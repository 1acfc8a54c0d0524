/**
 * The site-content form's Bengali words (src/client/features/studio/content-form.bn.json, which /staff/content draws
 * the form with on a Bengali page): every text of content.schema.json and content.ui.json has its Bengali, and none
 * merely repeats the English, so a field added to the content schema without its Bengali fails here.
 */
import { describe, expect, it } from 'vitest';
import schema from '../../src/client/config/content.schema.json';
import ui from '../../src/client/config/content.ui.json';
import words from '../../src/client/features/studio/content-form.bn.json';
import { formTexts } from '../../src/shared/i18n/form-words';
import { untranslated } from '../../src/shared/i18n/translation-lint';

describe("the site-content form's Bengali words", () => {
  it('have every text of the content form, none repeating the English', () => {
    const texts = formTexts(schema as Record<string, unknown>, ui as Record<string, unknown>);
    expect(texts.length).toBeGreaterThan(50);
    expect(untranslated(texts, words as Record<string, string>).map((u) => u.at.text)).toEqual([]);
    const repeats = Object.entries(words as Record<string, string>).filter(([en, bn]) => en.trim() === bn.trim());
    expect(repeats).toEqual([]);
  });

  it('keep no word the form no longer has', () => {
    const texts = new Set(formTexts(schema as Record<string, unknown>, ui as Record<string, unknown>).map((t) => t.text));
    expect(Object.keys(words).filter((en) => !texts.has(en))).toEqual([]);
  });
});
