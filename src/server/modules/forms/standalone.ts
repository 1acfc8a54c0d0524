/**
 * A published version's browser validator: Ajv standalone code (through RJSF's compileSchemaValidatorsCode, as the
 * build's precompiled validators are made, see scripts/compile-validators.ts) bundled by esbuild into one ES module
 * with no imports, whose default export is the table of validate functions that RJSF's
 * `createPrecompiledValidator(fns, schema)` takes. The page loads it from the same origin, so its
 * Content-Security-Policy needs no 'unsafe-eval'.
 *
 * The format functions (ajv-formats' and our phone formats, with libphonenumber) are not bundled: the module reads
 * the page's own table from `globalThis[FORMATS_GLOBAL]`, which the form engine sets (`shareFormats()`) before
 * importing it. Whoever else imports the module does the same.
 */
import { _ } from 'ajv';
// The server renders nothing with RJSF: it only uses the build tool that writes the precompiled validators' code,
// so the served module has exactly the shape the form engine's precompiled validator reads.
// eslint-disable-next-line no-restricted-imports -- a code generator, not rendering (see above)
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import { AJV_OPTIONS, AjvClass, CUSTOM_FORMATS, extendAjv } from '../../../shared/validation/ajv-setup';
import { repoRoot } from '../../../shared/forms/load-schemas';
import type { JsonSchema } from '../../../shared/forms/catalog';
import { FORMATS_GLOBAL } from '../../../shared/validation/standalone-formats.js';

/** Said at once when the module is imported without the table, instead of a TypeError on its first format. */
const NEEDS_FORMATS = `if(!globalThis.${FORMATS_GLOBAL})throw new Error("this validator reads its format functions from globalThis.${FORMATS_GLOBAL}: call shareFormats() from src/shared/validation/standalone-formats.js before importing it");`;

/** Compiles a schema into the ES module text of its standalone validator. */
export async function compileStandaloneModule(schema: JsonSchema): Promise<string> {
  const ajvOptionsOverrides = { ...AJV_OPTIONS, code: { formats: _`globalThis[${FORMATS_GLOBAL}]` } };
  const cjs = compileSchemaValidatorsCode(schema, { AjvClass, ajvOptionsOverrides, customFormats: CUSTOM_FORMATS, extenderFn: extendAjv });
  const { build } = await import('esbuild');
  const result = await build({
    stdin: { contents: cjs, resolveDir: repoRoot(), sourcefile: 'validator.cjs', loader: 'js' },
    absWorkingDir: repoRoot(),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    write: false,
    legalComments: 'none',
    banner: { js: NEEDS_FORMATS },
    logLevel: 'silent',
  });
  return `// Form validator compiled by the server (Ajv standalone code). Immutable for its version.\n${result.outputFiles[0]!.text}`;
}
