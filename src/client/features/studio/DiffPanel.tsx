/** The draft against the published version, side by side (CodeMirror's merge view), for the schema and the ui-schema. */
import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MergeView } from '@codemirror/merge';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { json } from '@codemirror/lang-json';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';

/**
 * The fold of unchanged lines drawn without @codemirror/merge's "⦚" marks, a character the page's fonts (and most
 * systems') do not have, drawn as empty boxes around "57 unchanged lines": a chevron made of two borders instead, which
 * needs no glyph.
 */
const foldMarker = EditorView.theme({
  '.cm-collapsedLines': { display: 'flex', alignItems: 'center', gap: '8px' },
  '.cm-collapsedLines:before': {
    content: '""',
    display: 'inline-block',
    width: '6px',
    height: '6px',
    margin: '0 2px 3px 2px',
    borderRight: '2px solid currentColor',
    borderBottom: '2px solid currentColor',
    transform: 'rotate(45deg)',
  },
  '.cm-collapsedLines:after': { content: 'none' },
});

const DRAFT_SIDES = ['Published', 'Your draft'] as const;

/** `sides`: what the two columns are called (the published version and the draft, unless told; a constant). */
export function Diff({ label, published, draft, sides = DRAFT_SIDES }: { label: string; published: string; draft: string; sides?: readonly [string, string] }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const readOnly = [json(), syntaxHighlighting(defaultHighlightStyle, { fallback: true }), EditorState.readOnly.of(true), EditorView.editable.of(false), EditorView.lineWrapping, foldMarker];
    const view = new MergeView({
      parent: host.current!,
      a: { doc: published, extensions: [...readOnly, EditorView.contentAttributes.of({ 'aria-label': `${label}: ${sides[0].toLowerCase()}` })] },
      b: { doc: draft, extensions: [...readOnly, EditorView.contentAttributes.of({ 'aria-label': `${label}: ${sides[1].toLowerCase()}` })] },
      collapseUnchanged: { margin: 3, minSize: 6 },
      gutter: true,
    });
    return () => view.destroy();
  }, [label, published, draft, sides]);
  const same = published === draft;
  return (
    <Box component="section" aria-label={label} sx={{ mb: 3 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {label} {same && <Typography component="span" color="text.secondary">— no changes</Typography>}
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', color: 'text.secondary', fontSize: 13 }}>
        <span>{sides[0]}</span>
        <span>{sides[1]}</span>
      </Box>
      <Box ref={host} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, fontSize: 13, overflowX: 'auto', '& .cm-mergeView': { maxHeight: '70vh' } }} />
    </Box>
  );
}

export default function DiffPanel({ version, published, draft }: { version: number; published: { schema: string; ui: string }; draft: { schema: string; ui: string } }) {
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Your draft against version {version}, the one published now. Unchanged parts are folded.
      </Typography>
      <Diff label="Schema changes" published={published.schema} draft={draft.schema} />
      <Diff label="UI schema changes" published={published.ui} draft={draft.ui} />
    </>
  );
}
