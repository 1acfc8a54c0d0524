/** What the studio's JSON editors complete and where they put a lint message, on real CodeMirror states. */
import { describe, expect, it } from 'vitest';
import { EditorState } from '@codemirror/state';
import { json } from '@codemirror/lang-json';
import { CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { completionSource, locatePath, type EditorKind } from '../../src/client/features/studio/json-support';

/** The completions offered with the cursor at `|` in `text`. */
function complete(kind: EditorKind, text: string): string[] {
  const pos = text.indexOf('|');
  const state = EditorState.create({ doc: text.replace('|', ''), extensions: [json()] });
  const result = completionSource(kind)(new CompletionContext(state, pos, true)) as CompletionResult | null;
  return (result?.options ?? []).map((o) => o.displayLabel ?? o.label);
}

describe('studio JSON completion', () => {
  it('offers every keyword of the JSON Schema meta-schema and the project’s own, in a schema', () => {
    const offered = complete('schema', '{ "properties": { "age": { "|" } } }');
    // From the 2019-09 meta-schema's vocabularies, not a hand-kept list.
    for (const k of ['dependentSchemas', 'propertyNames', 'unevaluatedProperties', 'contentMediaType', 'deprecated', '$comment', 'minLength']) {
      expect(offered).toContain(k);
    }
    for (const k of ['errorMessage', 'x-money', 'x-visibility', 'matchesField', 'formatMinimum']) expect(offered).toContain(k);
    expect(offered).not.toContain('ui:widget');
  });

  it('offers the meta-schema’s types, the visibilities and the engine’s widgets as values', () => {
    expect(complete('schema', '{ "type": "|" }')).toEqual(['"array"', '"boolean"', '"integer"', '"null"', '"number"', '"object"', '"string"']);
    expect(complete('schema', '{ "x-visibility": "|" }')).toEqual(['"public"', '"contact"', '"owner"', '"staff"']);
    const widgets = complete('ui', '{ "photo": { "ui:widget": "|" } }');
    for (const w of ['"imageUpload"', '"otp"', '"searchableSelect"', '"textarea"']) expect(widgets).toContain(w);
  });

  it('offers ui-schema keys in a ui-schema and nothing in sample data', () => {
    expect(complete('ui', '{ "|" }')).toContain('ui:order');
    expect(complete('ui', '{ "|" }')).not.toContain('minLength');
    expect(complete('data', '{ "|" }')).toEqual([]);
  });
});

describe('studio lint positions', () => {
  const doc = '{\n  "properties": {\n    "name": { "type": "strng" },\n    "a/b": { "minLength": 1 }\n  }\n}';
  const state = EditorState.create({ doc, extensions: [json()] });
  const at = (pointer: string) => {
    const r = locatePath(state, pointer);
    return r && doc.slice(r.from, r.to);
  };

  it('finds the key of the value a JSON pointer names, with escaped segments', () => {
    expect(at('/properties/name/type')).toBe('"type"');
    expect(at('/properties/a~1b/minLength')).toBe('"minLength"');
  });

  it('points a missing place at the deepest part that exists, and the root at its brace', () => {
    expect(at('/properties/name/errorMessage')).toBe('"name"');
    expect(at('')).toBe('{');
  });
});
