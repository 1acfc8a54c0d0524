/**
 * The forms' titles in Bengali for the studio's list: each form's Bengali words file (schemas/i18n/<form>.bn.json,
 * the words its published versions start from), fetched only on a Bengali page. A title without a Bengali, or a
 * form without a file, shows as the schema says it.
 */
import { useEffect, useState } from 'react';
import type { Language } from '../../../shared/i18n/language';

const BENGALI_FILES = import.meta.glob<Record<string, string>>('../../../../schemas/i18n/*.bn.json', { import: 'default' });

/** formId → its Bengali words (empty until loaded, and always for English). */
export function useFormWords(formIds: readonly string[], language: Language): Record<string, Record<string, string>> {
  const [words, setWords] = useState<Record<string, Record<string, string>>>({});
  const key = formIds.join(' ');
  useEffect(() => {
    if (language === 'en' || !key) return;
    let live = true;
    const ids = key.split(' ');
    void Promise.all(
      ids.map(async (id) => {
        const load = BENGALI_FILES[`../../../../schemas/i18n/${id}.bn.json`];
        return [id, load ? await load().catch(() => ({})) : {}] as const;
      }),
    ).then((pairs) => {
      if (live) setWords(Object.fromEntries(pairs));
    });
    return () => {
      live = false;
    };
  }, [key, language]);
  return words;
}
