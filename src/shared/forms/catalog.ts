/**
 * A catalogue of forms: schemas by form id, compiled on first use with the shared Ajv set-up.
 * Isomorphic: the caller supplies the schemas (from disk on the server and in the CLI).
 */
import type { ValidateFunction } from 'ajv';
import { createAjv } from '../validation/ajv-setup';
import { declaredPropertyNames, normalizeErrors, type FieldError, type RawAjvError } from '../validation/errors';
import { unsafeInputErrors } from '../validation/safe-input';

/** A JSON Schema document as read from `schemas/<form-id>.schema.json`. */
export type JsonSchema = Record<string, unknown>;

/** The answer of a validation: valid, or the field errors with the schema's messages. */
export interface ValidationResult {
  valid: boolean;
  errors: FieldError[];
}

/** Validates form data by form id; unknown ids throw `UnknownFormError`. */
export interface FormCatalog {
  readonly ids: readonly string[];
  has(formId: string): boolean;
  schema(formId: string): JsonSchema;
  validate(formId: string, data: unknown): ValidationResult;
}

export class UnknownFormError extends Error {
  constructor(readonly formId: string) {
    super(`unknown form id "${formId}"`);
    this.name = 'UnknownFormError';
  }
}

/** Builds a catalogue over the given schemas. Each schema is compiled once, the first time it is used. */
export function createCatalog(schemas: Record<string, JsonSchema>): FormCatalog {
  const ajv = createAjv();
  const compiled = new Map<string, { fn: ValidateFunction; declared: Set<string> }>();
  const ids = Object.keys(schemas).sort();

  function schema(formId: string): JsonSchema {
    const s = schemas[formId];
    if (!s) throw new UnknownFormError(formId);
    return s;
  }

  function validator(formId: string): { fn: ValidateFunction; declared: Set<string> } {
    let entry = compiled.get(formId);
    if (!entry) {
      const s = schema(formId);
      entry = { fn: ajv.compile(s), declared: declaredPropertyNames(s) };
      compiled.set(formId, entry);
    }
    return entry;
  }

  return {
    ids,
    has: (formId) => Object.hasOwn(schemas, formId),
    schema,
    validate(formId, data) {
      const { fn, declared } = validator(formId);
      // The rule every form shares (no NUL or broken emoji in text, bounded nesting), then the form's own.
      const unsafe = unsafeInputErrors(data);
      const valid = (fn(data) as boolean) && unsafe.length === 0;
      return { valid, errors: valid ? [] : [...unsafe, ...normalizeErrors(fn.errors as RawAjvError[], declared)] };
    },
  };
}
