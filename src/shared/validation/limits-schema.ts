/**
 * The cheap first pass of validation. With `allErrors`, a schema checks every item of an array even when the array
 * is far longer than its `maxItems` allows, so one body with 20,000 wrong items cost seconds. The limits schema of a
 * form keeps only its size rules (`maxItems`, `maxLength`, `maxProperties`) and the structure that leads to them
 * (properties, items, branches); it is checked first, and when it fails its errors are the answer — nothing else is
 * checked. When it passes, every array and string is within its bounds, so the full check is cheap too.
 */
import type { JsonSchema } from '../forms/catalog';

const SIZE_KEYWORDS = ['maxItems', 'maxLength', 'maxProperties'] as const;
/** Keywords whose value is one subschema. (`not` is left out: the negation of a size-only copy would refuse more.) */
const ONE = ['items', 'then', 'else', 'contains', 'additionalProperties', 'unevaluatedItems'] as const;
/** Keywords whose value is a list of subschemas, kept as they are. */
const LIST = ['allOf', 'anyOf', 'prefixItems'] as const;
/** Keywords whose value maps names to subschemas. */
const MAP = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'] as const;

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The size-only copy of one subschema (an `if` is kept whole: it decides which branch's sizes apply). */
function sizesOnly(node: unknown): unknown {
  if (typeof node === 'boolean') return true;
  if (!isNode(node)) return node;
  const out: Node = {};
  for (const k of SIZE_KEYWORDS) if (k in node) out[k] = node[k];
  if ('$ref' in node) out.$ref = node.$ref;
  if ('if' in node) out.if = node.if;
  for (const k of ONE) if (k in node) out[k] = sizesOnly(node[k]);
  for (const k of LIST) if (Array.isArray(node[k])) out[k] = (node[k] as unknown[]).map(sizesOnly);
  // The size-only copies of `oneOf` branches (a choice's `const`/`title` pairs become `{}`) all match, which `oneOf`
  // refuses: the sizes of any one branch are enough for this first pass (the full check decides which one).
  if (Array.isArray(node.oneOf)) {
    const branches = (node.oneOf as unknown[]).map(sizesOnly);
    out.allOf = [...((out.allOf as unknown[] | undefined) ?? []), { anyOf: branches }];
  }
  for (const k of MAP) {
    if (isNode(node[k])) out[k] = Object.fromEntries(Object.entries(node[k]).map(([name, s]) => [name, sizesOnly(s)]));
  }
  // A list's items are looked at only when the list is within its bound (with `allErrors`, a failing `maxItems`
  // alone would not stop Ajv from walking every item).
  if (typeof node.maxItems === 'number' && 'items' in out) {
    out.allOf = [...((out.allOf as unknown[] | undefined) ?? []), { if: { maxItems: node.maxItems }, then: { items: out.items } }];
    delete out.items;
  }
  // The schema's own messages for the size rules it kept (ajv-errors ignores the ones that no longer apply).
  if (typeof node.errorMessage === 'string') out.errorMessage = node.errorMessage;
  else if (isNode(node.errorMessage)) {
    const messages = node.errorMessage;
    const kept = Object.fromEntries(SIZE_KEYWORDS.filter((k) => k in messages).map((k) => [k, messages[k]]));
    if (Object.keys(kept).length > 0) out.errorMessage = kept;
  }
  return out;
}

/**
 * The limits schema of a form schema. It keeps the form's `$id`, so it lives in an Ajv instance of its own where
 * `{ $ref: '<form-id>#' }` means the limits of that form.
 */
export function limitsSchema(schema: JsonSchema): JsonSchema {
  const copy = sizesOnly(schema) as Node;
  for (const k of ['$id', '$schema'] as const) if (typeof schema[k] === 'string') copy[k] = schema[k];
  return copy as JsonSchema;
}
