/**
 * A validator for previewing a schema that is not published yet (the form studio), without `eval`.
 *
 * Ajv compiles schemas into functions with `new Function`, which the page's Content-Security-Policy forbids, and a
 * draft has no server-compiled validator. So the preview does not validate: it reports no errors (the studio asks
 * the server, which answers with the exact messages), and it decides conditional branches (`if`, `oneOf`, `anyOf`,
 * `dependencies`) with a small evaluator of the keywords conditions use: type, const, enum, required, properties,
 * items, numeric and length bounds, not/allOf/anyOf/oneOf and local `$ref`s. A keyword it does not know counts as
 * satisfied, so an unusual condition shows its branch rather than hiding it.
 */
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import type { FormDefinition } from './definitions';
import { pointerSegments } from '../../shared/validation/errors';
import type { FormId } from '../../shared/generated/form-types';

type Schema = RJSFSchema | boolean;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function equal(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function resolve(ref: string, root: RJSFSchema): Schema {
  if (!ref.startsWith('#')) return true;
  let node: unknown = root;
  for (const key of pointerSegments(decodeURIComponent(ref.slice(1)))) {
    if (key !== '') node = (node as Record<string, unknown> | undefined)?.[key];
  }
  return (node as Schema | undefined) ?? true;
}

/** Whether `value` satisfies the condition keywords of `schema` (unknown keywords are satisfied). */
function satisfies(schema: Schema | undefined, value: unknown, root: RJSFSchema, depth = 0): boolean {
  if (schema === undefined || schema === true) return true;
  if (schema === false) return false;
  if (depth > 32) return true;
  const s = schema as Record<string, unknown>;
  const next = (sub: unknown, v: unknown) => satisfies(sub as Schema, v, root, depth + 1);
  if (typeof s.$ref === 'string' && !next(resolve(s.$ref, root), value)) return false;
  if (s.type !== undefined && value !== undefined) {
    const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
    const t = typeOf(value);
    if (!types.includes(t) && !(t === 'integer' && types.includes('number'))) return false;
  }
  if ('const' in s && !equal(s.const, value)) return false;
  if (Array.isArray(s.enum) && !s.enum.some((e) => equal(e, value))) return false;
  if (typeof value === 'number') {
    if (typeof s.minimum === 'number' && value < s.minimum) return false;
    if (typeof s.maximum === 'number' && value > s.maximum) return false;
    if (typeof s.exclusiveMinimum === 'number' && value <= s.exclusiveMinimum) return false;
    if (typeof s.exclusiveMaximum === 'number' && value >= s.exclusiveMaximum) return false;
  }
  if (typeof value === 'string') {
    if (typeof s.minLength === 'number' && [...value].length < s.minLength) return false;
    if (typeof s.maxLength === 'number' && [...value].length > s.maxLength) return false;
  }
  if (Array.isArray(value)) {
    if (typeof s.minItems === 'number' && value.length < s.minItems) return false;
    if (typeof s.maxItems === 'number' && value.length > s.maxItems) return false;
    if (s.items && typeof s.items === 'object' && !Array.isArray(s.items) && !value.every((v) => next(s.items, v))) return false;
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    if (Array.isArray(s.required) && !s.required.every((k) => obj[k as string] !== undefined)) return false;
    const props = (s.properties ?? {}) as Record<string, unknown>;
    for (const [k, sub] of Object.entries(props)) if (obj[k] !== undefined && !next(sub, obj[k])) return false;
  }
  if (s.not !== undefined && next(s.not, value)) return false;
  if (Array.isArray(s.allOf) && !s.allOf.every((sub) => next(sub, value))) return false;
  if (Array.isArray(s.anyOf) && !s.anyOf.some((sub) => next(sub, value))) return false;
  if (Array.isArray(s.oneOf) && s.oneOf.filter((sub) => next(sub, value)).length !== 1) return false;
  if (s.if !== undefined) {
    const branch = next(s.if, value) ? s.then : s.else;
    if (branch !== undefined && !next(branch, value)) return false;
  }
  return true;
}

/** The preview's validator: branch decisions by `satisfies`, no error messages (those come from the server). */
function createPreviewValidator(): ValidatorType {
  return {
    isValid: (schema, formData, rootSchema) => satisfies(schema, formData, rootSchema),
    rawValidation: () => ({ errors: [] }),
    validateFormData: () => ({ errors: [], errorSchema: {} }),
  };
}

/** The definition `SchemaForm` renders for a draft of form `formId` (its `definition` prop). */
export function previewDefinition(formId: FormId, schema: unknown, uiSchema: unknown): FormDefinition {
  return { formId, schema: schema as RJSFSchema, uiSchema: (uiSchema ?? {}) as Record<string, unknown>, validator: createPreviewValidator() };
}
