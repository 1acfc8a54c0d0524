/**
 * The shared form schemas as Fastify's validation: every schema file is registered by its `$id`, routes refer to
 * them (`body: { $ref: 'sign-up#' }`), and bodies are checked by the shared Ajv set-up, so the server answers
 * with the same messages the browser shows. Unknown fields are refused (`unevaluatedProperties: false`).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifySchemaValidationError } from 'fastify';
import type { JsonSchema } from '../../shared/forms/catalog';
import { createAjv } from '../../shared/validation/ajv-setup';
import { limitsSchema } from '../../shared/validation/limits-schema';
import { declaredPropertyNames } from '../../shared/validation/errors';
import { loadApiSchemas, loadSchemas } from '../../shared/forms/load-schemas';

declare module 'fastify' {
  interface FastifyInstance {
    /** The form schemas by id (as loaded at start: a schema edited on disk takes effect on restart). */
    formSchemas: Record<string, JsonSchema>;
    /** Every property name the schemas declare (for telling branch echoes from unknown fields). */
    declaredFieldNames: Set<string>;
  }
}

/**
 * A copy of a form schema whose field `from` is called `to` in the API (the seed's sign-in sends the email box
 * as `phone`), messages kept, under a new `$id`.
 */
export function renameField(schema: JsonSchema, from: string, to: string, id: string): JsonSchema {
  const copy = structuredClone(schema) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON
  copy.$id = id;
  const props = copy.properties as Record<string, unknown>;
  copy.properties = Object.fromEntries(Object.entries(props).map(([k, v]) => [k === from ? to : k, v]));
  copy.required = (copy.required as string[]).map((k) => (k === from ? to : k));
  const messages = copy.errorMessage?.required as Record<string, string> | undefined;
  if (messages && from in messages) {
    messages[to] = messages[from]!;
    delete messages[from];
  }
  return copy;
}

/** API bodies that rename a form field: `<form>-api` schemas. */
const API_RENAMES: [form: string, from: string, to: string][] = [
  ['sign-in', 'email', 'phone'],
  ['forgot-password', 'email', 'phone'],
  ['reset-password', 'email', 'phone'],
];

type Check = ((data: unknown) => boolean) & { errors?: FastifySchemaValidationError[] | null };

/**
 * A body validator that checks the sizes first (see limits-schema.ts): a body with arrays or strings past their
 * bounds is answered with those errors alone, before any item is looked at, so no body's shape is costly.
 */
function sizesFirst(sizes: Check, full: Check): Check {
  const check: Check = (data) => {
    if (!sizes(data)) {
      check.errors = sizes.errors;
      return false;
    }
    const valid = full(data);
    check.errors = full.errors;
    return valid;
  };
  return check;
}

export interface FormsPluginOptions {
  /** Read the schemas from this directory instead of the repository's `schemas/`. */
  schemasDir?: string;
}

async function formsPlugin(app: FastifyInstance, options: FormsPluginOptions): Promise<void> {
  const forms = loadSchemas(options.schemasDir);
  const api = loadApiSchemas(options.schemasDir);
  const all: Record<string, JsonSchema> = { ...forms };
  for (const [id, schema] of Object.entries(api)) all[id] = schema;
  for (const [form, from, to] of API_RENAMES) {
    if (forms[form]) all[`${form}-api`] = renameField(forms[form], from, to, `${form}-api`);
  }

  const bodies = createAjv();
  const limits = createAjv();
  const params = createAjv({ coerceTypes: true, useDefaults: true });
  for (const schema of Object.values(all)) {
    bodies.addSchema(schema);
    limits.addSchema(limitsSchema(schema));
    app.addSchema(schema);
  }
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body'
      ? sizesFirst(limits.compile(limitsSchema(schema as JsonSchema)) as Check, bodies.compile(schema as object) as Check)
      : params.compile(schema as object),
  );
  app.decorate('formSchemas', all);
  app.decorate('declaredFieldNames', declaredPropertyNames(all));
}

export default fp(formsPlugin, { name: 'forms' });
