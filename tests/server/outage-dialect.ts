/**
 * A database that goes away at a chosen moment, for fault tests: wraps the query layer's dialect (PGlite's or
 * PostgreSQL's) so that, once armed with a pattern, the first statement matching it is let through, and as soon as it
 * is committed (at its transaction's COMMIT, or when it returns outside a transaction) every statement sent afterwards
 * fails as on a stopped server (ECONNREFUSED), until `end()`. (At the statement, not when a connection is asked for:
 * Kysely keeps PGlite's one connection behind a lock that a refused acquisition would never release.) What the app
 * does after a write committed is then done with no database: the moment a restart or a pool timeout can strike.
 */
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';

export interface Outage {
  /** The database goes away once a statement whose SQL matches `pattern` has committed. */
  afterCommitOf(pattern: RegExp): void;
  /** True once it went away (and until `end`). */
  readonly down: boolean;
  /** The database is back; disarmed. */
  end(): void;
  /** Wraps a dialect (pass to `startTestApp`). */
  wrap(dialect: Dialect): Dialect;
}

interface Tracked {
  inTransaction: boolean;
  /** The transaction ran the armed statement: the database goes away at its commit. */
  hit: boolean;
}

function refused(): Error {
  return Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432 (the test stopped the database)'), { code: 'ECONNREFUSED', syscall: 'connect' });
}

export function outage(): Outage {
  let pattern: RegExp | null = null;
  let down = false;
  const tracked = new WeakMap<DatabaseConnection, Tracked>();

  const track = (connection: DatabaseConnection): Tracked => {
    let t = tracked.get(connection);
    if (t) return t;
    t = { inTransaction: false, hit: false };
    tracked.set(connection, t);
    const state = t;
    const execute = connection.executeQuery.bind(connection);
    connection.executeQuery = async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
      if (down) throw refused();
      const matches = pattern !== null && pattern.test(query.sql);
      const result = await execute<R>(query);
      if (matches) {
        pattern = null;
        if (state.inTransaction) state.hit = true;
        else down = true;
      }
      return result;
    };
    return state;
  };

  const wrapDriver = (driver: Driver): Driver => ({
    init: (options) => driver.init(options),
    async acquireConnection(options) {
      const connection = await driver.acquireConnection(options);
      track(connection);
      return connection;
    },
    async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
      await driver.beginTransaction(connection, settings);
      Object.assign(track(connection), { inTransaction: true, hit: false });
    },
    async commitTransaction(connection) {
      await driver.commitTransaction(connection);
      const t = track(connection);
      t.inTransaction = false;
      if (t.hit) down = true;
      t.hit = false;
    },
    async rollbackTransaction(connection) {
      await driver.rollbackTransaction(connection);
      Object.assign(track(connection), { inTransaction: false, hit: false });
    },
    releaseConnection: (connection, options) => driver.releaseConnection(connection, options),
    destroy: (options) => driver.destroy(options),
  });

  return {
    afterCommitOf(p) {
      pattern = p;
      down = false;
    },
    get down() {
      return down;
    },
    end() {
      pattern = null;
      down = false;
    },
    wrap: (dialect) => ({
      createAdapter: () => dialect.createAdapter(),
      createDriver: () => wrapDriver(dialect.createDriver()),
      createIntrospector: (db) => dialect.createIntrospector(db),
      createQueryCompiler: () => dialect.createQueryCompiler(),
    }),
  };
}
