/**
 * A CodeMirror 6 JSON editor: syntax errors inline as you type, the server's lint messages on their lines (given
 * as `problems` with a path), completion of schema keywords and annotations, undo history and bracket matching.
 */
import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, highlightActiveLine, drawSelection } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, defaultHighlightStyle, foldGutter, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { json, jsonParseLinter } from '@codemirror/lang-json';
import { forceLinting, lintGutter, linter, type Diagnostic } from '@codemirror/lint';
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { completionSource, locatePath, type EditorKind } from './json-support';
import { useWords } from '../../lib/words';

export interface Problem {
  path: string;
  message: string;
}

export interface JsonEditorProps {
  /** The accessible name of the editor ("Schema of invest"). */
  label: string;
  value: string;
  onChange: (text: string) => void;
  kind: EditorKind;
  /** Messages about the text from elsewhere (the server's lint), shown on the line of their path. */
  problems?: readonly Problem[];
  minHeight?: number;
}

const parseLinter = jsonParseLinter();
const NONE: readonly Problem[] = [];

export default function JsonEditor({ label, value, onChange, kind, problems = NONE, minHeight = 320 }: JsonEditorProps) {
  const { t } = useWords();
  // The lint's name on its messages, read when the editor lints (the editor is made once).
  const source = useRef(t('schema lint'));
  source.current = t('schema lint');
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latestChange = useRef(onChange);
  latestChange.current = onChange;
  const latestProblems = useRef(problems);
  latestProblems.current = problems;

  useEffect(() => {
    const lint = linter(
      (v): Diagnostic[] => {
        const syntax = parseLinter(v);
        // While the text is not JSON, the server's messages (about an older text) would point at the wrong places.
        if (syntax.length) return syntax;
        return latestProblems.current.map((p) => {
          const at = locatePath(v.state, p.path) ?? { from: 0, to: Math.min(1, v.state.doc.length) };
          return { from: at.from, to: at.to, severity: 'error', message: p.path ? `${p.path}: ${p.message}` : p.message, source: source.current };
        });
      },
      { delay: 300 },
    );
    const created = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          foldGutter(),
          lintGutter(),
          history(),
          drawSelection(),
          highlightActiveLine(),
          indentOnInput(),
          bracketMatching(),
          closeBrackets(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          json(),
          lint,
          autocompletion({ override: [completionSource(kind)] }),
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap, indentWithTab]),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ 'aria-multiline': 'true' }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) latestChange.current(u.state.doc.toString());
          }),
          EditorView.theme({
            '&': { fontSize: '13px', border: '1px solid rgba(0,0,0,0.23)', borderRadius: '4px', backgroundColor: '#fff' },
            '&.cm-focused': { outline: '2px solid #1b5e20' },
            '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', minHeight: `${minHeight}px`, maxHeight: '70vh' },
            '.cm-gutters': { backgroundColor: '#f6f8f6' },
          }),
        ],
      }),
    });
    // The scroller can be scrolled from the keyboard too (axe: scrollable-region-focusable).
    created.scrollDOM.tabIndex = 0;
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
    // The editor is made once; later values arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind]);

  // The name follows the label (a test case being renamed) without making the editor again.
  useEffect(() => {
    view.current?.contentDOM.setAttribute('aria-label', label);
  }, [label]);

  // A value set from outside (a restored version, a discarded draft) replaces the text; typing does not come back here.
  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== value) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    if (view.current) forceLinting(view.current);
  }, [problems]);

  return <Box ref={host} data-editor={kind} sx={{ '& .cm-editor': { width: '100%' } }} />;
}
