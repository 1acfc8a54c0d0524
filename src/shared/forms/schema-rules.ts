/**
 * The rules of a form's (or an API body's) JSON Schema itself: a draft this project reads, valid and compilable,
 * keywords spelt right, a message for every required field and every named keyword, bounded lists, labelled
 * fields, and this project's marks (`x-money`, `x-visibility`, `x-pii`, `x-upload`, `x-material`, `x-ascii-digits`)
 * where they belong and with the values they take.
 */
import { createAjv } from '../validation/ajv-setup';
import { VISIBILITIES } from './visibility';
import { isSchemaKeyword } from './schema-keywords';
import { esc, isNode, propertiesOf, walkEverySchema, walkSchema, type Node } from './schema-walk';
import { patternSyntaxProblems } from './pattern-lint';
import type { Problem } from './lint-problem';

const DRAFTS = new Set([
  'https://json-schema.org/draft/2019-09/schema',
  'http://json-schema.org/draft-07/schema#',
  'http://json-schema.org/draft-07/schema',
]);

/** Keywords an `errorMessage` object may name besides validation keywords present in the node. */
const ERROR_MESSAGE_META = new Set(['required', 'properties', 'items', '_']);

interface MetaError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: { allowedValues?: unknown[] };
}

/**
 * The meta-schema's complaints about a schema, one per place: the most telling one (a list of allowed values, else
 * the first that is not just "must match a schema in anyOf").
 */
function metaSchemaProblems(errors: MetaError[]): { pointer: string; message: string }[] {
  const byPlace = new Map<string, MetaError[]>();
  for (const e of errors) byPlace.set(e.instancePath, [...(byPlace.get(e.instancePath) ?? []), e]);
  return [...byPlace].map(([pointer, list]) => {
    const allowed = list.find((e) => e.keyword === 'enum')?.params.allowedValues;
    const telling = list.find((e) => !['anyOf', 'oneOf', 'allOf', 'if'].includes(e.keyword)) ?? list[0]!;
    const what = allowed ? `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}` : (telling.message ?? 'is not allowed here');
    return { pointer, message: `not valid JSON Schema: ${what}` };
  });
}

/**
 * `x-money` (shown as money by the read-only view) sits only on a number or integer field, and is `true` (taka)
 * or the name of a sibling field holding the currency code.
 */
function lintMoney(schema: Node, at: (pointer: string, message: string) => void): void {
  walkSchema(schema, '', (node, pointer) => {
    if (!('x-money' in node)) return;
    const money = node['x-money'];
    const types = Array.isArray(node.type) ? node.type : [node.type];
    if (types.length === 0 || !types.every((t) => t === 'number' || t === 'integer')) {
      at(pointer, '"x-money" is only for number or integer fields (add "type": "number")');
    }
    if (money !== true && (typeof money !== 'string' || money === '')) {
      at(`${pointer}/x-money`, '"x-money" must be true (taka) or the name of the field holding the currency');
    }
  });
  // A named currency field must exist at the same level (in the object or one of its branches).
  walkSchema(schema, '', (node, pointer) => {
    if (pointer !== '' && !/\/(items|properties\/[^/]+)$/.test(pointer)) return;
    const props = propertiesOf(node);
    for (const [name, variants] of props) {
      for (const v of variants) {
        if (typeof v['x-money'] === 'string' && v['x-money'] !== '' && !props.has(v['x-money'])) {
          at(`${pointer}/properties/${esc(name)}/x-money`, `"x-money" names the currency field "${v['x-money']}", which this object does not have`);
        }
      }
    }
  });
}

/** The schema rules (all but the patterns' time, which takes a checker's run: see schema-lint.ts). */
export function lintSchema(id: string, schema: Node, file: string): Problem[] {
  const problems: Problem[] = [];
  const at = (pointer: string, message: string): void => void problems.push({ file, pointer, message });

  if (schema.$id !== id) at('/$id', `"$id" must be the form id "${id}" (found ${JSON.stringify(schema.$id)})`);
  if (typeof schema.$schema !== 'string' || !DRAFTS.has(schema.$schema)) {
    at('/$schema', '"$schema" must be draft 2019-09 or draft-07');
  }
  if (schema.type !== 'object') at('/type', 'a form schema must be "type": "object"');

  const ajv = createAjv();
  const patternProblems = patternSyntaxProblems(schema);
  for (const p of patternProblems) at(p.pointer, p.message);
  if (!ajv.validateSchema(schema)) {
    for (const p of metaSchemaProblems((ajv.errors ?? []) as MetaError[])) at(p.pointer, p.message);
  } else if (patternProblems.length === 0) {
    try {
      ajv.compile(schema);
    } catch (err) {
      at('', `does not compile: ${(err as Error).message}`);
    }
  }
  walkEverySchema(schema, '', (node, pointer) => {
    for (const key of Object.keys(node)) {
      if (!isSchemaKeyword(key)) at(`${pointer}/${esc(key)}`, `"${key}" is not a JSON Schema keyword nor one of this project's (a misspelling?)`);
    }
  });

  lintMoney(schema, at);
  walkSchema(schema, '', (node, pointer) => {
    // Every required field has its own message, in the node that requires it.
    if (Array.isArray(node.required)) {
      const em = node.errorMessage;
      const messages = isNode(em) && isNode(em.required) ? em.required : {};
      for (const field of node.required as string[]) {
        if (pointer.includes('/if') && pointer.endsWith('/if')) continue;
        if (typeof messages[field] !== 'string' || (messages[field] as string).trim() === '') {
          at(`${pointer}/required`, `required field "${field}" has no message: add errorMessage.required.${field}`);
        }
      }
    }
    // An `if` that tests a field also requires it, or an empty form would open the branch.
    if (isNode(node.if)) {
      const cond = node.if;
      const tested = isNode(cond.properties) ? Object.keys(cond.properties) : [];
      const required = Array.isArray(cond.required) ? (cond.required as string[]) : [];
      for (const field of tested) {
        if (!required.includes(field)) {
          at(`${pointer}/if`, `"if" tests "${field}" but does not require it: add "required": ["${field}"] to the "if"`);
        }
      }
    }
    // Messages name keywords that exist: a typo would silently fall back to Ajv's English.
    if (isNode(node.errorMessage)) {
      for (const key of Object.keys(node.errorMessage)) {
        if (ERROR_MESSAGE_META.has(key) || key in node) continue;
        at(`${pointer}/errorMessage/${esc(key)}`, `message for "${key}", but this schema has no "${key}" keyword`);
      }
    }
    // Every list has a bound: the server checks sizes before items, so no request's shape is costly.
    const isArray = node.type === 'array' || (Array.isArray(node.type) && node.type.includes('array')) || 'items' in node;
    if (isArray && !pointer.endsWith('/if') && typeof node.maxItems !== 'number') {
      at(pointer || '/', 'list has no "maxItems": add the most rows a person may add (and errorMessage.maxItems)');
    }
    // Who may see a stored field is one of three words, and only a field (a property) can say it.
    if ('x-visibility' in node) {
      const v = node['x-visibility'];
      if (!/\/properties\/[^/]+$/.test(pointer)) at(`${pointer}/x-visibility`, '"x-visibility" belongs on a field (a property of the form)');
      else if (typeof v !== 'string' || !(VISIBILITIES as readonly string[]).includes(v)) {
        at(`${pointer}/x-visibility`, `"x-visibility" must be one of ${VISIBILITIES.map((x) => `"${x}"`).join(', ')} (found ${JSON.stringify(v)})`);
      }
    }
    // Personal data is marked on a field, with `true` only (pii.ts: never public, the mark stays).
    if ('x-pii' in node) {
      if (!/\/properties\/[^/]+$/.test(pointer)) at(`${pointer}/x-pii`, '"x-pii" belongs on a field (a property of the form)');
      else if (node['x-pii'] !== true) at(`${pointer}/x-pii`, '"x-pii" must be true (a field holding personal data keeps its mark)');
    }
    // A file field says what its file may be: an image (the default) or a document (a PDF or an image).
    if ('x-upload' in node) {
      if (node['x-upload'] !== 'image' && node['x-upload'] !== 'document') at(`${pointer}/x-upload`, '"x-upload" must be "image" or "document"');
      else if (node.format !== 'upload') at(pointer, '"x-upload" is only for file fields (add "format": "upload")');
    }
    // A material term of a deal (material.ts): marked on a field, with `true` only.
    if ('x-material' in node) {
      if (!/\/properties\/[^/]+$/.test(pointer)) at(`${pointer}/x-material`, '"x-material" belongs on a field (a property of the form)');
      else if (node['x-material'] !== true) at(`${pointer}/x-material`, '"x-material" must be true (or left out)');
    }
    // Digits kept as ASCII: only on a text field, and only `true`.
    if ('x-ascii-digits' in node) {
      const types = Array.isArray(node.type) ? node.type : [node.type];
      if (node['x-ascii-digits'] !== true) at(`${pointer}/x-ascii-digits`, '"x-ascii-digits" must be true (or left out)');
      else if (!types.includes('string')) at(pointer, '"x-ascii-digits" is only for text fields (add "type": "string")');
    }
    // Every field shown to a person has a label.
    if (/\/properties\/[^/]+$/.test(pointer) && !pointer.includes('/if/') && typeof node.title !== 'string') {
      const inBranch = /\/(then|else)\//.test(pointer) && !('type' in node);
      if (!inBranch) at(pointer, 'field has no "title" (its label)');
    }
  });
  return problems;
}
