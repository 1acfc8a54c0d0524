/**
 * The validator of one form for the CLI, built as cheaply as correctness allows: the precompiled validator
 * (scripts/compile-validators.ts output) when its header's digest matches the schema being applied, so a call
 * compiles nothing; otherwise (a schema edited since `npm run gen`, a SCHEMAS_DIR copy that differs) the shared
 * run-time catalogue compiles the schema, loaded only then because Ajv's compiler is the slow part of a start.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { JsonSchema, ValidationResult } from '../../src/shared/forms/catalog';
import { repoRoot } from '../../src/shared/forms/load-schemas';
import { declaredPropertyNames, normalizeErrors, type RawAjvError } from '../../src/shared/validation/errors';
import { unsafeInputErrors } from '../../src/shared/validation/safe-input';
import { declaredDigest, schemaDigest } from './schema-digest';

export const PRECOMPILED_DIR = join(repoRoot(), 'src/client/form-engine/precompiled');

const SUFFIX = '.schema.json';

export type DocumentValidator = (data: unknown) => ValidationResult;

/** The form ids of a schemas directory (throws if it cannot be read). */
export function formIds(schemasDir: string): string[] {
  return readdirSync(schemasDir)
    .filter((name) => name.endsWith(SUFFIX))
    .map((name) => name.slice(0, -SUFFIX.length))
    .sort();
}

interface PrecompiledFn {
  (data: unknown): boolean;
  errors?: RawAjvError[] | null;
}

/** The precompiled validate function of a form, if one exists and was built from exactly this schema. */
function precompiled(formId: string, schema: JsonSchema): PrecompiledFn | undefined {
  const file = join(PRECOMPILED_DIR, `${formId}.cjs`);
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  if (declaredDigest(source) !== schemaDigest(schema)) return undefined;
  const exported = createRequire(import.meta.url)(file) as Record<string, PrecompiledFn>;
  return exported[typeof schema.$id === 'string' ? schema.$id : formId];
}

/** Builds the validator of `formId` from its schema (already read from `schemasDir`). */
export async function formValidator(formId: string, schema: JsonSchema): Promise<DocumentValidator> {
  const fn = precompiled(formId, schema);
  if (fn) {
    const declared = declaredPropertyNames(schema);
    return (data) => {
      // The rule every form shares (as the browser and the server apply it), then the form's own.
      const unsafe = unsafeInputErrors(data);
      const valid = fn(data) && unsafe.length === 0;
      return { valid, errors: valid ? [] : [...unsafe, ...normalizeErrors(fn.errors, declared)] };
    };
  }
  const { createCatalog } = await import('../../src/shared/forms/catalog');
  const catalog = createCatalog({ [formId]: schema });
  return (data) => catalog.validate(formId, data);
}
