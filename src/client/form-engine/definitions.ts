/**
 * Loads a form's definition (schema, ui-schema and an RJSF validator) by form id.
 *
 * The published version comes from a `FormSource` the app registers (the engine itself talks no HTTP): its schema,
 * ui-schema and the URL of the validator the server compiled for that version with Ajv's standalone code, loaded
 * as an ES module from the same origin (no `eval`, so the Content-Security-Policy needs no `unsafe-eval`). When no
 * source is registered (tests) or the server cannot be reached, the bundled files are used: each form's JSON is
 * its own chunk; in production its validator is the precompiled one, in development and tests it is built at run
 * time from the same shared Ajv set-up.
 */
import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import type { FormId } from '../../shared/generated/form-types';
import { formSource, type PublishedDefinition } from './form-source';
import type { FormTranslations, Words } from '../../shared/i18n/form-words';
import { documentLanguage } from '../../shared/i18n/language';

export interface FormDefinition {
  formId: FormId;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  validator: ValidatorType;
  /** The published version this definition is; undefined for the bundled files (no server reached). */
  version?: number;
  /** The form's words in other languages (the schema and ui-schema are English): see language.ts. */
  translations?: FormTranslations;
}

export { setFormSource, type FormSource, type PublishedDefinition } from './form-source';

type Loader = () => Promise<unknown>;

const schemaFiles = import.meta.glob<RJSFSchema>('../../../schemas/*.schema.json', { import: 'default' });
const uiFiles = import.meta.glob<UiSchema>('../../../ui-schemas/*.ui.json', { import: 'default' });
const precompiledFiles: Record<string, Loader> = import.meta.glob('./precompiled/*.cjs');
const bengaliFiles = import.meta.glob<Words>('../../../schemas/i18n/*.bn.json', { import: 'default' });

/** True when a schema file exists for this id (the screen config can be checked against it). */
export function isKnownForm(formId: string): formId is FormId {
  return `../../../schemas/${formId}.schema.json` in schemaFiles;
}

let runtimeValidator: Promise<ValidatorType> | undefined;

/** One run-time RJSF validator for every form (Ajv caches each schema it compiles). */
function getRuntimeValidator(): Promise<ValidatorType> {
  runtimeValidator ??= Promise.all([
    import('@rjsf/validator-ajv8'),
    import('../../shared/validation/ajv-setup'),
  ]).then(([{ customizeValidator }, setup]) =>
    customizeValidator({
      AjvClass: setup.AjvClass,
      ajvOptionsOverrides: setup.AJV_OPTIONS,
      customFormats: setup.CUSTOM_FORMATS,
      extenderFn: setup.extendAjv as never,
    }),
  );
  return runtimeValidator;
}

async function getPrecompiledValidator(formId: FormId, schema: RJSFSchema): Promise<ValidatorType> {
  const load = precompiledFiles[`./precompiled/${formId}.cjs`];
  if (!load) throw new Error(`no precompiled validator for form "${formId}": run \`npm run build\``);
  const [mod, { default: createPrecompiledValidator }] = await Promise.all([
    load(),
    import('@rjsf/validator-ajv8/lib/createPrecompiledValidator.js'),
  ]);
  const fns = ((mod as { default?: unknown }).default ?? mod) as Parameters<typeof createPrecompiledValidator>[0];
  return createPrecompiledValidator(fns, schema);
}

const cache = new Map<FormId, Promise<FormDefinition>>();

/** The bundled files' definition of a form (loaded once). Rejects for an unknown form id. */
function loadBundled(formId: FormId): Promise<FormDefinition> {
  let pending = cache.get(formId);
  if (!pending) {
    pending = (async () => {
      const schemaLoader = schemaFiles[`../../../schemas/${formId}.schema.json`];
      const uiLoader = uiFiles[`../../../ui-schemas/${formId}.ui.json`];
      if (!schemaLoader) throw new Error(`unknown form "${formId}"`);
      // A page says its language in <html lang> and keeps it (the switch loads the page again): an English page never
      // needs a form's Bengali words, so it does not download them. (No language said, as in tests: both.)
      const bnLoader = documentLanguage() === 'en' ? undefined : bengaliFiles[`../../../schemas/i18n/${formId}.bn.json`];
      const [schema, uiSchema, bn] = await Promise.all([schemaLoader(), uiLoader ? uiLoader() : Promise.resolve({}), bnLoader ? bnLoader() : undefined]);
      const validator = import.meta.env.PROD
        ? await getPrecompiledValidator(formId, schema)
        : await getRuntimeValidator();
      return { formId, schema, uiSchema, validator, translations: bn ? { bn } : {} };
    })();
    pending.catch(() => cache.delete(formId));
    cache.set(formId, pending);
  }
  return pending;
}

// Published versions are immutable: one definition per validator URL for the page's lifetime.
const published = new Map<string, Promise<FormDefinition>>();

function fromPublished(formId: FormId, answer: PublishedDefinition): Promise<FormDefinition> {
  let pending = published.get(answer.validatorUrl);
  if (!pending) {
    pending = (async () => {
      const schema = answer.schema as RJSFSchema;
      const uiSchema = (answer.uiSchema ?? {}) as UiSchema;
      const translations = answer.translations ?? {};
      // Server rendering draws the form with the same schema and ui-schema; its validator only works out which
      // branches are shown, which Ajv at run time does exactly as the compiled module does.
      if (import.meta.env.SSR) return { formId, schema, uiSchema, validator: await getRuntimeValidator(), version: answer.version, translations };
      // The served module finds its format functions in the page's own table (see src/server/modules/forms/standalone.ts).
      (await import('../../shared/validation/standalone-formats.js')).shareFormats();
      const [mod, { default: createPrecompiledValidator }] = await Promise.all([
        import(/* @vite-ignore */ answer.validatorUrl) as Promise<{ default?: unknown }>,
        import('@rjsf/validator-ajv8/lib/createPrecompiledValidator.js'),
      ]);
      if (!mod.default || typeof mod.default !== 'object') throw new Error(`the validator at ${answer.validatorUrl} exports no functions`);
      const validator = createPrecompiledValidator(mod.default as Parameters<typeof createPrecompiledValidator>[0], schema);
      return { formId, schema, uiSchema, validator, version: answer.version, translations };
    })();
    pending.catch(() => published.delete(answer.validatorUrl));
    published.set(answer.validatorUrl, pending);
  }
  return pending;
}

/**
 * The definition of a form's published version, asked anew each time (the browser's HTTP cache revalidates it with
 * its ETag, so a version published a moment ago is shown without a reload of the app). Falls back to the bundled
 * files when no source is registered or the server or its validator cannot be loaded. Rejects for an unknown id.
 */
export async function loadFormDefinition(formId: FormId): Promise<FormDefinition> {
  const source = formSource();
  if (source) {
    try {
      return await fromPublished(formId, await source.published(formId));
    } catch {
      // The server is unreachable or this version's validator did not load: the bundled files still work, and
      // the server validates every request with its published version anyway.
    }
  }
  return loadBundled(formId);
}

/**
 * The definition of one version of a form (read-only views of a submission stored with that version). Falls back
 * to the bundled files (their `version` is undefined, so a view can say so) when the server cannot answer.
 */
export async function loadFormVersion(formId: FormId, version: number): Promise<FormDefinition> {
  const source = formSource();
  if (source) {
    try {
      return await fromPublished(formId, await source.version(formId, version));
    } catch {
      // As in loadFormDefinition.
    }
  }
  return loadBundled(formId);
}

// One promise per published version the page came with: the same one each call, so `use` can wait on it.
const fromAnswers = new Map<string, Promise<FormDefinition>>();

/**
 * The definition of a published version the page came with (a server-rendered form or read-only view), loaded once
 * per version; the bundled files when its validator cannot be loaded. The same promise for the same version.
 */
export function definitionFromAnswer(formId: FormId, answer: PublishedDefinition): Promise<FormDefinition> {
  let pending = fromAnswers.get(answer.validatorUrl);
  if (!pending) {
    pending = fromPublished(formId, answer).catch(() => loadBundled(formId));
    pending.catch(() => fromAnswers.delete(answer.validatorUrl));
    fromAnswers.set(answer.validatorUrl, pending);
  }
  return pending;
}
