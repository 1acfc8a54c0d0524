/**
 * The shared form schemas as Fastify's validation: every schema file is registered by its `$id`, routes refer to
 * them (`body: { $ref: 'sign-up#' }`), and bodies are checked by the shared Ajv set-up, so the server answers
 * with the same messages the browser shows. Unknown fields are refused (`unevaluatedProperties: false`).
 *
 * A body that is a form (`{ $ref: '<form>#' }` or its API rename `<form>-api#`) is checked with the form's current
 * published version (src/server/modules/forms/registry.ts), read when the request arrives, so a version published in the
 * studio applies to the next request in every process, with no restart. The route then finds the version in
 * `request.formVersion` (stored beside the submission) and its schema in `request.formSchema`.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import type { JsonSchema } from '../../shared/forms/catalog';
import { createAjv } from '../../shared/validation/ajv-setup';
import { onUnrunnablePattern } from '../../shared/validation/pattern-engine.js';
import { limitsSchema } from '../../shared/validation/limits-schema';
import { declaredPropertyNames } from '../../shared/validation/errors';
import { withAsciiDigits } from '../../shared/forms/ascii-digits';
import { loadApiSchemas, loadSchemas, loadTranslations, loadUiSchemas } from '../../shared/forms/load-schemas';
import type { FormTranslations } from '../../shared/i18n/form-words';
import { FormRegistry, seedWithRetries, sizesFirst } from '../modules/forms/service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The form schemas by id (as loaded at start: a schema edited on disk takes effect on restart). */
    formSchemas: Record<string, JsonSchema>;
    /** Every property name the schema files declare (for telling branch echoes from unknown fields in a body that is not a form). */
    declaredFieldNames: Set<string>;
    /** The published versions of the forms. */
    forms: FormRegistry;
  }
  interface FastifyRequest {
    /** The version of the body's form this request was validated with (null when the body is not a form). */
    formVersion: number | null;
    /** That version's schema. */
    formSchema: JsonSchema | null;
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

export interface FormsPluginOptions {
  /** Read the schemas from this directory instead of the repository's `schemas/`. */
  schemasDir?: string;
  /** Read the ui-schemas from this directory instead of the repository's `ui-schemas/`. */
  uiSchemasDir?: string;
}

/** The form a route body refers to: `{ $ref: 'invest#' }` → invest; `{ $ref: 'sign-in-api#' }` → sign-in, renamed. */
function bodyForm(body: unknown, forms: Record<string, JsonSchema>): { form: string; rename?: [string, string] } | null {
  const ref = body && typeof body === 'object' && Object.keys(body).length === 1 ? (body as { $ref?: unknown }).$ref : undefined;
  if (typeof ref !== 'string' || !ref.endsWith('#')) return null;
  const id = ref.slice(0, -1);
  if (Object.hasOwn(forms, id)) return { form: id };
  const renamed = API_RENAMES.find(([form]) => `${form}-api` === id);
  return renamed ? { form: renamed[0], rename: [renamed[1], renamed[2]] } : null;
}

/** The field names of the form version a body was checked with (see `FormRegistry.fieldNames`). */
export interface FormFieldNames {
  declared: ReadonlySet<string>;
  retired: ReadonlySet<string>;
  /** The version's words in other languages: its messages are said in the request's language. */
  translations?: FormTranslations;
}

/** The error Fastify raises for a body that fails its schema (the error handler answers it with the messages). */
function bodyValidationError(errors: unknown[], fieldNames: FormFieldNames): Error {
  return Object.assign(new Error('body/ failed validation'), { statusCode: 400, validation: errors, validationContext: 'body', fieldNames });
}

async function formsPlugin(app: FastifyInstance, options: FormsPluginOptions): Promise<void> {
  // A version published before the lint refused look-arounds and backreferences still loads; its pattern refuses every
  // value (RE2 cannot run it, and no backtracking engine runs what anyone types). Staff read why in the log.
  onUnrunnablePattern((message) => app.log.warn(message));
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
  const registry = new FormRegistry(app.db, { schemas: forms, uiSchemas: loadUiSchemas(options.uiSchemasDir), translations: loadTranslations(options.schemasDir) });
  // Without a database at start the server still starts (/ready answers 503 with the reason) and seeds later.
  await seedWithRetries(app, 'form versions', () => registry.start());
  // Bodies that are not forms (API schemas) are told apart by the names every schema file declares.
  const declared = declaredPropertyNames(all);
  const passes: Check = () => true;
  app.setValidatorCompiler(({ schema, httpPart }) => {
    if (httpPart !== 'body') return params.compile(schema as object);
    // A form body is checked in the route's preValidation hook below, with the current version.
    if (bodyForm(schema, forms)) return passes;
    return sizesFirst(limits.compile(limitsSchema(schema as JsonSchema)) as Check, bodies.compile(schema as object) as Check);
  });
  app.decorateRequest('formVersion', null);
  app.decorateRequest('formSchema', null);
  // The current version's check of every form a route takes, compiled before the first request (as Fastify compiles
  // route schemas at start), so no request pays for a compile unless a new version was published since.
  const warm: (() => Promise<void>)[] = [];
  app.addHook('onReady', async () => {
    try {
      for (const w of warm) await w();
    } catch (err) {
      app.log.warn({ err }, 'form checks not compiled at start: the database did not answer');
    }
  });
  app.addHook('onRoute', (route) => {
    const target = bodyForm(route.schema?.body, forms);
    if (!target) return;
    const { form, rename } = target;
    const shape = rename ? (s: JsonSchema) => renameField(s, rename[0], rename[1], `${form}-api`) : undefined;
    warm.push(async () => {
      const version = await registry.current(form);
      if (version) registry.check(version, shape, rename ? 'api' : '');
    });
    const validateBody = async (request: FastifyRequest) => {
      const version = await registry.current(form);
      if (!version) throw new Error(`form ${form} has no published version`);
      const check = registry.check(version, shape, rename ? 'api' : '');
      // Digits typed on a Bengali keyboard are read as ASCII before the check (amounts, phones, dates, ID numbers).
      request.body = withAsciiDigits(shape ? shape(version.schema) : version.schema, request.body);
      if (!check(request.body)) {
        // The error handler tells a field of a branch not chosen, one this version removed and one the form never
        // had apart by this version's names (not another form's or another version's).
        const names = await registry.fieldNames(version);
        const declared = rename ? new Set([...names.declared, rename[1]]) : names.declared;
        throw bodyValidationError(check.errors ?? [], { declared, retired: names.retired, translations: version.translations });
      }
      request.formVersion = version.version;
      request.formSchema = version.schema;
    };
    const existing = route.preValidation;
    route.preValidation = existing ? [...(Array.isArray(existing) ? existing : [existing]), validateBody] : [validateBody];
  });
  app.decorate('formSchemas', all);
  app.decorate('declaredFieldNames', declared);
  app.decorate('forms', registry);
}

export default fp(formsPlugin, { name: 'forms', dependencies: ['db'] });
