/** The draft against the published version, side by side (CodeMirror's merge view), for the schema and the ui-schema. */
import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MergeView } from '@codemirror/merge';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { json } from '@codemirror/lang-json';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { useWords } from '../../lib/words';
import { formatNumber } from '../../../shared/format/money';

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

/** `sides`: what the two columns are called (the published version and the draft, unless told), in the page's language. */
export function Diff({ label, published, draft, sides: told }: { label: string; published: string; draft: string; sides?: readonly [string, string] }) {
  const { t, language } = useWords();
  const left = told?.[0] ?? t('Published');
  const right = told?.[1] ?? t('Your draft');
  // English names its columns in lower case inside the editors' names ("Schema changes: published").
  const leftName = `${label}: ${language === 'en' ? left.toLowerCase() : left}`;
  const rightName = `${label}: ${language === 'en' ? right.toLowerCase() : right}`;
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const readOnly = [json(), syntaxHighlighting(defaultHighlightStyle, { fallback: true }), EditorState.readOnly.of(true), EditorView.editable.of(false), EditorView.lineWrapping, foldMarker];
    const view = new MergeView({
      parent: host.current!,
      a: { doc: published, extensions: [...readOnly, EditorView.contentAttributes.of({ 'aria-label': leftName })] },
      b: { doc: draft, extensions: [...readOnly, EditorView.contentAttributes.of({ 'aria-label': rightName })] },
      collapseUnchanged: { margin: 3, minSize: 6 },
      gutter: true,
    });
    return () => view.destroy();
  }, [published, draft, leftName, rightName]);
  const same = published === draft;
  return (
    <Box component="section" aria-label={label} sx={{ mb: 3 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {label} {same && (
          <Typography component="span" color="text.secondary">
            {t('— no changes')}
          </Typography>
        )}
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', color: 'text.secondary', fontSize: 13 }}>
        <span>{left}</span>
        <span>{right}</span>
      </Box>
      <Box ref={host} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, fontSize: 13, overflowX: 'auto', '& .cm-mergeView': { maxHeight: '70vh' } }} />
    </Box>
  );
}

export default function DiffPanel({ version, published, draft }: { version: number; published: { schema: string; ui: string }; draft: { schema: string; ui: string } }) {
  const { t, language } = useWords();
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('Your draft against version {version}, the one published now. Unchanged parts are folded.', { version: formatNumber(version, language) })}
      </Typography>
      <Diff label={t('Schema changes')} published={published.schema} draft={draft.schema} />
      <Diff label={t('UI schema changes')} published={published.ui} draft={draft.ui} />
    </>
  );
}
