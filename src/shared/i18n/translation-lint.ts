/**
 * The translation lint (issue 29 §2), run by `npm run schemas:check`: every text of every form has its words in
 * each language besides English (schemas/i18n/<form>.<lang>.json), no error message in another language merely
 * repeats the English one, and no file keeps a word for a text the form no longer has (the English changed: the
 * translation must follow it).
 */
import type { Problem } from '../forms/schema-lint';
import { formTexts, needsTranslation, type FormText, type FormTranslations, type Words } from './form-words';
import { LANGUAGES, SOURCE_LANGUAGE } from './language';

type Json = Record<string, unknown>;

/** Each language's name in English, as the checks name it. */
export const LANGUAGE_NAMES: Record<string, string> = { bn: 'Bengali' };

/** The JSON pointer of a key of the words file (the English text). */
const keyPointer = (text: string) => `/${text.replace(/~/g, '~0').replace(/\//g, '~1')}`;

/** A text with no translation in `words`: none (or blank), or an error message that only repeats the English. */
export interface Untranslated {
  at: FormText;
  repeats: boolean;
}

/**
 * The texts of a form (`formTexts`, each once) that `words` leaves untranslated: the check `npm run schemas:check`,
 * the studio's Translations tab and the server's publish share.
 */
export function untranslated(texts: readonly FormText[], words: Words | undefined): Untranslated[] {
  const out: Untranslated[] = [];
  const seen = new Set<string>();
  for (const t of texts) {
    if (seen.has(t.text) || !needsTranslation(t.text)) continue;
    seen.add(t.text);
    const said = words && Object.hasOwn(words, t.text) ? words[t.text] : undefined;
    if (typeof said !== 'string' || said.trim() === '') out.push({ at: t, repeats: false });
    else if (t.message && said.trim() === t.text.trim()) out.push({ at: t, repeats: true });
  }
  return out;
}

/** The problems of one form's translations (`translations` as read from its files; absent languages included). */
export function formTranslationProblems(formId: string, schema: Json, uiSchema: Json, translations: FormTranslations | undefined): Problem[] {
  const problems: Problem[] = [];
  const texts = formTexts(schema, uiSchema).filter((t) => needsTranslation(t.text));
  for (const language of LANGUAGES) {
    if (language === SOURCE_LANGUAGE) continue;
    const file = `schemas/i18n/${formId}.${language}.json`;
    const name = LANGUAGE_NAMES[language] ?? language;
    const words = translations?.[language];
    if (!words) {
      problems.push({ file, pointer: '', message: `the form has no ${name} words: add ${file} with a translation of each of its ${new Set(texts.map((t) => t.text)).size} texts` });
      continue;
    }
    const seen = new Set(texts.map((t) => t.text));
    for (const u of untranslated(texts, words)) {
      const t = u.at;
      const where = `${t.in === 'uiSchema' ? 'ui-schemas' : 'schemas'}/${formId}${t.in === 'uiSchema' ? '.ui' : '.schema'}.json ${t.pointer}`;
      problems.push({
        file,
        pointer: keyPointer(t.text),
        message: u.repeats ? `the ${name} message only repeats the English "${t.text}": translate it` : `no ${name} for "${t.text}" (${where})`,
      });
    }
    for (const key of Object.keys(words)) {
      if (!seen.has(key)) problems.push({ file, pointer: keyPointer(key), message: `"${key}" is no text of this form (its English changed or went): translate the current text instead` });
    }
  }
  return problems;
}

/** The problems of every form's translations. */
export function lintTranslations(schemas: Record<string, Json>, uiSchemas: Record<string, Json>, translations: Record<string, FormTranslations>): Problem[] {
  return Object.keys(schemas)
    .sort()
    .flatMap((id) => formTranslationProblems(id, schemas[id]!, uiSchemas[id] ?? {}, translations[id]));
}
