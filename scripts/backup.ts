/**
 * `npm run backup [-- <file>]`: a consistent backup of the configured database, files included (they are rows of
 * the `files` table), with a JSON manifest beside it (`<file>.json`: kind, time, migrations, row counts, sha256).
 *   PGlite (DATA_DIR): a gzipped tarball of the data directory, taken under the data-directory lock (stop the
 *     server first) after a checkpoint.
 *   PostgreSQL (DATABASE_URL): `pg_dump --format=custom` of a snapshot exported by a repeatable-read transaction,
 *     so the manifest's row counts and the dump see the same rows while the servers keep running.
 * Default file: ./backups/<UTC time>.<kind>. The file is written aside and renamed, so a failed backup never looks
 * like a finished one. One line per step; exit 0 done, 1 failed, 2 usage.
 */
import { existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/server/config';
import { lockDataDir } from '../src/server/db/lock';
import { dataDirProblem } from '../src/server/startup-checks';
import { appliedMigrations, manifestPath, pgToolTarget, rowCounts, runTool, sha256File, toolMajor, type BackupKind, type Manifest } from './lib/backup';

const USAGE = 'usage: npm run backup [-- <file>]   (default ./backups/<time>.<kind>, a manifest <file>.json beside it)';

interface Taken {
  migrations: string[];
  rowCounts: Record<string, number>;
}

function step(line: string): void {
  console.log(line);
}

async function backupPglite(dataDir: string, out: string): Promise<Taken> {
  const problem = dataDirProblem(dataDir);
  if (problem) throw new Error(problem);
  if (!existsSync(join(dataDir, 'pglite', 'PG_VERSION'))) throw new Error(`No PGlite database in DATA_DIR ${dataDir}: nothing to back up.`);
  // The lock keeps a running server out (and says which one holds it): PGlite is one process per directory.
  const lock = await lockDataDir(dataDir);
  try {
    step(`locked ${dataDir}`);
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = new PGlite(join(dataDir, 'pglite'));
    try {
      await pglite.waitReady;
      const query = async (sql: string) => (await pglite.query<Record<string, unknown>>(sql)).rows;
      // The tarball is the files as they are; a checkpoint first means they need no WAL replay when loaded.
      await pglite.exec('CHECKPOINT');
      const taken = { migrations: await appliedMigrations(query), rowCounts: await rowCounts(query) };
      step(`counted rows in ${Object.keys(taken.rowCounts).length} tables`);
      const tarball = await pglite.dumpDataDir('gzip');
      writeFileSync(out, Buffer.from(await tarball.arrayBuffer()));
      return taken;
    } finally {
      await pglite.close();
    }
  } finally {
    await lock.release();
  }
}

async function backupPostgres(url: string, out: string): Promise<Taken> {
  const dumpMajor = await toolMajor('pg_dump');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const serverMajor = Math.floor(Number((await client.query('SHOW server_version_num')).rows[0].server_version_num) / 10000);
    if (dumpMajor < serverMajor) {
      throw new Error(`pg_dump ${dumpMajor} cannot dump a PostgreSQL ${serverMajor} server: install the PostgreSQL ${serverMajor} client tools.`);
    }
    step(`pg_dump ${dumpMajor} for PostgreSQL ${serverMajor}`);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshot = String((await client.query('SELECT pg_export_snapshot() AS s')).rows[0].s);
    const query = async (sql: string) => (await client.query(sql)).rows as Record<string, unknown>[];
    const taken = { migrations: await appliedMigrations(query), rowCounts: await rowCounts(query) };
    step(`counted rows in ${Object.keys(taken.rowCounts).length} tables (snapshot ${snapshot})`);
    // pg_dump reads the very snapshot the counts were taken in; the transaction must stay open until it is done.
    const { dbname, env } = pgToolTarget(url);
    await runTool('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, '--no-password', `--file=${out}`, `--dbname=${dbname}`], env);
    await client.query('COMMIT');
    return taken;
  } finally {
    await client.end();
  }
}

function timestamp(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

async function main(argv: string[]): Promise<number> {
  if (argv.length > 1 || argv[0]?.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const kind: BackupKind = config.databaseUrl ? 'postgres' : 'pglite';
  const time = new Date();
  // A path typed by the operator is relative to where they ran npm, not to the package.
  const target = argv[0] ? resolve(process.env.INIT_CWD ?? process.cwd(), argv[0]) : resolve('backups', `${timestamp(time)}.${kind}`);
  if (existsSync(target) || existsSync(manifestPath(target))) {
    console.error(`${target} already exists: a backup never overwrites one; give another file.`);
    return 2;
  }
  mkdirSync(dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  try {
    step(`backing up ${kind} ${kind === 'pglite' ? config.dataDir : pgToolTarget(config.databaseUrl!).dbname} to ${target}`);
    const taken = kind === 'pglite' ? await backupPglite(config.dataDir, partial) : await backupPostgres(config.databaseUrl!, partial);
    const manifest: Manifest = {
      kind,
      time: time.toISOString(),
      migrations: taken.migrations,
      rowCounts: taken.rowCounts,
      sha256: await sha256File(partial),
      bytes: statSync(partial).size,
    };
    step(`dumped ${manifest.bytes} bytes, sha256 ${manifest.sha256}`);
    renameSync(partial, target);
    writeFileSync(manifestPath(target), `${JSON.stringify(manifest, null, 2)}\n`);
    const rows = Object.values(manifest.rowCounts).reduce((a, b) => a + b, 0);
    step(`wrote ${manifestPath(target)} (${manifest.migrations.length} migrations, ${rows} rows)`);
    step(`backup done: ${target}`);
    return 0;
  } catch (err) {
    rmSync(partial, { force: true });
    console.error(`backup failed: ${(err as Error).message}`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
