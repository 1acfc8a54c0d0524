/**
 * The headless validator: checks JSON documents against a form's schema with the same rules and messages the
 * browser and the server use.
 *
 *   npm run validate -- [--json] [--lang bn|en] [--from <server URL>] <form-id> <file|dir|glob|->…
 *
 * With `--from`, the form's current published version is read from that server (GET /api/v1/forms/<form-id>), so the
 * CLI applies the rules the server applies now (a version published in the form studio); without it, the files.
 *
 * One file: exactly the historical output (with --json one JSON document {"valid", "errors"}; without, one line per
 * problem or "<file>: valid <form>"); a bad file or bad JSON is a usage error.
 * Several documents (files, a directory's *.json, a glob, JSON Lines on stdin with `-`): one result per document
 * (with --json one JSON line {"file", "valid", "errors"} each), then a summary; a document that cannot be read or
 * parsed is reported as invalid with the reason.
 * Exit 0 all valid, 1 any invalid, 2 usage error (unknown form id, unknown option, an input naming nothing) with a
 * one-line reason in words ("no such file: x.json"). `--help` or `-h` prints the usage and exits 0. SCHEMAS_DIR points it at another schemas directory (a temporary copy, say).
 *
 * `npm run validate` runs the esbuild bundle of this file (scripts/validate.mjs), so a call compiles no TypeScript;
 * it uses the precompiled validators when they match the schema (see lib/form-validator.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonSchema, ValidationResult } from '../src/shared/forms/catalog';
import { defaultSchemasDir, loadTranslations } from '../src/shared/forms/load-schemas';
import { localizeErrors, type FormTranslations } from '../src/shared/i18n/form-words';
import { withAsciiDigits } from '../src/shared/forms/ascii-digits';
import { LANGUAGES, parseLanguage, type Language } from '../src/shared/i18n/language';
import { formIds, formValidator, type DocumentValidator } from './lib/form-validator';
import { expandInput, InputError, jsonLines, readFailure, type Source } from './lib/validate-inputs';
import { isMain } from './lib/is-main';
import { setDefaultPhoneRegion } from '../src/shared/phone/phone.js';

const USAGE = 'usage: npm run validate -- [--json] [--lang bn|en] [--from <server URL>] <form-id> <file|dir|glob|->…';

/** What `--help` (or `-h`) prints: the usage, each argument and option, the exit codes. */
function help(): string {
  let forms = '';
  try {
    forms = `\nForms: ${formIds(defaultSchemasDir()).join(', ')}.\n`;
  } catch {
    // The list is a courtesy: without a readable schemas directory the rest still holds.
  }
  return `${USAGE}

Checks JSON documents against a form's rules, with the messages the browser and the server give.

  <form-id>              a form of schemas/ (its file name without .schema.json)
  <file|dir|glob|->      a JSON file, every *.json under a directory, a quoted glob ("exports/*.json"),
                         or - for JSON Lines on stdin (one document a line); several may be given
  --json                 print JSON: {"valid", "errors"} for one file; one {"file", "valid", "errors"} line
                         per document and a {"summary"} line for several
  --lang bn|en           the language of the messages (default en): the form's own words, as the browser and
                         the server say them in that language
  --from <server URL>    check with the form's version published on that server (e.g. http://127.0.0.1:3000)
                         instead of the files
  -h, --help             print this help
${forms}
Exit status: 0 every document valid, 1 any invalid, 2 a usage error (said on one line).
Environment: SCHEMAS_DIR (another schemas directory), DEFAULT_PHONE_REGION (the country of local phone numbers).
`;
}

class UsageError extends Error {}

export interface Outcome {
  code: 0 | 1 | 2;
  stdout: string;
  stderr: string;
}

/** Where stdin comes from (the process's own in main; a string in tests of the function). */
export type StdinReader = () => Promise<string>;

async function readProcessStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads a form's schema from the schemas directory, or says why it cannot as a usage error. */
function readSchema(schemasDir: string, formId: string): JsonSchema {
  let ids: string[];
  try {
    ids = formIds(schemasDir);
  } catch (err) {
    throw new UsageError(`cannot read the schemas in ${schemasDir}: ${(err as Error).message}`);
  }
  if (!ids.includes(formId)) throw new UsageError(`unknown form id "${formId}"; known: ${ids.join(', ')}`);
  const file = join(schemasDir, `${formId}.schema.json`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as JsonSchema;
  } catch (err) {
    throw new UsageError(`cannot read the schemas in ${schemasDir}: ${file}: ${(err as Error).message}`);
  }
}

/** Reads a form's current published version (its schema and its words) from a server, or says why it cannot. */
async function fetchSchema(server: string, formId: string): Promise<{ schema: JsonSchema; translations: FormTranslations }> {
  let base: URL;
  try {
    base = new URL(server);
  } catch {
    throw new UsageError(`--from needs a server URL such as http://127.0.0.1:3000 (got "${server}")`);
  }
  const url = new URL(`/api/v1/forms/${encodeURIComponent(formId)}`, base);
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(15_000) });
  } catch (err) {
    throw new UsageError(`cannot reach ${url.origin}: ${(err as Error).cause instanceof Error ? ((err as Error).cause as Error).message : (err as Error).message}`);
  }
  if (res.status === 404) throw new UsageError(`unknown form id "${formId}" on ${url.origin}`);
  if (!res.ok) throw new UsageError(`${url.href} answered ${res.status}`);
  const body = (await res.json()) as { schema?: unknown; translations?: FormTranslations };
  if (!body.schema || typeof body.schema !== 'object') throw new UsageError(`${url.href} sent no schema`);
  return { schema: body.schema as JsonSchema, translations: body.translations ?? {} };
}

function humanLines(name: string, formId: string, result: ValidationResult): string {
  return result.valid
    ? `${name}: valid ${formId}\n`
    : result.errors.map((e) => `${name}: ${e.path || '/'}: ${e.message}\n`).join('');
}

/** One file, as the CLI always answered it: unreadable or bad JSON is a usage error. */
function validateOne(file: string, formId: string, validate: DocumentValidator, json: boolean): Outcome {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`${readFailure(err)}: ${file}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${file} is not valid JSON: ${(err as Error).message}`);
  }
  const result = validate(data);
  const stdout = json ? `${JSON.stringify(result)}\n` : humanLines(file, formId, result);
  return { code: result.valid ? 0 : 1, stdout, stderr: '' };
}

/** A document's result; one that cannot be read or parsed is invalid, with the reason as its error. */
function check(source: Source, validate: DocumentValidator): ValidationResult {
  if ('readError' in source) return { valid: false, errors: [{ path: '', message: `Cannot read the file: ${source.readError}` }] };
  let data: unknown;
  try {
    data = JSON.parse(source.text);
  } catch (err) {
    return { valid: false, errors: [{ path: '', message: `Not valid JSON: ${(err as Error).message}` }] };
  }
  return validate(data);
}

function* fileSources(files: readonly string[]): Generator<Source> {
  for (const name of files) {
    try {
      yield { name, text: readFileSync(name, 'utf8') };
    } catch (err) {
      yield { name, readError: readFailure(err) };
    }
  }
}

/** Many documents: one result each, then the summary. */
function validateMany(sources: Iterable<Source>, formId: string, validate: DocumentValidator, json: boolean): Outcome {
  const out: string[] = [];
  let total = 0;
  let invalid = 0;
  for (const source of sources) {
    const result = check(source, validate);
    total++;
    if (!result.valid) invalid++;
    out.push(json ? `${JSON.stringify({ file: source.name, ...result })}\n` : humanLines(source.name, formId, result));
  }
  const valid = total - invalid;
  out.push(
    json
      ? `${JSON.stringify({ summary: { documents: total, valid, invalid } })}\n`
      : `${total} document${total === 1 ? '' : 's'}: ${valid} valid, ${invalid} invalid\n`,
  );
  return { code: invalid > 0 ? 1 : 0, stdout: out.join(''), stderr: '' };
}

/** Takes `--name value` or `--name=value` out of an argument list: [its value (undefined when absent), the rest]. */
function takeOption(args: string[], name: string, what: string): [string | undefined, string[]] {
  const at = args.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (at < 0) return [undefined, args];
  const flag = args[at]!;
  const value = flag === name ? args[at + 1] : flag.slice(name.length + 1);
  if (!value || value.startsWith('--')) throw new UsageError(`${name} needs ${what}; ${USAGE}`);
  return [value, [...args.slice(0, at), ...args.slice(at + (flag === name ? 2 : 1))]];
}

function badLanguage(value: string): never {
  throw new UsageError(`--lang must be ${LANGUAGES.join(' or ')} (got "${value}")`);
}

/** Runs the CLI on an argument list; returns what it prints and its exit code (for tests and main). */
export async function runValidate(argv: readonly string[], readStdin: StdinReader = readProcessStdin): Promise<Outcome> {
  if (argv.includes('--help') || argv.includes('-h')) return { code: 0, stdout: help(), stderr: '' };
  const json = argv.includes('--json');
  let rest = argv.filter((a) => a !== '--json');
  try {
    let from: string | undefined;
    let langArg: string | undefined;
    [from, rest] = takeOption(rest, '--from', 'a server URL');
    [langArg, rest] = takeOption(rest, '--lang', LANGUAGES.join(' or '));
    const language: Language = langArg === undefined ? 'en' : (parseLanguage(langArg) ?? badLanguage(langArg));
    // `-` alone is stdin; any other word starting with a dash is an option this command does not have.
    const unknownFlag = rest.find((a) => a.startsWith('-') && a !== '-');
    if (unknownFlag) throw new UsageError(`unknown option ${unknownFlag}; ${USAGE}`);
    if (rest.length < 2) throw new UsageError(USAGE);
    const [formId, ...args] = rest as [string, ...string[]];
    const { schema, translations } = from
      ? await fetchSchema(from, formId)
      : { schema: readSchema(defaultSchemasDir(), formId), translations: loadTranslations(defaultSchemasDir())[formId] ?? {} };

    const inputs = args.map((arg) => {
      try {
        return { arg, input: expandInput(arg) };
      } catch (err) {
        if (err instanceof InputError) throw new UsageError(err.message);
        throw err;
      }
    });
    if (inputs.filter(({ input }) => input.kind === 'stdin').length > 1) throw new UsageError(`"-" (stdin) given twice; ${USAGE}`);
    const check = await formValidator(formId, schema);
    // Bengali digits read as ASCII, the English rules and messages, then the form's words in the chosen language (the
    // browser's and the server's way).
    const validate: DocumentValidator = (data) => {
      const result = check(withAsciiDigits(schema, data));
      return result.valid ? result : { valid: false, errors: localizeErrors(result.errors, translations, language) };
    };

    const only = inputs.length === 1 ? inputs[0]! : undefined;
    if (only?.input.kind === 'files' && only.input.files.length === 1 && only.input.files[0] === only.arg) {
      return validateOne(only.arg, formId, validate, json);
    }
    const stdinText = inputs.some(({ input }) => input.kind === 'stdin') ? await readStdin() : '';
    const sources = function* (): Generator<Source> {
      for (const { input } of inputs) {
        if (input.kind === 'stdin') yield* jsonLines(stdinText);
        else yield* fileSources(input.files);
      }
    };
    return validateMany(sources(), formId, validate, json);
  } catch (err) {
    if (err instanceof UsageError) {
      return { code: 2, stdout: '', stderr: `validate: ${err.message.replace(/\s*\n\s*/g, ' ')}\n` };
    }
    throw err;
  }
}

/** The command-line entry: what the built bundle and `tsx scripts/validate.ts` run. */
export async function main(): Promise<void> {
  // The same setting as the server's, so a local number means the same country here.
  if (process.env.DEFAULT_PHONE_REGION) setDefaultPhoneRegion(process.env.DEFAULT_PHONE_REGION);
  const { code, stdout, stderr } = await runValidate(process.argv.slice(2));
  process.stdout.write(stdout);
  process.stderr.write(stderr);
  process.exitCode = code;
}

if (isMain(import.meta.url)) await main();
