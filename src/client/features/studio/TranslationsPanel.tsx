/**
 * The studio's Translations tab (issue 29 §2): every English text of the draft (as `formTexts` lists them: titles,
 * descriptions, help, placeholders, options, steps, error messages) beside its Bengali, editable. A text with no
 * Bengali, or an error message whose Bengali only repeats the English, is marked missing; a text whose English the
 * draft changed has no Bengali yet, so it shows as missing too. Publishing is refused while any is (here and on the
 * server, by the same check as `npm run schemas:check`).
 */
import { useMemo, useState } from 'react';
import TranslationRow from './TranslationRow';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { formTexts, needsTranslation, type FormText, type FormTranslations, type Words } from '../../../shared/i18n/form-words';
import { untranslated, type Untranslated } from '../../../shared/i18n/translation-lint';
import { useWords, type Words as ScreenWordsApi } from '../../lib/words';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The draft's texts a person reads, each once, and which of them have no Bengali yet. */
export function draftWords(schema: unknown, uiSchema: unknown, translations: FormTranslations): { texts: FormText[]; missing: Map<string, Untranslated> } {
  if (!isNode(schema) || !isNode(uiSchema)) return { texts: [], missing: new Map() };
  const all = formTexts(schema, uiSchema);
  const seen = new Set<string>();
  const texts = all.filter((t) => needsTranslation(t.text) && !seen.has(t.text) && seen.add(t.text));
  return { texts, missing: new Map(untranslated(all, translations.bn).map((u) => [u.at.text, u])) };
}

/** What a text is, in a word for the person translating it. */
function kindOf(t: ScreenWordsApi['t'], text: FormText): string {
  if (text.message) return t('Error message');
  if (text.option) return t('Option');
  const key = text.pointer.split('/').at(-1) ?? '';
  if (key === 'title' || key === 'ui:title') return t('Title');
  if (key === 'description' || key === 'ui:description') return t('Description');
  if (key === 'ui:help') return t('Help');
  if (key === 'ui:placeholder') return t('Placeholder');
  return t('Text');
}

export interface TranslationsPanelProps {
  schema: unknown;
  uiSchema: unknown;
  translations: FormTranslations;
  onChange: (translations: FormTranslations) => void;
}

export default function TranslationsPanel({ schema, uiSchema, translations, onChange }: TranslationsPanelProps) {
  const { t } = useWords();
  // "Missing only": the texts missing when it was chosen stay listed while they are typed, and new gaps join them.
  const [missingOnly, setMissingOnly] = useState<ReadonlySet<string> | null>(null);
  const { texts, missing } = useMemo(() => draftWords(schema, uiSchema, translations), [schema, uiSchema, translations]);
  const shown = missingOnly ? texts.filter((x) => missing.has(x.text) || missingOnly.has(x.text)) : texts;
  const words: Words = translations.bn ?? {};

  function set(text: string, value: string): void {
    const next = { ...words };
    if (value === '') delete next[text];
    else next[text] = value;
    onChange({ ...translations, bn: next });
  }

  if (!isNode(schema) || !isNode(uiSchema)) return <Typography>{t('The texts show when the schema and the ui-schema are JSON objects.')}</Typography>;
  return (
    <Box component="section" aria-label={t('Bengali translations')}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography role="status" color={missing.size ? 'error' : 'text.secondary'}>
          {missing.size
            ? t('{count, plural, one {# text} other {# texts}} without Bengali: publishing waits for them.', { count: missing.size })
            : t('Every one of the {count, plural, one {# text} other {# texts}} has its Bengali.', { count: texts.length })}
        </Typography>
        <FormControlLabel control={<Checkbox checked={missingOnly !== null} onChange={(e) => setMissingOnly(e.target.checked ? new Set(missing.keys()) : null)} />} label={t('Missing only')} />
      </Box>
      {missingOnly && missing.size === 0 && <Typography color="text.secondary">{t('Nothing is missing.')}</Typography>}
      {texts.length === 0 && <Typography color="text.secondary">{t('This form has no texts to translate.')}</Typography>}
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {shown.map((text, i) => {
          const gap = missing.get(text.text);
          const id = `words-en-${i}`;
          return <TranslationRow key={text.text} id={id} where={kindOf(t, text)} english={text.text} bengali={words[text.text] ?? ''} gap={gap} onChange={(v) => set(text.text, v)} />;
        })}
      </Box>
    </Box>
  );
}
