/**
 * The site content's Bengali, side by side (issue 29 §3): every English text of the draft (menu, footer, home
 * sections, pages, blog posts, help) beside its Bengali, editable. A text with no Bengali, or whose Bengali only
 * repeats the English, is marked and counted; publishing is refused while any is (the server checks the same,
 * shared/i18n/content-texts.ts). A preview shows the home page's first section and the footer in either language.
 */
import { useMemo, useState } from 'react';
import TranslationRow from './TranslationRow';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { contentTexts, missingWords, type ContentText, type MissingWord } from '../../../shared/i18n/content-texts';
import type { Language } from '../../../shared/i18n/language';
import { localContent } from '../../config/content-words';
import { useWords, type Words as ScreenWordsApi } from '../../lib/words';

type Words = Record<string, string>;

/** The draft's texts and which of them have no Bengali yet. */
export function contentDraftWords(content: unknown, words: Words): { texts: ContentText[]; missing: Map<string, MissingWord> } {
  return { texts: contentTexts(content), missing: new Map(missingWords(content, words).map((m) => [m.text, m])) };
}

/** Where a text is, in a word for the person translating it. */
function partOf(t: ScreenWordsApi['t'], part: string): string {
  switch (part) {
    case 'siteName':
    case 'tagline':
      return t('Site name and tagline');
    case 'contact':
      return t('Contact');
    case 'nav':
      return t('Menu');
    case 'footer':
      return t('Footer');
    case 'home':
      return t('Home page');
    case 'pages':
      return t('Pages and policies');
    case 'blogs':
      return t('Blog');
    case 'help':
      return t('Help');
    case 'riskStatement':
      return t('Risk statement');
    default:
      return part;
  }
}

export interface ContentTranslationsPanelProps {
  content: Record<string, unknown>;
  translations: Words;
  onChange: (translations: Words) => void;
}

export default function ContentTranslationsPanel({ content, translations, onChange }: ContentTranslationsPanelProps) {
  const { t } = useWords();
  // "Missing only": the texts missing when it was chosen stay listed while they are typed, and new gaps join them.
  const [missingOnly, setMissingOnly] = useState<ReadonlySet<string> | null>(null);
  const { texts, missing } = useMemo(() => contentDraftWords(content, translations), [content, translations]);
  const shown = missingOnly ? texts.filter((x) => missing.has(x.text) || missingOnly.has(x.text)) : texts;

  function set(text: string, value: string): void {
    const next = { ...translations };
    if (value === '') delete next[text];
    else next[text] = value;
    onChange(next);
  }

  return (
    <Box component="section" aria-label={t('Bengali translations')}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography role="status" color={missing.size ? 'error' : 'text.secondary'}>
          {missing.size
            ? t('{count, plural, one {# text} other {# texts}} without Bengali: Bengali readers see them in English until you write it.', { count: missing.size })
            : t('Every one of the {count, plural, one {# text} other {# texts}} has its Bengali.', { count: texts.length })}
        </Typography>
        <FormControlLabel control={<Checkbox checked={missingOnly !== null} onChange={(e) => setMissingOnly(e.target.checked ? new Set(missing.keys()) : null)} />} label={t('Missing only')} />
      </Box>
      <Preview content={content} translations={translations} />
      {missingOnly && missing.size === 0 && <Typography color="text.secondary">{t('Nothing is missing.')}</Typography>}
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {shown.map((text) => {
          const gap = missing.get(text.text);
          const id = `content-en-${texts.indexOf(text)}`;
          return <TranslationRow key={text.text} id={id} where={partOf(t, text.part)} english={text.text} bengali={translations[text.text] ?? ''} gap={gap} onChange={(v) => set(text.text, v)} />;
        })}
      </Box>
    </Box>
  );
}

interface Hero {
  kicker?: string;
  heading?: string;
  text?: string;
}

/** The home page's first section and the footer's words of the draft, in either language, as visitors will read them. */
function Preview({ content, translations }: { content: Record<string, unknown>; translations: Words }) {
  const { t } = useWords();
  const [language, setLanguage] = useState<Language>('bn');
  // Only the draft's own words: a preview shows what publishing it would show.
  const said = useMemo(() => localContent(content, language, {}, translations), [content, language, translations]);
  const hero = ((said.home as { hero?: Hero } | undefined)?.hero ?? {}) as Hero;
  const about = (said.footer as { about?: string } | undefined)?.about;
  return (
    <Paper variant="outlined" component="figure" aria-label={t('Preview')} sx={{ p: 2, m: 0, mb: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography component="figcaption" variant="subtitle2">
          {t('Preview')}
        </Typography>
        <ToggleButtonGroup size="small" exclusive value={language} onChange={(_e, v: Language | null) => v && setLanguage(v)} aria-label={t('Preview language')}>
          <ToggleButton value="bn" lang="bn">
            বাংলা
          </ToggleButton>
          <ToggleButton value="en" lang="en">
            English
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <Box lang={language} data-testid="content-preview">
        {hero.kicker && <Typography variant="overline" component="p">{hero.kicker}</Typography>}
        {hero.heading && <Typography variant="h6" component="p">{hero.heading}</Typography>}
        {hero.text && <Typography variant="body2" sx={{ mb: 1 }}>{hero.text}</Typography>}
        {about && <Typography variant="body2" color="text.secondary">{about}</Typography>}
      </Box>
    </Paper>
  );
}
