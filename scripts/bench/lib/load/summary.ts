/** Reductions of a day's readings: latency percentiles by kind, memory after warm-up and at the end, event-loop lag. */
import { percentile } from '../http';
import type { Sample } from './metrics';

/** prom-client measures the event loop with a 10 ms timer: each reading is the whole interval, 10 ms when idle. */
export const LAG_RESOLUTION_MS = 10;

export interface KindLatency {
  kind: string;
  p50: number;
  p99: number;
  count: number;
}

/** p50 and p99 of each kind of request, setup requests left out, in the order the kinds were first seen. */
export function latencyByKind(latencies: ReadonlyMap<string, readonly number[]>): KindLatency[] {
  return [...latencies]
    .filter(([kind]) => !kind.startsWith('setup: '))
    .map(([kind, times]) => ({ kind, p50: percentile(times, 50), p99: percentile(times, 99), count: times.length }));
}

function median(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : percentile(values, 50);
}

export interface Memory {
  /** Medians (bytes) over the readings of the window after warm-up, and of the last window. */
  rssStart: number;
  rssEnd: number;
  heapStart: number;
  heapEnd: number;
}

/**
 * A process's memory after warm-up (the readings from `warmup` to `warmup + window` seconds) and at the end (the last
 * `window` seconds): medians, so one reading taken just before or after a garbage collection does not decide.
 */
export function memory(samples: readonly Sample[], seconds: number, warmup: number, window = 30): Memory {
  const start = samples.filter((s) => s.at >= warmup && s.at <= warmup + window);
  const end = samples.filter((s) => s.at >= seconds - window);
  return {
    rssStart: median(start.map((s) => s.rssBytes)),
    rssEnd: median(end.map((s) => s.rssBytes)),
    heapStart: median(start.map((s) => s.heapUsedBytes)),
    heapEnd: median(end.map((s) => s.heapUsedBytes)),
  };
}

/** The median of each minute's readings of `value` (a minute with no reading is skipped), to tell growth from a spike. */
export function byMinute(samples: readonly Sample[], value: (s: Sample) => number): number[] {
  const minutes = new Map<number, number[]>();
  for (const s of samples) {
    const m = Math.floor(s.at / 60);
    let list = minutes.get(m);
    if (!list) minutes.set(m, (list = []));
    list.push(value(s));
  }
  return [...minutes.keys()].sort((a, b) => a - b).map((m) => median(minutes.get(m)!));
}

export interface Lag {
  /** The worst reading's mean delay beyond the timer's own 10 ms (ms): what load shedding judges. */
  worstMean: number;
  /** p99 beyond 10 ms in the median reading and in the worst one (ms). */
  typicalP99: number;
  worstP99: number;
}

/** A process's event-loop lag over the day, from its readings (the first one, covering start-up, left out). */
export function lag(samples: readonly Sample[]): Lag {
  const day = samples.slice(1);
  const beyond = (seconds: number) => Math.max(0, seconds * 1000 - LAG_RESOLUTION_MS);
  const p99s = day.map((s) => beyond(s.lagP99));
  return {
    worstMean: Math.max(0, ...day.map((s) => beyond(s.lagMean))),
    typicalP99: median(p99s),
    worstP99: Math.max(0, ...p99s),
  };
}
