/**
 * What the studio's JSON editors know about schemas: completion of every keyword of the JSON Schema meta-schema and
 * the project's own (the ones the schema lint accepts, src/shared/forms/schema-keywords.ts) and ui-schema keys (with
 * their usual values), and where a JSON pointer is in the text, so the
 * server's lint messages are shown on their lines.
 */
import { syntaxTree, ensureSyntaxTree } from '@codemirror/language';
import type { CompletionContext, CompletionResult, Completion } from '@codemirror/autocomplete';
import type { EditorState } from '@codemirror/state';
import type { SyntaxNode } from '@lezer/common';
import { META_KEYWORDS, PROJECT_KEYWORDS, SIMPLE_TYPES } from '../../../shared/forms/schema-keywords';
import { VISIBILITIES } from '../../../shared/forms/visibility';
import { pointerSegments } from '../../../shared/validation/errors';
import { widgets } from '../../form-engine/registry';

export type EditorKind = 'schema' | 'ui' | 'data';

/** Plain words for the keywords staff use most; the rest are described by their meta-schema vocabulary. */
const SCHEMA_WORDS: Record<string, string> = {
  $schema: 'the JSON Schema dialect',
  $id: 'the form id',
  $ref: 'reuse a definition',
  $defs: 'definitions to reuse',
  title: 'the label people see',
  description: 'help text under the title',
  type: 'string, number, integer, boolean, object, array',
  properties: 'the fields of an object',
  required: 'fields that must be filled',
  enum: 'the allowed values',
  const: 'the one allowed value',
  default: 'the starting value',
  examples: 'sample values',
  items: 'the schema of each array item',
  minItems: 'fewest array items',
  maxItems: 'most array items',
  uniqueItems: 'no repeated items',
  minLength: 'shortest text',
  maxLength: 'longest text',
  pattern: 'a regular expression the text matches',
  format: 'a named format (email, phone, date…)',
  minimum: 'smallest number',
  maximum: 'largest number',
  exclusiveMinimum: 'number must be above',
  exclusiveMaximum: 'number must be below',
  multipleOf: 'number step, e.g. 0.01',
  if: 'a condition (with then/else)',
  then: 'rules when the condition holds',
  else: 'rules when it does not',
  allOf: 'all of these schemas',
  anyOf: 'at least one of these',
  oneOf: 'exactly one of these',
  not: 'must not match',
  additionalProperties: 'fields not listed',
  dependentRequired: 'fields required when another is present',
  readOnly: 'shown, not edited',
};

/** Every keyword the schema lint accepts: the JSON Schema meta-schema's and the project's own. */
const SCHEMA_KEYWORDS: [string, string, boolean][] = [
  ...[...META_KEYWORDS].map(([k, vocabulary]): [string, string, boolean] => [k, SCHEMA_WORDS[k] ?? `JSON Schema ${vocabulary}`, k in SCHEMA_WORDS]),
  ...[...PROJECT_KEYWORDS].map(([k, what]): [string, string, boolean] => [k, what, true]),
];

const UI_KEYWORDS: [string, string, boolean][] = [
  ['ui:order', 'the order of the fields ("*" for the rest)', true],
  ['ui:widget', 'the input to use', true],
  ['ui:options', 'widget options (rows, inline, source, groups, steps…)', true],
  ['ui:help', 'help text under the field', true],
  ['ui:placeholder', 'text shown in an empty input', true],
  ['ui:title', 'a title replacing the schema’s', true],
  ['ui:description', 'a description replacing the schema’s', true],
  ['ui:autocomplete', 'the browser autofill token', true],
  ['ui:autofocus', 'focus this field first', true],
  ['ui:enumNames', 'labels for enum values', true],
  ['ui:submitButtonOptions', '{ "submitText": … }', true],
  ['ui:disabled', 'shown but not editable', true],
  ['ui:readonly', 'read only', true],
];

const VALUES: Record<string, string[]> = {
  type: [...SIMPLE_TYPES],
  format: ['email', 'phone', 'email-or-phone', 'date', 'date-time', 'upload', 'uri'],
  'x-visibility': [...VISIBILITIES],
  // RJSF's own widgets, then the engine's (form-engine/registry.ts).
  'ui:widget': ['textarea', 'radio', 'select', 'checkbox', 'checkboxes', 'password', 'hidden', 'date', 'email', 'updown', 'range', ...Object.keys(widgets)],
  'ui:autocomplete': ['name', 'email', 'tel', 'street-address', 'postal-code', 'new-password', 'current-password', 'one-time-code'],
};

const VALUE_NODES = new Set(['Object', 'Array', 'String', 'Number', 'True', 'False', 'Null']);

function keyOf(state: EditorState, property: SyntaxNode): string | null {
  const name = property.getChild('PropertyName');
  if (!name) return null;
  try {
    return JSON.parse(state.sliceDoc(name.from, name.to)) as string;
  } catch {
    return null;
  }
}

/** Completes keys (and some values) of a schema or ui-schema being typed. */
export function completionSource(kind: EditorKind) {
  const keywords = kind === 'schema' ? SCHEMA_KEYWORDS : kind === 'ui' ? UI_KEYWORDS : [];
  return (context: CompletionContext): CompletionResult | null => {
    const word = context.matchBefore(/"[^"\n]*/) ?? (context.explicit ? { from: context.pos, to: context.pos, text: '' } : null);
    if (!word) return null;
    const node = syntaxTree(context.state).resolveInner(context.pos, -1);
    // A string after `"key":` is a value: offer that key's usual values.
    const property = node.parent?.name === 'Property' && node.name === 'String' ? node.parent : null;
    if (property) {
      const values = VALUES[keyOf(context.state, property) ?? ''];
      if (!values) return null;
      return { from: word.from, options: values.map((v): Completion => ({ label: `"${v}"`, type: 'constant' })), validFor: /^"[^"\n]*$/ };
    }
    if (!keywords.length) return null;
    const inValue = node.name === 'String' && node.parent?.name === 'Array';
    if (inValue) return null;
    return {
      from: word.from,
      options: keywords.map(([label, detail, common]): Completion => ({ label: `"${label}"`, displayLabel: label, detail, type: 'keyword', apply: `"${label}": `, boost: common ? 1 : -1 })),
      validFor: /^"[^"\n]*$/,
    };
  };
}

/**
 * The text range of the value at a JSON pointer (its key when it has one), or of the deepest part of the path that exists
 * (a missing field points at its parent). Null when the text is not JSON.
 */
export function locatePath(state: EditorState, path: string): { from: number; to: number } | null {
  const tree = ensureSyntaxTree(state, state.doc.length, 500) ?? syntaxTree(state);
  let node: SyntaxNode | null = tree.topNode.firstChild;
  while (node && !VALUE_NODES.has(node.name)) node = node.nextSibling;
  if (!node) return null;
  let range = { from: node.from, to: Math.min(node.to, node.from + 1) };
  for (const seg of path === '/' ? [] : pointerSegments(path)) {
    let next: SyntaxNode | null = null;
    if (node.name === 'Object') {
      for (let p: SyntaxNode | null = node.firstChild; p; p = p.nextSibling) {
        if (p.name === 'Property' && keyOf(state, p) === seg) {
          const name = p.getChild('PropertyName')!;
          range = { from: name.from, to: name.to };
          next = p.lastChild && VALUE_NODES.has(p.lastChild.name) ? p.lastChild : null;
          if (!next) return range;
          break;
        }
      }
    } else if (node.name === 'Array' && /^\d+$/.test(seg)) {
      let i = 0;
      for (let c: SyntaxNode | null = node.firstChild; c; c = c.nextSibling) {
        if (!VALUE_NODES.has(c.name)) continue;
        if (i === Number(seg)) {
          next = c;
          range = { from: c.from, to: c.name === 'Object' || c.name === 'Array' ? c.from + 1 : c.to };
          break;
        }
        i += 1;
      }
    }
    if (!next) return range;
    node = next;
  }
  return range;
}
