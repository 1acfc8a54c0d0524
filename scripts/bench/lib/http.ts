/** HTTP helpers for benchmarks: latency percentiles of sequential requests, and throughput with autocannon. */
import { request as httpRequest, Agent } from 'node:http';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** One GET on a kept-alive connection; resolves with the status and body. */
export function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export interface Latency {
  p50: number;
  p99: number;
  samples: number;
}

/**
 * Times `urls` one request at a time (cycling through them) after a few warm-up requests, until `samples` are taken
 * or `budgetMs` has passed (at least `minSamples`). Any answer other than 200 fails the measurement.
 */
export async function latency(urls: readonly string[], headers: Record<string, string>, options: { samples: number; minSamples: number; budgetMs: number; warmup: number }): Promise<Latency> {
  for (let i = 0; i < options.warmup; i++) {
    const r = await get(urls[i % urls.length]!, headers);
    if (r.status !== 200) throw new Error(`GET ${urls[i % urls.length]} answered ${r.status}: ${r.body.slice(0, 300)}`);
  }
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; times.length < options.samples && (times.length < options.minSamples || performance.now() - started < options.budgetMs); i++) {
    const url = urls[i % urls.length]!;
    const t = performance.now();
    const r = await get(url, headers);
    times.push(performance.now() - t);
    if (r.status !== 200) throw new Error(`GET ${url} answered ${r.status}: ${r.body.slice(0, 300)}`);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99), samples: times.length };
}

/** Requests per second answered with a 2xx by `url` under `connections` concurrent connections for `seconds`. */
export async function throughput(url: string, seconds: number, connections = 10, headers: Record<string, string> = {}): Promise<{ rps: number; non2xx: number }> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  const ok = result['2xx'];
  return { rps: ok / seconds, non2xx: result.non2xx + result.errors + result.timeouts };
}
