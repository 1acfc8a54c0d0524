/**
 * A day of mixed load (issue 27 §4): LOAD_PEOPLE simulated people (default 300) for LOAD_MINUTES (default 10)
 * against LOAD_PROCESSES server processes (default 3: the built bundle, as `npm start` runs it, with the production
 * defaults but TRUST_PROXY=1, behind the load generator playing the balancer) on a fresh PostgreSQL database made
 * for the run on LOAD_ADMIN_URL's server (default the machine's own) and dropped after. The crowd is
 * lib/load/index.ts's: visitors reading rendered pages and the API, newcomers signing up (the code from the dev
 * outbox) and in, investors sending agreement requests, owners accepting them, donors pledging, staff confirming.
 * Needs `npm run build` first (the pages are rendered by dist/ssr).
 *
 * Figures, each beside its goal:
 * - p99 by kind of request (p50 and the count in the note). Goals, for 99 requests in 100: an API read answered
 *   within 250 ms, a rendered page within 500 ms, a form sent (sign-up and sign-in hash a password; requests and
 *   acceptances store documents) within 1 s.
 * - Answers nobody should get: a 5xx, a 4xx the request was not made to provoke, no answer: goal 0. 429s are
 *   counted apart (each person has their own address, so a 429 means one person went past a limit).
 * - Each process's resident memory and JavaScript heap at the end beside after warm-up (the first 10 % of the day,
 *   at most a minute): goal flat within 20 %.
 * - Each process's event-loop lag: the worst 5-s reading's mean, goal ≤ 100 ms (a tenth of where load shedding
 *   starts refusing requests).
 * - Nothing lost or applied twice: the database against every acknowledged write, goal 0 apart (rows written by
 *   requests that never got an answer are explained, up to their number), and each project's counters against its rows.
 * LOAD_THINK_MS (default 5000: reading a page, filling a form) is a person's mean pause between steps;
 * LOAD_SAMPLE_SECONDS (default 5) how often /metrics is read; LOAD_LOG_LEVEL (default info, which logs every request
 * as in production) the servers' log level.
 */
import { loadavg } from 'node:os';
import { createDatabase, DEFAULT_ADMIN_URL } from '../lib/postgres';
import { runMixedLoad, type LoadResult } from '../lib/load/index';
import { byMinute, lag, latencyByKind, LAG_RESOLUTION_MS, memory } from '../lib/load/summary';
import type { Sample } from '../lib/load/metrics';
import { unexplained } from '../lib/load/verify';
import type { Benchmark, Figure, Goal } from '../types';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const MB = 1024 * 1024;

function goalFor(kind: string): Goal {
  if (kind.startsWith('page ')) return { atMost: 500 };
  if (kind.startsWith('GET ')) return { atMost: 250 };
  return { atMost: 1000 };
}

function latencyFigures(result: LoadResult): Figure[] {
  const order = (kind: string) => (kind.startsWith('page ') ? 0 : kind.startsWith('GET ') ? 1 : 2);
  return latencyByKind(result.recorder.latencies())
    .sort((a, b) => order(a.kind) - order(b.kind))
    .map((l) => ({ label: `${l.kind} p99`, value: l.p99, unit: 'ms', goal: goalFor(l.kind), note: `p50 ${l.p50.toFixed(1)} ms over ${l.count.toLocaleString('en-US')} answers` }));
}

function errorFigures(result: LoadResult, processes: number): Figure[] {
  const { recorder } = result;
  const total = recorder.total();
  const limited = [...recorder.limited()];
  const limitedCount = limited.reduce((s, [, n]) => s + n, 0);
  const counted5xx = result.samples.reduce((s, p) => s + (p.at(-1)?.serverErrors ?? 0), 0);
  const first = recorder.unexpected.slice(0, 3).map((u) => `at ${((u.at - result.began) / 1000).toFixed(0)} s, ${u.kind}: ${u.detail.slice(0, 200)}`);
  return [
    {
      label: 'answers not expected (5xx, a 4xx not provoked, no answer)',
      value: recorder.unexpectedCount,
      unit: '',
      goal: { atMost: 0 },
      note:
        `of ${total.toLocaleString('en-US')} answers (${((100 * recorder.unexpectedCount) / Math.max(1, total)).toFixed(3)} %); the servers' own /metrics counted ${counted5xx} 5xx; ` +
        `429: ${limitedCount}${limited.length ? ` (${limited.map(([k, n]) => `${k} ${n}`).join(', ')})` : ''}` +
        (first.length ? `\n    ${first.join('\n    ')}` : ''),
    },
    {
      label: "lines at level error or fatal in the servers' logs",
      value: result.serverErrors.reduce((a, b) => a + b, 0),
      unit: '',
      goal: { atMost: 0 },
      note: result.serverErrorLines.length ? result.serverErrorLines.join('\n    ') : undefined,
    },
    { label: 'server processes still running at the end', value: result.allAlive ? processes : 0, unit: '', goal: { atLeast: processes } },
  ];
}

function processFigures(result: LoadResult, sampleSeconds: number): Figure[] {
  const warmup = Math.min(60, result.seconds / 10);
  const out: Figure[] = [];
  result.samples.forEach((samples, i) => {
    const m = memory(samples, result.seconds, warmup);
    const l = lag(samples);
    const name = `process ${i + 1}`;
    const after = `after warm-up (${warmup.toFixed(0)}–${(warmup + 30).toFixed(0)} s)`;
    const minutes = (value: (s: Sample) => number) => `each minute (MB): ${byMinute(samples, value).map((b) => (b / MB).toFixed(0)).join(' ')}`;
    out.push(
      { label: `${name}: resident memory at the end`, value: m.rssEnd / MB, unit: 'MB', peer: { label: after, value: m.rssStart / MB }, goal: { ratioAtMost: 1.2 }, note: minutes((s) => s.rssBytes) },
      { label: `${name}: JavaScript heap in use at the end`, value: m.heapEnd / MB, unit: 'MB', peer: { label: after, value: m.heapStart / MB }, goal: { ratioAtMost: 1.2 }, note: minutes((s) => s.heapUsedBytes) },
      {
        label: `${name}: event-loop lag, worst ${sampleSeconds}-s mean`,
        value: l.worstMean,
        unit: 'ms',
        goal: { atMost: 100 },
        note: `p99 ${l.typicalP99.toFixed(1)} ms in the median reading, ${l.worstP99.toFixed(0)} ms in the worst (beyond prom-client's ${LAG_RESOLUTION_MS} ms timer); load shedding starts at a mean of 1,000 ms (MAX_EVENT_LOOP_DELAY_MS) in two of three 1-s samples`,
      },
    );
  });
  out.push({
    label: "the load generator's own event-loop lag p99",
    value: result.driverLag.p99,
    unit: 'ms',
    goal: { atMost: 50 },
    note: `max ${result.driverLag.max.toFixed(0)} ms: a generator that lags adds its delay to every latency above`,
  });
  return out;
}

function lostFigures(result: LoadResult): Figure[] {
  const n = (x: number) => x.toLocaleString('en-US');
  return result.checks.map((c) => ({
    label: `lost or doubled: ${c.label}`,
    value: unexplained(c),
    unit: '',
    goal: { atMost: 0 },
    note:
      `${n(c.database)} in the database, ${n(c.acknowledged)} acknowledged` +
      (c.unanswered ? `, ${n(c.unanswered)} sent without an answer (may or may not be there)` : '') +
      (c.lost ? `; ${n(c.lost)} acknowledged and missing` : '') +
      (unexplained(c) > c.lost ? `; ${n(unexplained(c) - c.lost)} more than acknowledged and unanswered requests explain (stored though the answer said it failed, or twice)` : '') +
      (c.detail ? `; ${c.detail}` : ''),
  }));
}

const load: Benchmark = {
  name: 'load',
  async run() {
    const processes = env('LOAD_PROCESSES', 3);
    const people = env('LOAD_PEOPLE', 300);
    const minutes = env('LOAD_MINUTES', 10);
    const sampleSeconds = env('LOAD_SAMPLE_SECONDS', 5);
    const database = await createDatabase('bench_load', process.env.LOAD_ADMIN_URL ?? DEFAULT_ADMIN_URL);
    try {
      // Latency and lag move with whatever else the machine runs: its load average is printed with them.
      const busy = () => loadavg().map((l) => l.toFixed(1)).join(' / ');
      console.log(`  ${people} people for ${minutes} min on ${processes} processes; database ${database.name}; machine load average (1 / 5 / 15 min) ${busy()}`);
      const result = await runMixedLoad({
        databaseUrl: database.url,
        processes,
        people,
        seconds: minutes * 60,
        thinkMs: env('LOAD_THINK_MS', 5000),
        sampleSeconds,
        logLevel: process.env.LOAD_LOG_LEVEL ?? 'info',
        progress: (line) => console.log(`  ${line}`),
      });
      const total = result.recorder.total();
      const a = result.recorder.acks;
      console.log(
        `  ${total.toLocaleString('en-US')} answers in ${result.seconds.toFixed(0)} s (${(total / result.seconds).toFixed(0)} per second); acknowledged: ` +
          `${a.signUps} sign-ups, ${a.signIns} sign-ins, ${a.agreementRequests.size} agreement requests (${a.accepted.size} accepted, ${a.declined.size} declined), ` +
          `${a.pledges.size} pledges (${a.confirmed.size} confirmed); machine load average now ${busy()}`,
      );
      return [...latencyFigures(result), ...errorFigures(result, processes), ...processFigures(result, sampleSeconds), ...lostFigures(result)];
    } finally {
      await database.drop();
    }
  },
};

export default load;
