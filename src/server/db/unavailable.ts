/**
 * Tells a database that cannot be reached (stopped, restarting, failing over, out of connections, or not answering
 * in time) from every other failure, so a request that meets it is answered 503 with Retry-After — try again soon,
 * from this process or another — instead of a 500 that says something is broken. A pool that had no connection free
 * in time is told apart again: the database is up and this process is busy (`isPoolExhausted`).
 */

/**
 * SQLSTATEs of a server that is going away or not there yet: the whole class 08 (connection exception), 57P01
 * admin shutdown (a fast stop terminates every session), 57P02 crash shutdown, 57P03 cannot connect now (starting
 * up, shutting down, in recovery), 53300 too many connections.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Node's socket errors when connecting to the server or when it vanishes under a connection. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * pg's own words for a connection that died or could not be had: the socket closed under a query, a client broken by
 * that, and a new connection that did not open within `connectionTimeoutMillis` ("Connection terminated due to
 * connection timeout").
 */
const DRIVER_MESSAGES = [/^Connection terminated/, /^Client has encountered a connection error and is not queryable/, /^Connection ended unexpectedly/];

/**
 * pg-pool's words when every connection of the pool stayed in use for `connectionTimeoutMillis` while a query waited
 * for one (a new connection that cannot open fails with other words, above). The database answers; this process has
 * more work than connections.
 */
const POOL_EXHAUSTED = /^timeout exceeded when trying to connect/;

/** True when `err` says no pooled connection came free in time: the process is busy, the database is up. */
export function isPoolExhausted(err: unknown): boolean {
  const message = (err as { message?: unknown } | null)?.message;
  return typeof message === 'string' && POOL_EXHAUSTED.test(message);
}

interface ErrorLike {
  code?: unknown;
  syscall?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** True when `err` (or what caused it) means the database is unreachable right now, not that the request is wrong. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as ErrorLike;
  const code = typeof e.code === 'string' ? e.code : '';
  if (code.startsWith('08') && code.length === 5) return true;
  if (UNAVAILABLE_STATES.has(code)) return true;
  if (SOCKET_CODES.has(code)) return true;
  // A Unix socket path that is gone while the server is down (ENOENT from connect, not from the file system).
  if (code === 'ENOENT' && e.syscall === 'connect') return true;
  if (typeof e.message === 'string' && DRIVER_MESSAGES.some((m) => m.test(e.message as string))) return true;
  // Node reports a refused connection to a name with several addresses as an AggregateError of each attempt.
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
