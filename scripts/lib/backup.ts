/**
 * What `npm run backup` and `npm run restore` share: the manifest written beside each backup, the row counts it
 * holds (taken in the same snapshot as the dump) and the way both talk to PostgreSQL's own tools.
 */
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type BackupKind = 'pglite' | 'postgres';

export interface Manifest {
  /** `pglite`: a gzipped tarball of the PGlite data directory; `postgres`: a `pg_dump --format=custom` archive. */
  kind: BackupKind;
  /** When the backup was taken (ISO 8601, UTC). */
  time: string;
  /** The migrations applied to the backed-up database, in order. */
  migrations: string[];
  /** Rows in each table of the public schema when the backup was taken. */
  rowCounts: Record<string, number>;
  /** sha256 of the backup file, hex. */
  sha256: string;
  /** Size of the backup file in bytes. */
  bytes: number;
}

/** One statement's rows; both drivers fit it. */
export type Query = (sql: string) => Promise<Record<string, unknown>[]>;

/** The manifest's name: beside the backup, with `.json` added. */
export function manifestPath(backup: string): string {
  return `${backup}.json`;
}

/** The tables of the public schema, by name. */
export async function publicTables(query: Query): Promise<string[]> {
  const rows = await query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename");
  return rows.map((r) => String(r.tablename));
}

function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Rows per table of the public schema (run inside one snapshot for a consistent picture). */
export async function rowCounts(query: Query): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await publicTables(query)) {
    const [row] = await query(`SELECT count(*)::int AS n FROM ${ident(table)}`);
    counts[table] = Number(row!.n);
  }
  return counts;
}

/** The migrations recorded in the database (none when it has never been migrated). */
export async function appliedMigrations(query: Query): Promise<string[]> {
  const tables = await publicTables(query);
  if (!tables.includes('schema_migrations')) return [];
  return (await query('SELECT name FROM schema_migrations ORDER BY name')).map((r) => String(r.name));
}

/** sha256 of a file, streamed (a backup may be larger than memory is happy with). */
export function sha256File(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('error', reject)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** Reads and checks a manifest; throws with a plain message when it is missing or not one of ours. */
export function readManifest(backup: string): Manifest {
  const path = manifestPath(backup);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new Error(`No manifest ${path} beside the backup: restore needs it to check the file and the rows.`);
  }
  let m: Partial<Manifest>;
  try {
    m = JSON.parse(text) as Partial<Manifest>;
  } catch {
    throw new Error(`The manifest ${path} is not JSON.`);
  }
  const ok =
    (m.kind === 'pglite' || m.kind === 'postgres') &&
    typeof m.time === 'string' &&
    Array.isArray(m.migrations) &&
    typeof m.sha256 === 'string' &&
    typeof m.rowCounts === 'object' &&
    m.rowCounts !== null &&
    Object.values(m.rowCounts).every((n) => Number.isInteger(n));
  if (!ok) throw new Error(`The manifest ${path} is not a backup manifest (kind, time, migrations, rowCounts, sha256).`);
  return m as Manifest;
}

/** Differences between two sets of row counts, one phrase each (empty when equal). */
export function countDifferences(expected: Record<string, number>, actual: Record<string, number>): string[] {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  return names
    .filter((t) => expected[t] !== actual[t])
    .map((t) => `${t}: ${expected[t] ?? 'no table'} in the backup, ${actual[t] ?? 'no table'} restored`);
}

/**
 * A connection string without its password, and the environment that carries the password instead, so it never
 * shows in the process list of pg_dump / pg_restore.
 */
export function pgToolTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** The major version of a PostgreSQL client tool (pg_dump, pg_restore), or a plain error when it is missing. */
export async function toolMajor(tool: string): Promise<number> {
  let stdout: string;
  try {
    ({ stdout } = await run(tool, ['--version']));
  } catch {
    throw new Error(`${tool} was not found: install the PostgreSQL client tools (Debian: apt-get install postgresql-client).`);
  }
  const major = Number(/\s(\d+)(\.\d+)?/.exec(stdout)?.[1]);
  if (!Number.isInteger(major)) throw new Error(`Cannot read the version of ${tool} from "${stdout.trim()}".`);
  return major;
}

/** Runs a PostgreSQL tool; rejects with its first error line. */
export function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      // pg_restore follows its error with the statement it ran: the error line is the one that explains.
      const lines = stderr.trim().split('\n');
      const last = lines.find((l) => /error/i.test(l))?.trim() ?? lines.pop() ?? '';
      if (code === 0) resolvePromise();
      else reject(new Error(`${tool} failed (exit ${code})${last ? `: ${last}` : ''}`));
    });
  });
}
