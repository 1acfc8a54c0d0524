/**
 * The live preview of a draft, rendered by the same form engine as the real pages. It cannot validate in the
 * browser (a draft has no compiled validator and the CSP forbids compiling one here), so its button sends the data
 * typed into it to the test panel, where the server answers with the exact messages.
 */
import { Component, useMemo, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import { previewDefinition, SchemaForm } from '../../form-engine';
import type { FormId } from '../../../shared/generated/form-types';

class PreviewBoundary extends Component<{ children: ReactNode }, { error: string | null }> {
  state = { error: null as string | null };
  static getDerivedStateFromError(e: unknown) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
  render() {
    if (this.state.error) return <Alert severity="warning">The preview cannot show this schema yet: {this.state.error}</Alert>;
    return this.props.children;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

let drawn = 0;

export default function PreviewPanel({ formId, schema, uiSchema, data, onData, onUse }: { formId: string; schema: unknown; uiSchema: unknown; data: Record<string, unknown>; onData: (d: Record<string, unknown>) => void; onUse: (d: Record<string, unknown>) => void }) {
  const usable = isObject(schema) && isObject(uiSchema);
  // Each edit of the draft draws the preview afresh (and clears an error the previous schema raised).
  const preview = useMemo(() => (usable ? { definition: previewDefinition(formId as FormId, schema, uiSchema), key: (drawn += 1) } : null), [usable, formId, schema, uiSchema]);
  if (!preview) return <Alert severity="info">The preview shows when the schema and the ui-schema are JSON objects.</Alert>;
  return (
    <PreviewBoundary key={preview.key}>
      <SchemaForm
        key={preview.key}
        formId={formId as FormId}
        definition={preview.definition}
        initialData={data as never}
        onChange={(d) => onData(d as unknown as Record<string, unknown>)}
        onSubmit={(d) => onUse(d as unknown as Record<string, unknown>)}
        submitText="Test this data"
      />
    </PreviewBoundary>
  );
}
