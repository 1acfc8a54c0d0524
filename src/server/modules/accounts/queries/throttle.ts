/** Sign-in throttling's counts (table signin_failures), one row per key (throttle.ts says what the keys are). */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../db/schema';

/** A key's row as a count leaves it. */
export interface CountedKey {
  failures: number;
  locked_until: Date | null;
}

/**
 * Counts one attempt on a key in one atomic statement. A window that is over (and not locked) starts again at 1; the
 * attempt that reaches `limit` locks the key until `lockUntil`; any attempt counted past the limit came after the
 * lock. (Telling "locked before" apart by comparing timestamps would fail for requests of one millisecond.)
 */
export async function countAttempt(db: Kysely<DB>, key: string, at: { now: Date; windowStart: Date; lockUntil: Date; limit: number }): Promise<CountedKey> {
  const { now, windowStart, lockUntil, limit } = at;
  const result = await sql<CountedKey>`
    INSERT INTO signin_failures AS f (key, failures, window_started_at, locked_until)
    VALUES (${key}, 1, ${now}, ${limit <= 1 ? lockUntil : null}::timestamptz)
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE
        WHEN f.window_started_at < ${windowStart} AND (f.locked_until IS NULL OR f.locked_until <= ${now}) THEN 1
        ELSE f.failures + 1 END,
      window_started_at = CASE
        WHEN f.window_started_at < ${windowStart} AND (f.locked_until IS NULL OR f.locked_until <= ${now}) THEN ${now}::timestamptz
        ELSE f.window_started_at END,
      locked_until = CASE
        WHEN f.locked_until > ${now} THEN f.locked_until
        WHEN f.window_started_at < ${windowStart} THEN ${limit <= 1 ? lockUntil : null}::timestamptz
        WHEN f.failures + 1 >= ${limit} THEN ${lockUntil}::timestamptz
        ELSE NULL END
    RETURNING failures, locked_until
  `.execute(db);
  return result.rows[0]!;
}

/** Takes one counted attempt back from a key (never below 0). */
export async function takeBack(db: Kysely<DB>, key: string): Promise<void> {
  await db
    .updateTable('signin_failures')
    .set((eb) => ({ failures: sql<number>`greatest(${eb.ref('failures')} - 1, 0)` }))
    .where('key', '=', key)
    .execute();
}

/** Forgets a key's count and lock. */
export async function clearKey(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom('signin_failures').where('key', '=', key).execute();
}

/** The keys that are locked now or have failures counted, newest lock first. */
export function countedKeys(db: Kysely<DB>, now: Date) {
  return db
    .selectFrom('signin_failures')
    .select(['key', 'failures', 'locked_until'])
    .where((eb) => eb.or([eb('failures', '>', 0), eb('locked_until', '>', now)]))
    .orderBy('locked_until', 'desc')
    .orderBy('key')
    .execute();
}

/** Deletes the rows of these keys; returns the rows that were there. */
export function deleteKeys(db: Kysely<DB>, keys: string[]) {
  return db.deleteFrom('signin_failures').where('key', 'in', keys).returning(['key', 'failures', 'locked_until']).execute();
}
