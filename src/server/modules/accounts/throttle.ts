/**
 * Sign-in throttling, kept in the database so it holds across restarts and app servers. Attempts are counted per
 * account identifier (also for identifiers with no account: the answer must not reveal which exist) and per client
 * address. Each attempt is counted *before* the password is checked, in one atomic statement, so a burst of
 * parallel guesses cannot slip past the limit; a successful sign-in takes its attempt back.
 * After `slowAfter` attempts each answer is delayed; the attempt that reaches `lockAfter` locks the key for
 * `lockMinutes`, and a locked key is refused with 429. An address gets five times the allowance (people share one).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { describeWait, tooManyRequests } from '../../errors';
import { clearKey, countAttempt, countedKeys, deleteKeys, takeBack } from './queries/throttle';

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

/** The throttle keys of a client address and of account identifiers (as `beginAttempt` names them). */
export const addressKey = (address: string) => `address:${address}`;
export const accountKey = (identifier: string) => `account:${identifier}`;

function keysOf(keys: ThrottleKeys): [string, number][] {
  return [
    [accountKey(keys.account), 1],
    [addressKey(keys.address), ADDRESS_FACTOR],
  ];
}

/**
 * Counts one sign-in attempt on both keys. Throws 429 when a key is locked (its attempt is then not counted);
 * otherwise returns how long to wait before answering (0 until the slow-down starts).
 */
export async function beginAttempt(db: Kysely<DB>, keys: ThrottleKeys, policy: ThrottlePolicy): Promise<number> {
  const now = new Date();
  const windowStart = new Date(now.getTime() - policy.lockMinutes * 60_000);
  const lockUntil = new Date(now.getTime() + policy.lockMinutes * 60_000);
  let delay = 0;
  const counted: string[] = [];
  for (const [key, factor] of keysOf(keys)) {
    const limit = policy.lockAfter * factor;
    const r = await countAttempt(db, key, { now, windowStart, lockUntil, limit });
    if (Number(r.failures) > limit) {
      await Promise.all(counted.map((k) => takeBack(db, k)));
      const until = r.locked_until ? new Date(r.locked_until).getTime() : lockUntil.getTime();
      const wait = (until - now.getTime()) / 1000;
      throw tooManyRequests(`Too many failed sign-in attempts. Try again in ${describeWait(wait)}.`, wait);
    }
    counted.push(key);
    const over = Number(r.failures) - policy.slowAfter * factor;
    if (over > 0) delay = Math.max(delay, Math.min(MAX_DELAY_MS, over * STEP_MS));
  }
  return delay;
}

/**
 * A successful sign-in: the account's count is cleared, and the address gets this attempt back (so people behind
 * one address who sign in correctly never lock each other out).
 */
export async function attemptSucceeded(db: Kysely<DB>, keys: ThrottleKeys): Promise<void> {
  await clearKey(db, accountKey(keys.account));
  await takeBack(db, addressKey(keys.address));
}

/** Clears an account's count (after a password reset proved who they are). */
export async function clearAccount(db: Kysely<DB>, account: string): Promise<void> {
  await clearKey(db, accountKey(account));
}

/** A sign-in throttle row, as staff see it. */
export interface SignInLock {
  key: string;
  failures: number;
  lockedUntil: Date | null;
}

/** The keys that are locked now or have failures counted, newest lock first. */
export async function listLocks(db: Kysely<DB>): Promise<SignInLock[]> {
  const rows = await countedKeys(db, new Date());
  return rows.map((r) => ({ key: r.key, failures: Number(r.failures), lockedUntil: r.locked_until }));
}

/** Lifts locks and forgets counted failures for the given keys; returns the rows that were there. */
export async function unlock(db: Kysely<DB>, keys: string[]): Promise<SignInLock[]> {
  if (keys.length === 0) return [];
  const rows = await deleteKeys(db, keys);
  return rows.map((r) => ({ key: r.key, failures: Number(r.failures), lockedUntil: r.locked_until }));
}
