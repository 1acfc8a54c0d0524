/**
 * `npm run forms:export [-- --from <server URL>]`: writes each form's current published version back into schemas/
 * and ui-schemas/ (only the files whose content changed), then runs `npm run gen`, so a release carries the versions
 * published in the form studio in git. Without --from it reads the database as the server would (DATABASE_URL or
 * DATA_DIR; PGlite's directory must not be in use by a running server — use --from then). SCHEMAS_DIR and
 * UI_SCHEMAS_DIR write elsewhere (then `npm run gen`, which reads the repository's files, is not run).
 */
import type { FormTranslations } from '../src/shared/i18n/form-words';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { isDeepStrictEqual } from 'node:util';
import { defaultSchemasDir, defaultUiSchemasDir, loadSchemas, repoRoot, translationsDir } from '../src/shared/forms/load-schemas';
import type { JsonSchema } from '../src/shared/forms/catalog';
import { isMain } from './lib/is-main';

const USAGE = 'usage: npm run forms:export [-- --from <server URL>]';

interface Current {
  formId: string;
  version: number;
  schema: JsonSchema;
  uiSchema: JsonSchema;
  /** Its words in other languages (written to schemas/i18n/<form>.<lang>.json). */
  translations?: FormTranslations;
}

/** The current version of every form, from a server's public API. */
async function fromServer(server: string, ids: string[]): Promise<Current[]> {
  const out: Current[] = [];
  for (const id of ids) {
    const url = new URL(`/api/v1/forms/${encodeURIComponent(id)}`, server);
    const res = await fetch(url, { signal: AbortSignal.timeout(15_000) });
    if (!res.ok) throw new Error(`${url.href} answered ${res.status}`);
    out.push((await res.json()) as Current);
  }
  return out;
}

/** The current version of every form, from the database. */
async function fromDatabase(ids: string[]): Promise<Current[]> {
  const { loadConfig } = await import('../src/server/config');
  const { openDatabase } = await import('../src/server/db/database');
  const config = loadConfig();
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, phoneRegion: config.defaultPhoneRegion });
  try {
    const rows = await database.db
      .selectFrom('form_versions as f')
      .select(['f.form_id', 'f.version', 'f.schema', 'f.ui_schema', 'f.translations'])
      .where(({ eb, selectFrom }) =>
        // The live version (four eyes: one waiting for approval is not exported).
        eb('f.version', '=', selectFrom('form_versions as g').select((g) => g.fn.max('g.version').as('m')).whereRef('g.form_id', '=', 'f.form_id').where('g.status', '=', 'live')),
      )
      .execute();
    return rows.filter((r) => ids.includes(r.form_id)).map((r) => ({ formId: r.form_id, version: r.version, schema: r.schema, uiSchema: r.ui_schema, translations: r.translations }));
  } finally {
    await database.close();
  }
}

/** Writes a JSON file when its content differs; returns whether it wrote. */
function writeIfChanged(file: string, value: unknown): boolean {
  if (existsSync(file)) {
    try {
      if (isDeepStrictEqual(JSON.parse(readFileSync(file, 'utf8')), value)) return false;
    } catch {
      // Unreadable or bad JSON: overwrite it.
    }
  }
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
  return true;
}

/** Runs the export; returns the lines it reports and the files it wrote. */
export async function exportForms(argv: readonly string[]): Promise<{ lines: string[]; written: string[] }> {
  let from: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--from') from = argv[++i];
    else if (a.startsWith('--from=')) from = a.slice(7);
    else throw new Error(`unknown argument ${a}; ${USAGE}`);
  }
  if (from !== undefined && !/^https?:\/\//.test(from)) throw new Error(`--from needs a server URL; ${USAGE}`);
  const schemasDir = defaultSchemasDir();
  const uiDir = defaultUiSchemasDir();
  const ids = Object.keys(loadSchemas(schemasDir)).sort();
  const current = from ? await fromServer(from, ids) : await fromDatabase(ids);
  const lines: string[] = [];
  const written: string[] = [];
  for (const c of current) {
    const files = [
      [join(schemasDir, `${c.formId}.schema.json`), c.schema],
      [join(uiDir, `${c.formId}.ui.json`), c.uiSchema],
      ...Object.entries(c.translations ?? {}).map(([language, words]) => [join(translationsDir(schemasDir), `${c.formId}.${language}.json`), words] as const),
    ] as const;
    const changed = files.filter(([file, value]) => writeIfChanged(file, value)).map(([file]) => file);
    written.push(...changed);
    lines.push(`${c.formId}: version ${c.version}${changed.length ? ` written (${changed.length} file${changed.length === 1 ? '' : 's'})` : ' unchanged'}`);
  }
  return { lines, written };
}

if (isMain(import.meta.url)) {
  try {
    const { lines, written } = await exportForms(process.argv.slice(2));
    for (const l of lines) console.log(l);
    const own = defaultSchemasDir() === join(repoRoot(), 'schemas') && defaultUiSchemasDir() === join(repoRoot(), 'ui-schemas');
    if (written.length > 0 && own) {
      console.log('running npm run gen…');
      const gen = spawnSync('npm', ['run', '-s', 'gen'], { cwd: repoRoot(), stdio: 'inherit' });
      process.exitCode = gen.status ?? 1;
    } else if (written.length > 0) {
      console.log('SCHEMAS_DIR/UI_SCHEMAS_DIR point outside the repository: npm run gen not run');
    }
  } catch (err) {
    console.error(`forms:export: ${(err as Error).message}`);
    process.exitCode = 2;
  }
}
