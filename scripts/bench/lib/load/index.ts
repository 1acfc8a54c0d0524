/**
 * A day of mixed load (issue 27 §4), shared by `npm run bench -- load` and tests/server/mixed-load.test.ts: starts
 * `processes` real server processes (the built bundle, as `npm start` runs it) on one PostgreSQL database, casts the
 * day (staff, verified owners with approved projects, investors), then lets a crowd of `people` act for `seconds`:
 * visitors reading rendered pages and the API, newcomers signing up and in, investors sending agreement requests,
 * owners accepting them, donors pledging, staff confirming. This process is the load generator only: the servers
 * run in their own processes, with their own event loops. At the end it checks the database against every
 * acknowledged write.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startBuiltApp, type Running } from '../server';
import { LoadClient } from './client';
import { sampleEvery, type Sample } from './metrics';
import { donor, investor, newcomer, owner, staff, visitor } from './people';
import { Recorder } from './recorder';
import { cast } from './setup';
import { verify, type Check } from './verify';
import type { World } from './world';

export interface LoadOptions {
  /** An empty PostgreSQL database (the servers migrate it). */
  databaseUrl: string;
  processes: number;
  people: number;
  seconds: number;
  /** A person's mean pause between steps (ms). */
  thinkMs: number;
  /** How often each process's /metrics is read (s). */
  sampleSeconds: number;
  /** The servers' log level (`info`, the default in production, logs every request). */
  logLevel?: string;
  /** More settings for the servers (e.g. MAX_EVENT_LOOP_DELAY_MS). */
  serverEnv?: Record<string, string>;
  /** Told what is happening (a line at a time), e.g. console.log. */
  progress?: (line: string) => void;
}

export interface Crowd {
  visitors: number;
  newcomers: number;
  donors: number;
  investors: number;
  owners: number;
  staff: number;
}

export interface LoadResult {
  crowd: Crowd;
  recorder: Recorder;
  /** When the crowd started (ms since the epoch). */
  began: number;
  /** How long the crowd acted (s). */
  seconds: number;
  /** Per process, its /metrics readings through the day. */
  samples: Sample[][];
  /** /metrics readings that failed. */
  samplesFailed: number;
  /** The load generator's own event-loop delay (ms): high values would make every latency look worse than it is. */
  driverLag: { p99: number; max: number };
  /** Per process, the lines it logged at level error or fatal (the first few of them in `serverErrorLines`). */
  serverErrors: number[];
  serverErrorLines: string[];
  /** Whether every process was still running at the end. */
  allAlive: boolean;
  checks: Check[];
}

/** How a crowd of `people` is made up: half visitors, the rest newcomers, donors, investors, owners and a few staff. */
export function crowdOf(people: number): Crowd {
  const staff = Math.min(3, Math.max(1, Math.round(people / 100)));
  const owners = Math.max(2, Math.round(people * 0.06));
  const investors = Math.max(2, Math.round(people * 0.12));
  const donors = Math.max(1, Math.round(people * 0.15));
  const newcomers = Math.max(1, Math.round(people * 0.15));
  const visitors = Math.max(1, people - staff - owners - investors - donors - newcomers);
  return { visitors, newcomers, donors, investors, owners, staff };
}

/** Reads a process's log for lines at level error (50) or fatal (60). */
function errorLines(logFile: string): string[] {
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => /"level":(50|60)\b/.test(line) || /^(Error|Unhandled|node:internal)/.test(line));
}

export async function runMixedLoad(options: LoadOptions): Promise<LoadResult> {
  const say = options.progress ?? (() => undefined);
  const logDir = mkdtempSync(join(tmpdir(), 'halal-fund-load-'));
  const logs = Array.from({ length: options.processes }, (_, i) => join(logDir, `server-${i + 1}.log`));
  // The day's investors send an agreement request every few steps, far past a retail investor's limits within the
  // hour: they play qualified investors (no limits), so every request they send is one the servers must store.
  // The limits themselves are proven by tests/server/routes/investor-limits.test.ts.
  const env = {
    DATABASE_URL: options.databaseUrl,
    TRUST_PROXY: '1',
    LOG_LEVEL: options.logLevel ?? 'info',
    LIMIT_RETAIL_PER_PROJECT: '0',
    LIMIT_RETAIL_PER_YEAR: '0',
    // Nor do they stop to read the risk statement: the load is about the writes, the acknowledgment has its own tests
    // (tests/server/routes/risk-acknowledgment.test.ts).
    RISK_ACK_REQUIRED: '0',
    ...options.serverEnv,
  };
  const started = await Promise.allSettled(logs.map((log) => startBuiltApp(env, log)));
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const recorder = new Recorder();
  const client = new LoadClient(
    servers.map((s) => s.url),
    recorder,
  );
  // The servers' logs are kept when anything went wrong (their directory is named in the error or the result).
  let keepLogs = true;
  try {
    const failedStart = started.find((s) => s.status === 'rejected');
    if (failedStart) throw (failedStart as PromiseRejectedResult).reason;
    say(`${servers.length} server processes ready (${servers.map((s) => s.url).join(', ')}); logs in ${logDir}`);

    const crowd = crowdOf(options.people);
    const world: World = { client, rec: recorder, projects: [], until: Number.POSITIVE_INFINITY, thinkMs: options.thinkMs, counter: { n: 0 } };
    const day = await cast(world, options.databaseUrl, crowd);
    world.projects = day.owners.map((o) => ({ id: o.projectId }));
    await expectRenderedPages(client, world.projects[0]!.id);
    say(`cast: ${crowd.staff} staff, ${crowd.owners} owners with an open project each, ${crowd.investors} investors; then ${crowd.visitors} visitors, ${crowd.newcomers} newcomers and ${crowd.donors} donors at a time`);

    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const begin = Date.now();
    world.until = begin + options.seconds * 1000;
    const sampler = sampleEvery(
      servers.map((s) => s.url),
      options.sampleSeconds,
      begin,
    );
    const ticker = setInterval(() => {
      const minutes = ((Date.now() - begin) / 60_000).toFixed(1);
      say(`${minutes} min: ${recorder.total()} answers, ${recorder.unexpectedCount} unexpected, ${[...recorder.limited().values()].reduce((a, b) => a + b, 0)} × 429`);
    }, 60_000);
    // Everyone arrives within the first pause, not all in the same millisecond.
    const arrive = (live: () => Promise<void>) => new Promise<void>((r) => setTimeout(r, Math.random() * options.thinkMs)).then(live);
    const lives = [
      ...Array.from({ length: crowd.visitors }, () => arrive(() => visitor(world))),
      ...Array.from({ length: crowd.newcomers }, () => arrive(() => newcomer(world))),
      ...Array.from({ length: crowd.donors }, () => arrive(() => donor(world))),
      ...day.investors.map((a) => arrive(() => investor(world, a))),
      ...day.owners.map((o) => arrive(() => owner(world, o.account, o.projectId))),
      ...day.staff.map((a, i) => arrive(() => staff(world, a, i, day.staff.length))),
    ];
    await Promise.all(lives);
    const seconds = (Date.now() - begin) / 1000;
    clearInterval(ticker);
    lag.disable();
    const samples = await sampler.stop();
    const allAlive = servers.every((s) => s.alive());
    say(`the day is over after ${seconds.toFixed(0)} s: ${recorder.total()} answers; checking the database`);

    const checks = await verify(options.databaseUrl, recorder, world.projects.map((p) => p.id));
    const perProcess = logs.map(errorLines);
    keepLogs = recorder.unexpectedCount > 0 || perProcess.some((l) => l.length > 0) || !allAlive;
    return {
      crowd,
      recorder,
      began: begin,
      seconds,
      samples,
      samplesFailed: sampler.failed(),
      driverLag: { p99: lag.percentile(99) / 1e6, max: lag.max / 1e6 },
      serverErrors: perProcess.map((l) => l.length),
      serverErrorLines: perProcess.flat().slice(0, 5).map((l) => l.slice(0, 500)),
      allAlive,
      checks,
    };
  } finally {
    client.close();
    await Promise.all(servers.map((s: Running) => s.stop()));
    if (keepLogs) say(`the servers' logs are in ${logDir}`);
    else rmSync(logDir, { recursive: true, force: true });
  }
}

/** A project page must come rendered by the server (it needs `npm run build`), or the visitors would not load the real thing. */
async function expectRenderedPages(client: LoadClient, projectId: string): Promise<void> {
  const res = await client.send({ kind: 'setup: page /projectDetails', method: 'GET', path: `/projectDetails?id=${projectId}`, address: '10.255.255.254' });
  if (!res.ok || !res.text.includes('data-server-rendered')) {
    throw new Error(`a project page was not rendered by the server (${res.status}): build the front end first with \`npm run build\``);
  }
}
