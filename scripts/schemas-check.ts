/**
 * The schema lint, run by `npm run schemas:check` and by `npm test`:
 * every schema compiles, every required field has a message, every ui-schema key exists in its schema,
 * every `if` that tests a field also requires it, and the generated types are current.
 */
import { readTextIfExists } from './lib/read-text';
import { loadApiSchemas, loadSchemas, loadUiSchemas } from '../src/shared/forms/load-schemas';
import { lintApiSchemas, lintForms, type Problem } from './lib/schema-lint';
import { renderTypes, TYPES_FILE } from './gen-types';
import { isMain } from './lib/is-main';

/** Runs every check; returns the problems found (empty when all is well). */
export async function checkAll(): Promise<Problem[]> {
  const schemas = loadSchemas();
  const apiSchemas = loadApiSchemas();
  const problems = [...lintForms(schemas, loadUiSchemas()), ...lintApiSchemas(apiSchemas)];
  if (problems.length === 0) {
    const current = readTextIfExists(TYPES_FILE);
    if (current !== (await renderTypes(schemas, apiSchemas))) {
      problems.push({
        file: 'src/shared/generated/form-types.ts',
        pointer: '',
        message: 'generated types are stale: run `npm run gen` and commit the result',
      });
    }
  }
  return problems;
}

if (isMain(import.meta.url)) {
  const problems = await checkAll();
  for (const p of problems) console.error(`${p.file}${p.pointer ? ` ${p.pointer}` : ''}: ${p.message}`);
  if (problems.length > 0) {
    console.error(`schemas:check: ${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log('schemas:check: all forms are consistent');
}
