/**
 * `npm run restore -- <backup>`: puts a backup made by `npm run backup` into an EMPTY target, never over data:
 *   a PGlite backup into DATA_DIR (missing or empty; DATABASE_URL unset),
 *   a PostgreSQL backup into the database of DATABASE_URL (no tables, sequences or views of its own).
 * The file's sha256 is checked against its manifest first; afterwards the restored migrations and every table's
 * row count are checked against it. A failed PGlite restore removes what it wrote, so the directory is empty again.
 * One line per step; exit 0 done, 1 failed (bad backup, target not empty, check failed), 2 usage.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/server/config';
import { lockDataDir } from '../src/server/db/lock';
import { dataDirProblem } from '../src/server/startup-checks';
import { appliedMigrations, countDifferences, pgToolTarget, readManifest, rowCounts, runTool, sha256File, toolMajor, type Manifest, type Query } from './lib/backup';

const USAGE = 'usage: npm run restore -- <backup file>   (into an empty DATA_DIR, or an empty database at DATABASE_URL)';

function step(line: string): void {
  console.log(line);
}

/** Compares what was restored with the manifest; throws with every difference. */
async function verify(query: Query, manifest: Manifest): Promise<void> {
  const migrations = await appliedMigrations(query);
  if (migrations.join() !== manifest.migrations.join()) {
    throw new Error(`restored migrations (${migrations.join(', ')}) differ from the manifest's (${manifest.migrations.join(', ')})`);
  }
  const differences = countDifferences(manifest.rowCounts, await rowCounts(query));
  if (differences.length) throw new Error(`restored row counts differ from the manifest: ${differences.join('; ')}`);
  const rows = Object.values(manifest.rowCounts).reduce((a, b) => a + b, 0);
  step(`verified ${manifest.migrations.length} migrations and ${rows} rows in ${Object.keys(manifest.rowCounts).length} tables`);
}

async function restorePglite(backup: string, manifest: Manifest, dataDir: string): Promise<void> {
  const problem = dataDirProblem(dataDir);
  if (problem) throw new Error(problem);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(`DATA_DIR ${dataDir} is not empty: restore only into an empty or new directory (nothing is overwritten).`);
  }
  mkdirSync(dataDir, { recursive: true });
  const lock = await lockDataDir(dataDir);
  let done = false;
  try {
    step(`locked ${dataDir}`);
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = new PGlite(join(dataDir, 'pglite'), { loadDataDir: new Blob([readFileSync(backup)]) });
    try {
      await pglite.waitReady;
      step(`loaded the data directory into ${join(dataDir, 'pglite')}`);
      await verify(async (sql) => (await pglite.query<Record<string, unknown>>(sql)).rows, manifest);
      done = true;
    } finally {
      await pglite.close();
    }
  } finally {
    await lock.release();
    // The directory was empty before: leave it so, and a second try can start clean.
    if (!done) for (const entry of readdirSync(dataDir)) rmSync(join(dataDir, entry), { recursive: true, force: true });
  }
}

/** Relations in the database's own schemas: a target with any is not empty. */
async function ownRelations(client: pg.Client): Promise<number> {
  const { rows } = await client.query(
    `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp\\_%'`,
  );
  return Number(rows[0].n);
}

async function restorePostgres(backup: string, manifest: Manifest, url: string): Promise<void> {
  const restoreMajor = await toolMajor('pg_restore');
  const { dbname, env } = pgToolTarget(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const relations = await ownRelations(client);
    if (relations > 0) {
      throw new Error(`The database ${dbname} is not empty (${relations} tables, sequences or views): restore only into a new, empty database (createdb).`);
    }
    step(`pg_restore ${restoreMajor} into empty database ${dbname}`);
    // One transaction: a restore that fails part way leaves the database empty. Objects belong to the restoring
    // user (the server's), not to roles of the machine the backup came from.
    await runTool('pg_restore', ['--exit-on-error', '--single-transaction', '--no-owner', '--no-acl', '--no-password', `--dbname=${dbname}`, backup], env);
    step('restored the dump');
    await verify(async (sql) => (await client.query(sql)).rows as Record<string, unknown>[], manifest);
  } finally {
    await client.end();
  }
}

async function main(argv: string[]): Promise<number> {
  if (argv.length !== 1 || argv[0]!.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const backup = resolve(process.env.INIT_CWD ?? process.cwd(), argv[0]!);
  try {
    if (!existsSync(backup)) throw new Error(`No backup file ${backup}.`);
    const manifest = readManifest(backup);
    step(`backup ${backup}: ${manifest.kind}, taken ${manifest.time}`);
    const sha256 = await sha256File(backup);
    if (sha256 !== manifest.sha256) throw new Error(`The backup's sha256 ${sha256} is not the manifest's ${manifest.sha256}: the file is damaged or not this manifest's.`);
    step('checked sha256');
    const config = loadConfig();
    if (manifest.kind === 'pglite') {
      if (config.databaseUrl) throw new Error('This is a PGlite backup: unset DATABASE_URL and set DATA_DIR to an empty directory.');
      await restorePglite(backup, manifest, config.dataDir);
    } else {
      if (!config.databaseUrl) throw new Error('This is a PostgreSQL backup: set DATABASE_URL to an empty database.');
      await restorePostgres(backup, manifest, config.databaseUrl);
    }
    step(`restore done: ${manifest.kind === 'pglite' ? config.dataDir : pgToolTarget(config.databaseUrl!).dbname}`);
    return 0;
  } catch (err) {
    console.error(`restore failed: ${(err as Error).message}`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
