/**
 * Readiness (`GET /api/v1/ready`) beside liveness (`/health`), on PGlite and PostgreSQL: ready when the database
 * answers and every migration is applied; 503 with a JSON message saying what is wrong otherwise.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import type { Database } from '../../../src/server/db/database';
import { migrationFiles } from '../../../src/server/db/migrate';
import { DATABASE_UNAVAILABLE } from '../../../src/server/errors';
import type { DB } from '../../../src/server/db/schema';
import { DB_KINDS, json, startTestApp, type TestApp } from '../helpers';

describe.each(DB_KINDS)('readiness on %s', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close().catch(() => undefined);
    t = undefined;
  });

  it('is ready when the database answers and every migration is applied', async () => {
    t = await startTestApp(kind);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ status: 'ready' });
  });

  it('answers 503 naming the migration that is not applied', async () => {
    t = await startTestApp(kind);
    const last = migrationFiles().at(-1)!;
    await sql`DELETE FROM schema_migrations WHERE name = ${last}`.execute(t.database.db);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(json(res)).toEqual({ status: 'unavailable', message: `Database migrations not applied: ${last}` });
  });

});

describe('readiness without a database', () => {
  it('answers 503 with the reason when PostgreSQL cannot be reached, and every other request 503 to retry', async () => {
    // A real pool aimed at a port where nothing listens: every connection is refused.
    const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/none', connectionTimeoutMillis: 2000 });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    const config = loadConfig({ LOG_LEVEL: 'silent' }, { dataDir: '', databaseUrl: 'postgres://postgres@127.0.0.1:1/none' });
    const database: Database = { db, kind: 'postgres', where: '127.0.0.1:1', applied: [], poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }), close: () => db.destroy() };
    const app = await buildApp({ config, database, logger: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/v1/ready' });
      expect(res.statusCode).toBe(503);
      expect(json(res)).toEqual({ status: 'unavailable', message: expect.stringMatching(/^The database is not reachable: .*ECONNREFUSED/) });
      // Every other request too: 503 with Retry-After and a sentence, not a 500 (a read, and a write behind its rate limit).
      for (const req of [{ method: 'GET', url: '/api/v1/health' }, { method: 'POST', url: '/api/v1/newsletter', payload: { email: 'a@example.com' } }] as const) {
        const other = await app.inject(req);
        expect(other.statusCode).toBe(503);
        expect(other.headers['retry-after']).toBe('5');
        expect(json(other)).toEqual({ message: DATABASE_UNAVAILABLE });
      }
    } finally {
      await app.close();
      await database.close();
    }
  });
});
