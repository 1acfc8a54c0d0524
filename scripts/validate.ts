/**
 * The headless validator: checks a JSON file against a form's schema with the same module the browser and the
 * server use.
 *
 *   npm run validate -- [--json] <form-id> <data.json>
 *
 * Exit 0 valid, 1 invalid, 2 usage error (unknown form id, unreadable file, bad JSON) with a one-line reason.
 * With --json, stdout is one JSON document: {"valid": boolean, "errors": [{"path", "message"}]}.
 * SCHEMAS_DIR points it at another schemas directory (a temporary copy, say).
 */
import { readFileSync } from 'node:fs';
import { createCatalog } from '../src/shared/forms/catalog';
import { loadSchemas, defaultSchemasDir } from '../src/shared/forms/load-schemas';
import { isMain } from './lib/is-main';
import { setDefaultPhoneRegion } from '../src/shared/phone/phone.js';

const USAGE = 'usage: npm run validate -- [--json] <form-id> <data.json>';

class UsageError extends Error {}

interface Outcome {
  code: 0 | 1 | 2;
  stdout: string;
  stderr: string;
}

/** Runs the CLI on an argument list; returns what it prints and its exit code (pure, for tests and main). */
export function runValidate(argv: readonly string[]): Outcome {
  const json = argv.includes('--json');
  const rest = argv.filter((a) => a !== '--json');
  try {
    const unknownFlag = rest.find((a) => a.startsWith('--'));
    if (unknownFlag) throw new UsageError(`unknown option ${unknownFlag}; ${USAGE}`);
    if (rest.length !== 2) throw new UsageError(USAGE);
    const [formId, file] = rest as [string, string];

    let schemas;
    try {
      schemas = loadSchemas();
    } catch (err) {
      throw new UsageError(`cannot read the schemas in ${defaultSchemasDir()}: ${(err as Error).message}`);
    }
    const catalog = createCatalog(schemas);
    if (!catalog.has(formId)) {
      throw new UsageError(`unknown form id "${formId}"; known: ${catalog.ids.join(', ')}`);
    }
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      throw new UsageError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (err) {
      throw new UsageError(`${file} is not valid JSON: ${(err as Error).message}`);
    }
    const result = catalog.validate(formId, data);
    const stdout = json
      ? `${JSON.stringify(result)}\n`
      : result.valid
        ? `${file}: valid ${formId}\n`
        : result.errors.map((e) => `${file}: ${e.path || '/'}: ${e.message}\n`).join('');
    return { code: result.valid ? 0 : 1, stdout, stderr: '' };
  } catch (err) {
    if (err instanceof UsageError) {
      return { code: 2, stdout: '', stderr: `validate: ${err.message.replace(/\s*\n\s*/g, ' ')}\n` };
    }
    throw err;
  }
}

if (isMain(import.meta.url)) {
  // The same setting as the server's, so a local number means the same country here.
  if (process.env.DEFAULT_PHONE_REGION) setDefaultPhoneRegion(process.env.DEFAULT_PHONE_REGION);
  const { code, stdout, stderr } = runValidate(process.argv.slice(2));
  process.stdout.write(stdout);
  process.stderr.write(stderr);
  process.exitCode = code;
}
