/**
 * Test harness for the server: builds the real app on a fresh database of each kind (PGlite always, PostgreSQL
 * when TEST_DATABASE_URL is set), with the logger off and limits relaxed unless a test sets them (load shedding on
 * event-loop lag too: a suite's own heavy synchronous work must not turn its next request into a 503).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Dialect } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/database';
import { migrationFiles } from '../../src/server/db/migrate';

export type DbKind = 'pglite' | 'postgres';

/** The databases the server suites run against. */
export const DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const ROOT = resolve(import.meta.dirname, '../..');

/** The template data directory for the current migrations (its name changes when a migration does). */
function templateDir(): string {
  const hash = createHash('sha256');
  const dir = join(ROOT, 'src/server/db/migrations');
  for (const f of migrationFiles()) hash.update(f).update(readFileSync(join(dir, f)));
  return join(ROOT, 'tmp', `pglite-template-${hash.digest('hex').slice(0, 12)}`);
}

/**
 * Makes the migrated PGlite template once (a first open of a new directory takes seconds; a copy takes
 * milliseconds). Built aside and renamed into place, so a reader never sees half a template.
 */
export async function ensurePgliteTemplate(): Promise<string> {
  const template = templateDir();
  if (existsSync(template)) return template;
  const building = `${template}.building-${process.pid}-${randomBytes(4).toString('hex')}`;
  const db = await openDatabase({ dataDir: building });
  await db.close();
  rmSync(join(building, 'server.pid'), { force: true });
  try {
    renameSync(building, template);
  } catch {
    rmSync(building, { recursive: true, force: true }); // another worker made it first
  }
  return template;
}

/** A fresh, migrated PGlite data directory. */
export async function freshDataDir(): Promise<string> {
  const template = await ensurePgliteTemplate();
  mkdirSync(join(tmpdir(), 'halal-fund-tests'), { recursive: true });
  const dir = mkdtempSync(join(tmpdir(), 'halal-fund-tests', 'data-'));
  cpSync(template, dir, { recursive: true });
  return dir;
}

/** A fresh PostgreSQL database on the TEST_DATABASE_URL server; returns its URL and a function to drop it. */
export async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Where PGlite keeps its data (pglite only). */
  dataDir: string;
  /** The PostgreSQL URL (postgres only). */
  databaseUrl?: string;
  close(): Promise<void>;
}

/**
 * Builds the app on a fresh database of the given kind (`clock`: the time of its business steps, `app.now()`;
 * `wrapDialect`: wraps the query layer, for fault tests).
 */
export async function startTestApp(
  kind: DbKind,
  overrides: Partial<Config> = {},
  schemasDir?: string,
  clock?: () => Date,
  wrapDialect?: (dialect: Dialect) => Dialect,
): Promise<TestApp> {
  const dataDir = kind === 'pglite' ? await freshDataDir() : '';
  const pgdb = kind === 'postgres' ? await freshPostgres() : undefined;
  // SHARIAH_REVIEW_REQUIRED is off here unless a test turns it on (tests/server/routes/shariah-review.test.ts): the
  // many tests that open a project are about something else.
  const config = loadConfig(
    { LOG_LEVEL: 'silent' },
    { dataDir, databaseUrl: pgdb?.url, jobs: false, maxEventLoopDelayMs: 0, authRateLimitPerMinute: 10_000, signInRateLimitPerMinute: 10_000, signInSlowAfter: 50, signInLockAfter: 100, shariahReviewRequired: false, ...overrides },
  );
  const database = await openDatabase({
    dataDir,
    databaseUrl: pgdb?.url,
    phoneRegion: config.defaultPhoneRegion,
    connectTimeoutMs: config.dbConnectTimeoutMs,
    poolSize: config.dbPoolSize,
    wrapDialect,
  });
  const app = await buildApp({ config, database, schemasDir, logger: false, clock });
  await app.ready();
  return {
    app,
    database,
    config,
    dataDir,
    databaseUrl: pgdb?.url,
    close: async () => {
      await app.close();
      await database.close();
      if (pgdb) await pgdb.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The JSON body of an injected response. */
export function json<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return JSON.parse(res.body) as T;
}

let counter = 0;
/** A new person's sign-up data (unique email and phone). */
export function person(password = 'Secret1!') {
  counter += 1;
  const n = `${process.pid % 1000}${Date.now() % 100000}${counter}`.slice(-8).padStart(8, '0');
  return { email: `user${n}@example.com`, phone: `+88017${n}`, password, retype_password: password };
}

/** Reads the newest code sent to a phone from the dev outbox. */
export async function latestCode(app: FastifyInstance, phone: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(phone)}` });
  const { messages } = json<{ messages: { code: string }[] }>(res);
  if (!messages[0]) throw new Error(`no message sent to ${phone}`);
  return messages[0].code;
}

/** Signs a new person up and verifies the phone; returns the person and a session token. */
export async function signUpVerified(app: FastifyInstance, password = 'Secret1!', options: { acknowledgeRisk?: boolean } = {}) {
  const who = person(password);
  const up = await app.inject({ method: 'POST', url: '/api/v1/auth/user/sign-up', payload: who });
  if (up.statusCode !== 201) throw new Error(`sign-up failed: ${up.body}`);
  const otp = await latestCode(app, who.phone);
  const res = await app.inject({ method: 'PATCH', url: '/api/v1/auth/user/verify-otp', payload: { phone: who.phone, otp } });
  const { token } = json<{ token: string }>(res);
  const auth = { authorization: `Bearer ${token}` };
  // Everyone has read the risk statement (issue 31 §4) unless a test says otherwise: its tests are where it matters.
  if (options.acknowledgeRisk !== false) await acknowledgeRisk(app, auth);
  return { ...who, token, auth };
}

/** Reads the current risk statement and acknowledges it, through the API. */
export async function acknowledgeRisk(app: FastifyInstance, auth: Record<string, string>): Promise<number> {
  const { version } = json<{ version: number }>(await app.inject({ method: 'GET', url: '/api/v1/risk-statement' }));
  const ack = await app.inject({ method: 'POST', url: '/api/v1/me/risk-acknowledgment', headers: auth, payload: { version } });
  if (ack.statusCode !== 201 && ack.statusCode !== 200) throw new Error(`risk acknowledgment failed: ${ack.body}`);
  return version;
}
