/**
 * Loads a form's definition (schema, ui-schema and an RJSF validator) by form id. Each form's JSON is its own
 * chunk, loaded only when the form is shown. In production the validator is the precompiled one (no `eval`);
 * in development and tests it is built at run time from the same shared Ajv set-up.
 */
import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import type { FormId } from '../../shared/generated/form-types';

export interface FormDefinition {
  formId: FormId;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  validator: ValidatorType;
}

type Loader = () => Promise<unknown>;

const schemaFiles = import.meta.glob<RJSFSchema>('../../../schemas/*.schema.json', { import: 'default' });
const uiFiles = import.meta.glob<UiSchema>('../../../ui-schemas/*.ui.json', { import: 'default' });
const precompiledFiles: Record<string, Loader> = import.meta.glob('./precompiled/*.cjs');

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

/** Loads (once) the definition of a form. Rejects for an unknown form id. */
export function loadFormDefinition(formId: FormId): Promise<FormDefinition> {
  let pending = cache.get(formId);
  if (!pending) {
    pending = (async () => {
      const schemaLoader = schemaFiles[`../../../schemas/${formId}.schema.json`];
      const uiLoader = uiFiles[`../../../ui-schemas/${formId}.ui.json`];
      if (!schemaLoader) throw new Error(`unknown form "${formId}"`);
      const [schema, uiSchema] = await Promise.all([schemaLoader(), uiLoader ? uiLoader() : Promise.resolve({})]);
      const validator = import.meta.env.PROD
        ? await getPrecompiledValidator(formId, schema)
        : await getRuntimeValidator();
      return { formId, schema, uiSchema, validator };
    })();
    pending.catch(() => cache.delete(formId));
    cache.set(formId, pending);
  }
  return pending;
}
