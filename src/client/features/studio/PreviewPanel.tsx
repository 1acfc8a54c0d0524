/**
 * The live preview of a draft, rendered by the same form engine as the real pages. It cannot validate in the
 * browser (a draft has no compiled validator and the CSP forbids compiling one here), so its button sends the data
 * typed into it to the test panel, where the server answers with the exact messages.
 */
import { Component, useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { previewDefinition, SchemaForm } from '../../form-engine';
import { FormLanguageContext } from '../../form-engine/language';
import type { Language } from '../../../shared/i18n/language';
import type { FormTranslations } from '../../../shared/i18n/form-words';
import type { FormId } from '../../../shared/generated/form-types';
import { useWords } from '../../lib/words';

/** What the boundary says when the draft cannot be drawn (a class cannot use the words hook). */
function CannotShow({ error }: { error: string }) {
  const { t } = useWords();
  return <Alert severity="warning">{t('The preview cannot show this schema yet: {error}', { error })}</Alert>;
}

class PreviewBoundary extends Component<{ children: ReactNode }, { error: string | null }> {
  state = { error: null as string | null };
  static getDerivedStateFromError(e: unknown) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
  render() {
    if (this.state.error) return <CannotShow error={this.state.error} />;
    return this.props.children;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

let drawn = 0;

export interface PreviewPanelProps {
  formId: string;
  schema: unknown;
  uiSchema: unknown;
  /** The draft's words: the preview draws them when switched to Bengali. */
  translations: FormTranslations;
  data: Record<string, unknown>;
  onData: (d: Record<string, unknown>) => void;
  onUse: (d: Record<string, unknown>) => void;
}

export default function PreviewPanel({ formId, schema, uiSchema, translations, data, onData, onUse }: PreviewPanelProps) {
  const { t, language: pageLanguage } = useWords();
  // The preview starts in the page's language; the switch shows the other.
  const [language, setLanguage] = useState<Language>(pageLanguage);
  const usable = isObject(schema) && isObject(uiSchema);
  // Each edit of the draft (its words included) draws the preview afresh (and clears an error the previous schema
  // raised); a copy of the ui-schema, since the engine keeps a language's ui-schema per ui-schema object.
  const preview = useMemo(
    () => (usable ? { definition: { ...previewDefinition(formId as FormId, schema, { ...uiSchema }), translations }, key: (drawn += 1) } : null),
    [usable, formId, schema, uiSchema, translations],
  );
  if (!preview) return <Alert severity="info">{t('The preview shows when the schema and the ui-schema are JSON objects.')}</Alert>;
  return (
    <>
      <ToggleButtonGroup size="small" exclusive value={language} onChange={(_, v: Language | null) => v && setLanguage(v)} aria-label={t('Preview language')} sx={{ mb: 2 }}>
        <ToggleButton value="en" lang="en">
          English
        </ToggleButton>
        <ToggleButton value="bn" lang="bn">
          বাংলা
        </ToggleButton>
      </ToggleButtonGroup>
      <FormLanguageContext.Provider value={language}>
        <PreviewBoundary key={preview.key}>
          <SchemaForm
            key={preview.key}
            formId={formId as FormId}
            definition={preview.definition}
            initialData={data as never}
            onChange={(d) => onData(d as unknown as Record<string, unknown>)}
            onSubmit={(d) => onUse(d as unknown as Record<string, unknown>)}
            submitText={t('Test this data')}
          />
        </PreviewBoundary>
      </FormLanguageContext.Provider>
    </>
  );
}
