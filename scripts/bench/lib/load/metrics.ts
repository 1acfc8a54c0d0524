/**
 * Each server process's own view, read from its /metrics every few seconds: resident memory, JavaScript heap in
 * use, the event loop's delay since the previous reading (prom-client's histogram is reset at each reading, so each
 * sample covers one interval), and the 5xx answers it counted.
 */

export interface Sample {
  /** Seconds since the day started. */
  at: number;
  rssBytes: number;
  heapUsedBytes: number;
  /** Event-loop delay over the interval since the previous sample, in seconds. */
  lagP99: number;
  lagMean: number;
  lagMax: number;
  /** 5xx answers this process has counted since it started. */
  serverErrors: number;
}

/** A series' value in Prometheus text (NaN when absent). */
export function metricValue(text: string, series: string): number {
  for (const line of text.split('\n')) {
    if (line.startsWith(`${series} `)) return Number(line.slice(series.length + 1));
  }
  return Number.NaN;
}

/** The sum of `http_requests_total` over the series whose status code is 5xx. */
function fiveHundreds(text: string): number {
  let n = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('http_requests_total{') && /status_code="5\d\d"/.test(line)) n += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return n;
}

/** Reads one process's /metrics. */
export async function sample(base: string, at: number): Promise<Sample> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return {
    at,
    rssBytes: metricValue(text, 'process_resident_memory_bytes'),
    heapUsedBytes: metricValue(text, 'nodejs_heap_size_used_bytes'),
    lagP99: metricValue(text, 'nodejs_eventloop_lag_p99_seconds'),
    lagMean: metricValue(text, 'nodejs_eventloop_lag_mean_seconds'),
    lagMax: metricValue(text, 'nodejs_eventloop_lag_max_seconds'),
    serverErrors: fiveHundreds(text),
  };
}

/** Samples every process every `seconds` until stopped; a reading that fails is skipped (and counted). */
export function sampleEvery(bases: readonly string[], seconds: number, started: number) {
  const samples: Sample[][] = bases.map(() => []);
  let failed = 0;
  const take = () =>
    Promise.all(
      bases.map(async (base, i) => {
        try {
          samples[i]!.push(await sample(base, (Date.now() - started) / 1000));
        } catch {
          failed += 1;
        }
      }),
    );
  let pending = take();
  const timer = setInterval(() => {
    pending = pending.then(take);
  }, seconds * 1000);
  return {
    samples,
    failed: () => failed,
    /** Takes a last reading and stops. */
    async stop(): Promise<Sample[][]> {
      clearInterval(timer);
      await pending;
      await take();
      return samples;
    },
  };
}
