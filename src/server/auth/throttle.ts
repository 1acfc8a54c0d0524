/**
 * Sign-in throttling, kept in the database so it holds across restarts and app servers. Failures are counted per
 * account identifier (also for identifiers with no account: the answer must not reveal which exist) and per
 * client address. After `slowAfter` failures each answer is delayed; after `lockAfter` the key is refused with
 * 429 for `lockMinutes`. An address gets five times the allowance (many people share one).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { describeWait, tooManyRequests } from '../errors';

export interface ThrottlePolicy {
  slowAfter: number;
  lockAfter: number;
  lockMinutes: number;
}

const ADDRESS_FACTOR = 5;
const STEP_MS = 250;
const MAX_DELAY_MS = 2000;

export interface ThrottleKeys {
  account: string;
  address: string;
}

function keysOf(keys: ThrottleKeys): [string, number][] {
  return [
    [`account:${keys.account}`, 1],
    [`address:${keys.address}`, ADDRESS_FACTOR],
  ];
}

/**
 * Before checking a password: throws 429 while a key is locked; otherwise returns how long to wait before
 * answering (0 until the slow-down starts).
 */
export async function throttleBefore(db: Kysely<DB>, keys: ThrottleKeys, policy: ThrottlePolicy): Promise<number> {
  const now = Date.now();
  const rows = await db
    .selectFrom('signin_failures')
    .selectAll()
    .where('key', 'in', keysOf(keys).map(([k]) => k))
    .execute();
  let delay = 0;
  for (const row of rows) {
    const factor = row.key.startsWith('address:') ? ADDRESS_FACTOR : 1;
    if (row.locked_until && row.locked_until.getTime() > now) {
      const wait = (row.locked_until.getTime() - now) / 1000;
      throw tooManyRequests(`Too many failed sign-in attempts. Try again in ${describeWait(wait)}.`, wait);
    }
    const windowOpen = row.window_started_at.getTime() > now - policy.lockMinutes * 60_000;
    const over = windowOpen ? row.failures - policy.slowAfter * factor + 1 : 0;
    if (over > 0) delay = Math.max(delay, Math.min(MAX_DELAY_MS, over * STEP_MS));
  }
  return delay;
}

/** Records a failed attempt on both keys, locking a key that reaches its limit. */
export async function recordFailure(db: Kysely<DB>, keys: ThrottleKeys, policy: ThrottlePolicy): Promise<void> {
  const windowStart = new Date(Date.now() - policy.lockMinutes * 60_000);
  const lockUntil = new Date(Date.now() + policy.lockMinutes * 60_000);
  for (const [key, factor] of keysOf(keys)) {
    const limit = policy.lockAfter * factor;
    await db
      .insertInto('signin_failures')
      .values({ key, failures: 1, window_started_at: new Date(), locked_until: limit <= 1 ? lockUntil : null })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          failures: sql<number>`CASE WHEN signin_failures.window_started_at < ${windowStart} THEN 1 ELSE signin_failures.failures + 1 END`,
          window_started_at: sql<Date>`CASE WHEN signin_failures.window_started_at < ${windowStart} THEN now() ELSE signin_failures.window_started_at END`,
          locked_until: sql<Date | null>`CASE WHEN signin_failures.window_started_at >= ${windowStart} AND signin_failures.failures + 1 >= ${limit} THEN ${lockUntil}::timestamptz ELSE NULL END`,
        }),
      )
      .execute();
  }
}

/** A successful sign-in clears the account's count (not the address's). */
export async function recordSuccess(db: Kysely<DB>, keys: ThrottleKeys): Promise<void> {
  await db.deleteFrom('signin_failures').where('key', '=', `account:${keys.account}`).execute();
}
