/**
 * Bengali words for a form a test publishes (issue 29 §2: a publish is refused while a text has none): the files'
 * words, and for each text the test wrote in English a stand-in Bengali (`বাংলা: <English>`), which repeats nothing.
 */
import { formTexts, type FormTranslations } from '../../src/shared/i18n/form-words';
import { untranslated } from '../../src/shared/i18n/translation-lint';
import { loadTranslations } from '../../src/shared/forms/load-schemas';

const files = loadTranslations();

export function bengaliFor(formId: string, schema: unknown, uiSchema: unknown): FormTranslations {
  const words = { ...files[formId]?.bn };
  for (const u of untranslated(formTexts(schema as Record<string, unknown>, uiSchema as Record<string, unknown>), words)) words[u.at.text] = `বাংলা: ${u.at.text}`;
  return { bn: words };
}
