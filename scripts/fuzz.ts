/**
 * The long fuzz, outside `npm test`: `npm run fuzz -- [--cases N] [--seed S] [--memory N]`.
 * Builds the app on a fresh embedded database (or DATABASE_URL), makes a user and a staff member, then sends N
 * fuzzed requests over every operation of the OpenAPI document (default 38,000, like the audit that found the
 * issues) and reports every 5xx or unreadable 4xx with the request that caused it. With `--memory N` it then sends
 * N more bad requests and compares the heap after a garbage collection with the heap before (goal: within 20 %).
 * Exit 1 when anything failed. Run with `node --expose-gc` for the memory figure (the npm script does).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { fuzzCases, judge } from './lib/fuzz';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const cases = arg('cases', 38_000);
const seed = arg('seed', Date.now() % 1_000_000);
const memoryRequests = arg('memory', 30_000);

const dataDir = process.env.DATABASE_URL ? '' : mkdtempSync(join(tmpdir(), 'halal-fund-fuzz-'));
const config = loadConfig(
  { ...process.env, LOG_LEVEL: 'silent' },
  { dataDir, jobs: false, maxEventLoopDelayMs: 0, authRateLimitPerMinute: 1_000_000, signInRateLimitPerMinute: 1_000_000, signInSlowAfter: 1_000, signInLockAfter: 2_000 },
);
const database = await openDatabase({ dataDir, databaseUrl: config.databaseUrl });
const app = await buildApp({ config, database, logger: false });
await app.ready();

async function account(staff: boolean): Promise<Record<string, string>> {
  const n = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  const who = { email: `fuzz${n}@example.com`, phone: `+88017${n}`, password: 'Secret1!', retype_password: 'Secret1!' };
  const up = await app.inject({ method: 'POST', url: '/api/v1/auth/user/sign-up', payload: who });
  if (up.statusCode !== 201) throw new Error(`sign-up failed (${up.statusCode}): ${up.body}`);
  const outbox = await app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(who.phone)}` });
  const sent = (JSON.parse(outbox.body) as { messages?: { code: string }[] }).messages?.[0];
  if (!sent) throw new Error(`no code in the outbox (${outbox.statusCode}): ${outbox.body}`);
  const otp = sent.code;
  const verified = await app.inject({ method: 'PATCH', url: '/api/v1/auth/user/verify-otp', payload: { phone: who.phone, otp } });
  if (staff) {
    await database.db.updateTable('users').set({ is_staff: true }).where('email', '=', who.email).execute();
    app.forgetSessions();
  }
  return { authorization: `Bearer ${(JSON.parse(verified.body) as { token: string }).token}` };
}

/** Sends cases; returns the failures. Identities are remade when the fuzz signs one out. */
async function run(list: ReturnType<typeof fuzzCases>, label: string): Promise<string[]> {
  const auth: Record<string, Record<string, string>> = { anonymous: {}, user: await account(false), staff: await account(true) };
  const failures: string[] = [];
  const started = performance.now();
  let slowest = { ms: 0, label: '' };
  for (const [i, c] of list.entries()) {
    const t0 = performance.now();
    const res = await app.inject({ method: c.method as 'GET', url: c.url, headers: { ...c.headers, ...auth[c.identity] }, payload: c.payload });
    const ms = performance.now() - t0;
    if (ms > slowest.ms) slowest = { ms, label: c.label };
    const problem = judge(res.statusCode, res.headers['content-type'] as string | undefined, res.body);
    if (problem) failures.push(`${c.label}: ${problem}`);
    if (c.url.endsWith('/sign-out') || c.url.endsWith('/change-password')) auth[c.identity === 'staff' ? 'staff' : 'user'] = await account(c.identity === 'staff');
    if ((i + 1) % 5000 === 0) console.log(`  ${label}: ${i + 1}/${list.length}, ${failures.length} failures`);
  }
  const secs = (performance.now() - started) / 1000;
  console.log(`${label}: ${list.length} requests in ${secs.toFixed(1)} s (${(list.length / secs).toFixed(0)}/s), slowest ${slowest.ms.toFixed(0)} ms (${slowest.label.slice(0, 120)}), ${failures.length} failures`);
  return failures;
}

const doc = app.swagger() as unknown as Parameters<typeof fuzzCases>[0];
console.log(`fuzz seed ${seed}, database ${database.kind}`);
const failures = await run(fuzzCases(doc, cases, seed), 'fuzz');

let memoryOk = true;
if (memoryRequests > 0) {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) console.log('memory: run with node --expose-gc for the heap figure');
  else {
    // Bad requests only (a body or an encoded address to refuse): about half the cases are, so make twice as many.
    const bad = fuzzCases(doc, memoryRequests * 3, seed + 1)
      .filter((c) => c.payload !== undefined || c.url.includes('%'))
      .slice(0, memoryRequests);
    failures.push(...(await run(bad.slice(0, 2000), 'memory warm-up')));
    gc();
    const before = process.memoryUsage().heapUsed;
    failures.push(...(await run(bad, 'memory')));
    gc();
    const after = process.memoryUsage().heapUsed;
    const ratio = after / before;
    memoryOk = ratio <= 1.2;
    console.log(`memory: heap ${(before / 1e6).toFixed(1)} MB before, ${(after / 1e6).toFixed(1)} MB after ${bad.length} bad requests and a GC: ${ratio.toFixed(2)}× (goal ≤ 1.20×) ${memoryOk ? '✔' : '✖'}`);
  }
}

for (const f of failures.slice(0, 50)) console.log(`  ✖ ${f}`);
await app.close();
await database.close();
if (dataDir) rmSync(dataDir, { recursive: true, force: true });
process.exit(failures.length === 0 && memoryOk ? 0 : 1);
