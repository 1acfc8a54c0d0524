/** What every simulated person shares: the client, the record, the open projects, the clock and the crowd's counter. */
import { setTimeout as sleep } from 'node:timers/promises';
import type { LoadClient } from './client';
import { identity, type Identity } from './forms';
import type { Recorder } from './recorder';

export interface World {
  client: LoadClient;
  rec: Recorder;
  /** The open projects, each with its owner's index among the owners. */
  projects: { id: string }[];
  /** When the day ends (ms since the epoch): nobody starts a request after it. */
  until: number;
  /** A person's mean pause between two steps (reading a page, filling a form), in ms. */
  thinkMs: number;
  /** The number of the next person made. */
  counter: { n: number };
}

/** An account the load made, and its session while signed in. */
export interface Account {
  who: Identity;
  token?: string;
}

export const running = (w: World): boolean => Date.now() < w.until;

/** A new person (never seen before: their own e-mail, phone and address). */
export function newPerson(w: World, role: string): Identity {
  w.counter.n += 1;
  return identity(w.counter.n, role);
}

/** A person's pause: between 0.3× and 1.7× the mean think time, cut short when the day ends. */
export async function think(w: World, scale = 1): Promise<void> {
  const ms = w.thinkMs * scale * (0.3 + 1.4 * Math.random());
  await sleep(Math.max(0, Math.min(ms, w.until - Date.now())));
}

export function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

/** A whole number from `min` to `max`. */
export function between(min: number, max: number): number {
  return min + Math.floor(Math.random() * (max - min + 1));
}
