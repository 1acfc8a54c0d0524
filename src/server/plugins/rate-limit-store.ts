/**
 * The rate limits' counts in the database instead of one process's memory, so a limit of N per minute holds for
 * several server processes together. Each hit is one atomic upsert: a window that is over starts again at 1.
 * Keys are namespaced by route (a child store per route, as @fastify/rate-limit asks). Old windows are removed by
 * the purge job.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/** What the plugin passes to `child`: the route's options (typed by the plugin as RouteOptions). */
type ChildOptions = object & { routeInfo?: { method?: string | string[]; url?: string } };

/** A store class for @fastify/rate-limit's `store` option, bound to a database. */
export function databaseStore(db: Kysely<DB>) {
  return class DatabaseRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'global',
    ) {}

    incr(key: string, cb: Callback, timeWindow: number): void {
      const now = new Date();
      const windowStart = new Date(now.getTime() - timeWindow);
      sql<{ hits: number; window_started_at: Date }>`
        INSERT INTO rate_limits AS r (key, hits, window_started_at) VALUES (${`${this.prefix}|${key}`}, 1, ${now})
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN r.window_started_at <= ${windowStart} THEN 1 ELSE r.hits + 1 END,
          window_started_at = CASE WHEN r.window_started_at <= ${windowStart} THEN ${now}::timestamptz ELSE r.window_started_at END
        RETURNING hits, window_started_at
      `
        .execute(db)
        .then(({ rows }) => {
          const row = rows[0]!;
          const started = new Date(row.window_started_at).getTime();
          cb(null, { current: Number(row.hits), ttl: Math.max(0, started + timeWindow - now.getTime()) });
        })
        .catch((err: Error) => cb(err));
    }

    child(options: object) {
      const route = (options as ChildOptions).routeInfo;
      const method = Array.isArray(route?.method) ? route.method.join(',') : (route?.method ?? '');
      return new DatabaseRateLimitStore(undefined, route?.url ? `${method} ${route.url}` : this.prefix);
    }
  };
}
