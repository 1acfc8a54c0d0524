/**
 * Opens the database: embedded PGlite in DATA_DIR when DATABASE_URL is unset (locked against a second process),
 * a PostgreSQL server through `pg` when it is set. Both give the same Kysely query layer and run the same SQL
 * migrations at start.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PGliteDialect, PostgresDialect, type Dialect } from 'kysely';
import type { DB } from './schema';
import { lockDataDir, type DirLock } from './lock';
import { migrate, type MigrationContext, type ScriptRunner } from './migrate';
import { dataDirProblem } from '../startup-checks';

export interface Database {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for the start-up log (no password). */
  where: string;
  /** Migration names applied by this open. */
  applied: string[];
  /** Connections now: PostgreSQL's pool (opened, idle, queries waiting for one); PGlite is one in-process connection. */
  poolStats(): PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  total: number;
  /** Unknown for PGlite: its one connection takes queries in turn inside the process. */
  idle: number | null;
  waiting: number | null;
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
  /** Run migrations after opening (default true). */
  migrate?: boolean;
  /** DEFAULT_PHONE_REGION, for the migration that puts stored phone numbers in E.164 (default BD). */
  phoneRegion?: string;
  /** PostgreSQL: how long a query waits for a connection before it fails (DB_CONNECT_TIMEOUT_MS; default 3 s). */
  connectTimeoutMs?: number;
  /** PostgreSQL: the most connections the pool opens (DB_POOL_SIZE; default 10). */
  poolSize?: number;
  /** Wraps the query layer's dialect (fault tests: a database that goes away at a chosen moment). */
  wrapDialect?: (dialect: Dialect) => Dialect;
}

const asIs = (dialect: Dialect) => dialect;

/** How long a query waits for a PostgreSQL connection (a new one to open, or a pooled one to be free) by default. */
export const CONNECT_TIMEOUT_MS = 3_000;
/** The most PostgreSQL connections one process's pool opens by default. */
export const POOL_SIZE = 10;

/** One line per lost connection is enough, and not one per client when a restart drops ten at once. */
let lastWarned = 0;
function warnConnectionLost(err: Error): void {
  const now = Date.now();
  if (now - lastWarned < 1_000) return;
  lastWarned = now;
  console.error(`PostgreSQL connection lost (${err.message}); queries answer 503 until it is back, then the pool reconnects.`);
}

/** int8, numeric and date come back as strings from both drivers: exact money, any count, dates without time zones. */
const TEXT_TYPES = { 20: (v: string) => v, 1082: (v: string) => v, 1700: (v: string) => v };

async function openPglite(dataDir: string, runMigrations: boolean, context: MigrationContext, wrap: (d: Dialect) => Dialect): Promise<Database> {
  const problem = dataDirProblem(dataDir);
  if (problem) throw new Error(problem);
  mkdirSync(dataDir, { recursive: true });
  const lock: DirLock = await lockDataDir(dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = new PGlite(join(dataDir, 'pglite'), { parsers: TEXT_TYPES });
    await pglite.waitReady;
    const runner: ScriptRunner = {
      exec: async (sql) => {
        await pglite.exec(sql);
      },
      query: async (sql) => (await pglite.query<Record<string, unknown>>(sql)).rows,
    };
    const applied = runMigrations ? await migrate(runner, context) : [];
    const db = new Kysely<DB>({ dialect: wrap(new PGliteDialect({ pglite })) });
    return {
      db,
      kind: 'pglite',
      where: dataDir,
      applied,
      poolStats: () => ({ total: 1, idle: null, waiting: null }),
      close: async () => {
        await db.destroy();
        await lock.release();
      },
    };
  } catch (err) {
    await lock.release();
    throw err;
  }
}

async function openPostgres(
  url: string,
  runMigrations: boolean,
  context: MigrationContext,
  { connectTimeoutMs, poolSize, wrap }: { connectTimeoutMs: number; poolSize: number; wrap: (d: Dialect) => Dialect },
): Promise<Database> {
  const { default: pg } = await import('pg');
  pg.types.setTypeParser(20, (v) => v);
  pg.types.setTypeParser(1700, (v) => v);
  pg.types.setTypeParser(1082, (v) => v);
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // A database that is down or unreachable fails a request in seconds (a 503 the caller can retry), instead of
    // leaving it waiting for a connection that may never come. A pool with no client free that long fails the same
    // way, with pg-pool's own message: that one is a busy process, not a database outage (db/unavailable.ts).
    connectionTimeoutMillis: connectTimeoutMs,
    // Finds a connection whose server vanished without closing it (a failover, a dropped network) while it is idle.
    keepAlive: true,
  });
  // A connection the server drops (a restart terminates every session, an admin, the network) emits 'error' on its
  // client. pg-pool listens while the client is idle and removes it; while a client is checked out (a transaction
  // between two statements, a job, a migration) nobody does, and an 'error' event nobody listens to ends the
  // process. So every client gets a listener of its own for its whole life: the query in flight fails on its own
  // (the request answers 503), the broken client is not reused, and the pool opens new ones when the server is back.
  pool.on('connect', (client) => {
    client.on('error', (err) => warnConnectionLost(err));
  });
  pool.on('error', (err) => warnConnectionLost(err));
  try {
    let applied: string[] = [];
    if (runMigrations) {
      const client = await pool.connect();
      try {
        applied = await migrate({
          exec: async (sql) => {
            await client.query(sql);
          },
          query: async (sql) => (await client.query(sql)).rows as Record<string, unknown>[],
        }, context);
      } finally {
        client.release();
      }
    }
    const db = new Kysely<DB>({ dialect: wrap(new PostgresDialect({ pool })) });
    const safe = new URL(url);
    safe.password = '';
    return {
      db,
      kind: 'postgres',
      where: safe.toString(),
      applied,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => db.destroy(),
    };
  } catch (err) {
    await pool.end();
    throw err;
  }
}

/** Opens (and by default migrates) the configured database. */
export function openDatabase(options: DatabaseOptions): Promise<Database> {
  const runMigrations = options.migrate ?? true;
  const context: MigrationContext = { phoneRegion: options.phoneRegion ?? 'BD' };
  const wrap = options.wrapDialect ?? asIs;
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, runMigrations, context, { connectTimeoutMs: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS, poolSize: options.poolSize ?? POOL_SIZE, wrap })
    : openPglite(options.dataDir, runMigrations, context, wrap);
}
