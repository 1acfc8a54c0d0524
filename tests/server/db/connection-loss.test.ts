/**
 * A PostgreSQL connection that dies while the app holds it (issue 27 §2): the server ending a session in the middle
 * of a transaction used to emit an 'error' event on the checked-out client that nothing listened to, which ends the
 * process (here it would fail the run as an uncaught exception). Now the transaction's next statement fails with an
 * error the app reads as "database unavailable" (a 503 to retry), and the pool serves the next query on a fresh
 * connection. Runs against TEST_DATABASE_URL's server, ending only this test's own session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type Database } from '../../../src/server/db/database';
import { isDatabaseUnavailable, isPoolExhausted } from '../../../src/server/db/unavailable';
import { freshPostgres } from '../helpers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL connection lost while in use', () => {
  let pgdb: Awaited<ReturnType<typeof freshPostgres>>;
  let database: Database;
  let admin: pg.Client;

  beforeAll(async () => {
    pgdb = await freshPostgres();
    database = await openDatabase({ dataDir: '', databaseUrl: pgdb.url, migrate: false });
    admin = new pg.Client({ connectionString: pgdb.url });
    await admin.connect();
  });

  afterAll(async () => {
    await admin?.end();
    await database?.close();
    await pgdb?.drop();
  });

  it('fails the transaction as "database unavailable" instead of ending the process, and the pool recovers', async () => {
    let failure: unknown;
    try {
      await database.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
        // What a restart does to every session (57P01), to this one only, while the transaction waits between
        // statements: the client is checked out and idle, so the error arrives as an event, not as a query's answer.
        await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
        await sleep(300);
        await sql`SELECT 1`.execute(trx);
      });
    } catch (err) {
      failure = err;
    }
    expect(failure).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(failure)).toBe(true);

    const { rows } = await sql<{ ok: number }>`SELECT 1 AS ok`.execute(database.db);
    expect(rows).toEqual([{ ok: 1 }]);
  });
});

describe('which errors mean the database is unavailable', () => {
  it('knows a refused connection, a restart, a server starting up and a lost socket, and nothing else', async () => {
    // A real refusal: nothing listens on port 1.
    const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:1/none' });
    const refused = await client.connect().then(
      () => null,
      (err: unknown) => err,
    );
    expect(isDatabaseUnavailable(refused)).toBe(true);
    const state = (code: string) => Object.assign(new Error('from the server'), { code });
    expect(isDatabaseUnavailable(state('57P01'))).toBe(true); // terminating connection due to administrator command
    expect(isDatabaseUnavailable(state('57P03'))).toBe(true); // the database system is starting up
    expect(isDatabaseUnavailable(state('08006'))).toBe(true); // connection failure
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated due to connection timeout'))).toBe(true); // a new connection that did not open
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: state('57P01') }))).toBe(true);

    expect(isDatabaseUnavailable(state('23505'))).toBe(false); // a unique violation is the request's business
    expect(isDatabaseUnavailable(state('40P01'))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('no such file'), { code: 'ENOENT', syscall: 'open' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it('tells a pool with no connection free in time (a busy process, the database up) from an outage', () => {
    const waited = new Error('timeout exceeded when trying to connect'); // pg-pool, after connectionTimeoutMillis
    expect(isPoolExhausted(waited)).toBe(true);
    expect(isDatabaseUnavailable(waited)).toBe(false);
    expect(isPoolExhausted(new Error('Connection terminated due to connection timeout'))).toBe(false);
    expect(isPoolExhausted(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(false);
    expect(isPoolExhausted(undefined)).toBe(false);
  });
});
