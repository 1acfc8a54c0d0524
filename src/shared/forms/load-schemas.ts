/**
 * Node-only: reads the schema files from disk. Used by the server, the CLI and the scripts (never the browser,
 * which bundles the same files). A directory can be given so a temporary copy can be checked.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JsonSchema } from './catalog';
import { LANGUAGES, SOURCE_LANGUAGE } from '../i18n/language';
import type { FormTranslations, Words } from '../i18n/form-words';

/**
 * The nearest directory above this module with a package.json: the repository root whether this file runs from
 * src/ (tsx) or bundled into dist/ (the built CLI and server), where a fixed '../../..' would point elsewhere.
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return resolve(from, '../../..');
  }
}

const ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));

/** The repository's `schemas/` directory, or `SCHEMAS_DIR` when set. */
export function defaultSchemasDir(): string {
  return process.env.SCHEMAS_DIR ? resolve(process.env.SCHEMAS_DIR) : join(ROOT, 'schemas');
}

/** The repository's `ui-schemas/` directory, or `UI_SCHEMAS_DIR` when set. */
export function defaultUiSchemasDir(): string {
  return process.env.UI_SCHEMAS_DIR ? resolve(process.env.UI_SCHEMAS_DIR) : join(ROOT, 'ui-schemas');
}

/** The repository root (where package.json lives). */
export function repoRoot(): string {
  return ROOT;
}

/** Reads every `<id><suffix>` file of a directory as JSON, keyed by id. Throws with the file name on bad JSON. */
export function readJsonDir(dir: string, suffix: string): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith(suffix)) continue;
    const file = join(dir, name);
    try {
      out[name.slice(0, -suffix.length)] = JSON.parse(readFileSync(file, 'utf8')) as JsonSchema;
    } catch (err) {
      throw new Error(`${file}: ${(err as Error).message}`, { cause: err });
    }
  }
  return out;
}

/** Reads every form schema of a directory (default: the repository's), keyed by form id. */
export function loadSchemas(dir: string = defaultSchemasDir()): Record<string, JsonSchema> {
  return readJsonDir(dir, '.schema.json');
}

/** Reads the schemas of API bodies that are not forms (`schemas/api/*.schema.json`), keyed by id. */
export function loadApiSchemas(dir: string = defaultSchemasDir()): Record<string, JsonSchema> {
  return readJsonDir(join(dir, 'api'), '.schema.json');
}

/** Reads every ui-schema of a directory (default: the repository's), keyed by form id. */
export function loadUiSchemas(dir: string = defaultUiSchemasDir()): Record<string, JsonSchema> {
  return readJsonDir(dir, '.ui.json');
}

/** The directory of the forms' translations: `schemas/i18n/<form-id>.<language>.json` (English text → translation). */
export function translationsDir(schemasDir: string = defaultSchemasDir()): string {
  return join(schemasDir, 'i18n');
}

/**
 * Every form's translations, keyed by form id then language (`{ sign-up: { bn: { "Email": "ইমেইল", … } } }`); a form
 * without a file for a language has none in it (the lint says so).
 */
export function loadTranslations(schemasDir: string = defaultSchemasDir()): Record<string, FormTranslations> {
  const dir = translationsDir(schemasDir);
  const out: Record<string, FormTranslations> = {};
  if (!existsSync(dir)) return out;
  for (const language of LANGUAGES) {
    if (language === SOURCE_LANGUAGE) continue;
    for (const [id, words] of Object.entries(readJsonDir(dir, `.${language}.json`))) (out[id] ??= {})[language] = words as Words;
  }
  return out;
}
