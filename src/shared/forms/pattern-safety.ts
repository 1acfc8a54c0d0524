/**
 * Whether a pattern runs in time linear in the text on a backtracking engine (the browser's RegExp), decided by the
 * ReDoS checker recheck. The lint refuses any other, so the browser, which runs a schema's patterns on what the person
 * types with its own RegExp, never meets one that could freeze the page.
 *
 * Node only. recheck runs away from the event loop: on its native build (the `recheck-<os>-<arch>` package npm installs
 * beside it) when there is one, else on its pure-JavaScript build in a worker thread. Never its `java` backend, which
 * `auto` would try; nothing is downloaded either way. RECHECK_BACKEND, when set, is respected.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type * as RecheckModule from 'recheck';

/** The checker's answer for one pattern. */
export type PatternVerdict =
  | { status: 'linear' }
  | { status: 'super-linear'; growth: string; attack: string; parts: string[] }
  | { status: 'unknown'; reason: string };

/** How long the checker may think about one pattern before the lint gives up on it (and refuses it). */
export const CHECK_TIMEOUT_MS = 10_000;

type Recheck = typeof RecheckModule;

let recheck: Promise<Recheck> | undefined;

/** The backend recheck reads from RECHECK_BACKEND on each call: native when its package is installed, else a worker. */
function chooseBackend(): void {
  if (process.env.RECHECK_BACKEND) return;
  const os = ({ darwin: 'macos', linux: 'linux', win32: 'windows' } as Record<string, string>)[process.platform];
  let backend = 'worker';
  try {
    createRequire(import.meta.url).resolve(`recheck-${os}-${process.arch}/package.json`);
    backend = 'native';
  } catch {
    // No native build for this machine (npm skips optional packages of other platforms): the worker it is.
  }
  process.env.RECHECK_BACKEND = backend;
}

function load(): Promise<Recheck> {
  recheck ??= (chooseBackend(), import('recheck'));
  return recheck;
}

/** Verdicts by pattern: a schema repeats the same few patterns, and a draft is checked again and again. */
const verdicts = new Map<string, Promise<PatternVerdict>>();

/** What a saved verdict is only valid for: the checker's version and how it is asked. */
function cacheKey(): string {
  const { version } = createRequire(import.meta.url)('recheck/package.json') as { version: string };
  return `recheck ${version}, flags u, timeout ${CHECK_TIMEOUT_MS}`;
}

/**
 * Reads verdicts saved by `saveVerdicts` (a missing or outdated file is no verdict): the checker needs seconds for
 * some patterns, and `npm run schemas:check` meets the same ones every time.
 */
export function loadVerdicts(file: string): void {
  let saved: { key?: string; verdicts?: Record<string, PatternVerdict> };
  try {
    saved = JSON.parse(readFileSync(file, 'utf8')) as typeof saved;
  } catch {
    return;
  }
  if (saved.key !== cacheKey() || !saved.verdicts) return;
  for (const [source, verdict] of Object.entries(saved.verdicts)) if (!verdicts.has(source)) verdicts.set(source, Promise.resolve(verdict));
}

/** Saves every decided verdict of this process (not those the checker gave up on) for `loadVerdicts`. */
export async function saveVerdicts(file: string): Promise<void> {
  const decided: Record<string, PatternVerdict> = {};
  for (const [source, verdict] of verdicts) {
    const v = await verdict;
    if (v.status !== 'unknown') decided[source] = v;
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ key: cacheKey(), verdicts: decided })}\n`);
}

/** How the matching time of a super-linear pattern grows with the text's length, in words. */
function growthOf(complexity: { type: string; degree?: number }): string {
  if (complexity.type === 'exponential') return 'exponential time';
  if (complexity.degree === 2) return 'time growing with the square of the length';
  return `time growing with the length to the power ${complexity.degree ?? '2 or more'}`;
}

async function decide(source: string): Promise<PatternVerdict> {
  const { check } = await load();
  const d = await check(source, 'u', { timeout: CHECK_TIMEOUT_MS });
  if (d.status === 'safe') return { status: 'linear' };
  if (d.status === 'vulnerable') {
    const heat = d.hotspot.filter((h) => h.temperature === 'heat').map((h) => source.slice(h.start, h.end));
    return { status: 'super-linear', growth: growthOf(d.complexity), attack: d.attack.pattern, parts: [...new Set(heat)] };
  }
  const reason = d.error.kind === 'timeout' ? `the checker gave up after ${CHECK_TIMEOUT_MS / 1000} s` : 'message' in d.error ? d.error.message : d.error.kind;
  return { status: 'unknown', reason };
}

/**
 * The checker's verdict on a pattern (with the `u` flag, as Ajv compiles it), cached for the life of the process.
 * The pattern must be one RE2 runs (no look-arounds, no backreferences): the checker's exact analysis needs that.
 */
export function patternComplexity(source: string): Promise<PatternVerdict> {
  let verdict = verdicts.get(source);
  if (!verdict) {
    verdict = decide(source).catch((err: unknown): PatternVerdict => ({ status: 'unknown', reason: (err as Error).message }));
    verdicts.set(source, verdict);
    // A checker that gave up (a busy machine, say) is asked again next time.
    void verdict.then((v) => v.status === 'unknown' && verdicts.delete(source));
  }
  return verdict;
}
