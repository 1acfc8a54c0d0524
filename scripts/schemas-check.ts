/**
 * The schema lint, run by `npm run schemas:check` and by `npm test`:
 * every schema compiles, every required field has a message, every text has its Bengali words, every ui-schema key exists in its schema,
 * every `if` that tests a field also requires it, every pattern (of the forms and of the configuration schemas) runs in
 * linear time on every engine, the site config and the payment instructions match their schemas, and the generated
 * types (of the forms, the config files and the API's answers) are current.
 */
import { readTextIfExists } from './lib/read-text';
import { loadApiSchemas, loadSchemas, loadTranslations, loadUiSchemas, repoRoot } from '../src/shared/forms/load-schemas';
import { lintTranslations } from '../src/shared/i18n/translation-lint';
import { lintScreenWords } from './lib/screen-words-lint';
import { CONTENT_FILE, lintApiSchemas, lintConfig, lintForms, lintPaymentInstructions, lintSchemaPatterns, PAYMENT_INSTRUCTIONS_FILE, SCREENS_FILE, type Problem } from './lib/schema-lint';
import { join } from 'node:path';
import { readJson } from './lib/read-text';
import { CONFIG_TYPES_FILE, renderConfigTypes, renderTypes, TYPES_FILE } from './gen-types';
import { isMain } from './lib/is-main';
import { API_TYPES_FILE, buildApiDocument, renderApiTypes } from './lib/api-types';
import { loadVerdicts, saveVerdicts } from '../src/shared/forms/pattern-safety';

/** Runs every check; returns the problems found (empty when all is well). */
export async function checkAll(): Promise<Problem[]> {
  const schemas = loadSchemas();
  const apiSchemas = loadApiSchemas();
  const config = (name: string) => readJson(join(repoRoot(), 'src/client/config', name));
  const instructionsSchema = 'src/server/modules/donations/instructions.schema.json';
  const uiSchemas = loadUiSchemas();
  const problems = [
    ...(await lintForms(schemas, uiSchemas)),
    // Every word of every form in every language (schemas/i18n/).
    ...lintTranslations(schemas, uiSchemas, loadTranslations()),
    // Every screen word in Bengali (src/client/config/i18n/).
    ...lintScreenWords(repoRoot()),
    ...(await lintApiSchemas(apiSchemas)),
    // The configuration schemas' own patterns run on what staff type (the content studio, the instructions file).
    ...(await lintSchemaPatterns(config('screens.schema.json'), SCREENS_FILE.replace(/\.json$/, '.schema.json'))),
    ...(await lintSchemaPatterns(config('content.schema.json'), CONTENT_FILE.replace(/\.json$/, '.schema.json'))),
    ...(await lintSchemaPatterns(readJson(join(repoRoot(), instructionsSchema)), instructionsSchema)),
    ...lintConfig(config('screens.json'), config('screens.schema.json'), config('content.json'), config('content.schema.json'), Object.keys(schemas)),
    ...lintPaymentInstructions(
      // The file the server would read: PAYMENT_INSTRUCTIONS_FILE when set, else the shipped one.
      readJson(process.env.PAYMENT_INSTRUCTIONS_FILE || join(repoRoot(), PAYMENT_INSTRUCTIONS_FILE)),
      readJson(join(repoRoot(), instructionsSchema)),
      schemas.donate,
      process.env.PAYMENT_INSTRUCTIONS_FILE || PAYMENT_INSTRUCTIONS_FILE,
    ),
  ];
  if (problems.length === 0) {
    const stale = [
      [TYPES_FILE, await renderTypes(schemas, apiSchemas)],
      [CONFIG_TYPES_FILE, await renderConfigTypes()],
      [API_TYPES_FILE, await renderApiTypes(await buildApiDocument())],
    ].filter(([file, text]) => readTextIfExists(file!) !== text);
    for (const [file] of stale) {
      problems.push({ file: file!.slice(repoRoot().length + 1), pointer: '', message: 'generated types are stale: run `npm run gen` and commit the result' });
    }
  }
  return problems;
}

/** The pattern checker's verdicts, kept between runs (src/shared/forms/pattern-safety.ts). */
const VERDICTS_FILE = join(repoRoot(), 'node_modules/.cache/halal-fund/pattern-verdicts.json');

if (isMain(import.meta.url)) {
  loadVerdicts(VERDICTS_FILE);
  const problems = await checkAll();
  await saveVerdicts(VERDICTS_FILE);
  for (const p of problems) console.error(`${p.file}${p.pointer ? ` ${p.pointer}` : ''}: ${p.message}`);
  if (problems.length > 0) {
    console.error(`schemas:check: ${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log('schemas:check: all forms are consistent');
}
