/**
 * Measures the process's load for load shedding: every sample interval, the event loop's mean lag over that interval
 * and the JavaScript heap in use. A heap over its limit is overload at once; a lagging event loop only when the lag
 * is sustained (see `lagSustained`), so one long synchronous stretch of work — a picture drawn, a big document
 * parsed, start-up itself — never turns the requests after it into 503s.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** How many of the latest lag samples are kept and judged. */
export const LAG_WINDOW = 3;
/** Of those, how many must be over the limit: their median, so one outlier, however large, decides nothing. */
export const LAG_OVER_NEEDED = 2;

/** The event loop's timer resolution (ms): the lag measured is what exceeds it. */
const RESOLUTION_MS = 10;

/**
 * True when the event loop's lag is sustained: at least two of the last three samples are over `limitMs`. A single
 * synchronous spike lands in one sample (the sampling timer cannot fire while the loop is blocked, so the spike ends
 * the sample it falls in) and is outvoted; a process that keeps lagging is judged overloaded after two samples.
 * `limitMs` 0 turns the check off.
 */
export function lagSustained(samplesMs: readonly number[], limitMs: number): boolean {
  if (limitMs <= 0) return false;
  return samplesMs.slice(-LAG_WINDOW).filter((ms) => ms > limitMs).length >= LAG_OVER_NEEDED;
}

export type Overload = { type: 'eventLoopDelay'; value: number } | { type: 'heapUsedBytes'; value: number };

export interface LoadGauge {
  /** What the process is overloaded by, or undefined when it is not. */
  overload(): Overload | undefined;
  /** The latest lag samples (ms, oldest first), at most `LAG_WINDOW`. */
  lagSamplesMs(): readonly number[];
  /** Forgets the lag samples taken so far (start-up's own work is not serving load). */
  resetLag(): void;
  stop(): void;
}

/** Starts measuring every `sampleMs`; `maxLagMs` 0 turns the lag check off, `maxHeapBytes` is the heap limit. */
export function startLoadGauge({ sampleMs, maxLagMs, maxHeapBytes }: { sampleMs: number; maxLagMs: number; maxHeapBytes: number }): LoadGauge {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let lags: number[] = [];
  let heapUsed = 0;
  // The histogram is never reset between samples: resetting it also forgets when its own timer last ticked, so the
  // long tick that ends a synchronous stretch was dropped whenever this timer happened to run first after it. A
  // sample is the mean of the ticks recorded since the last one, from the running totals instead.
  let seenCount = 0;
  let seenSumNs = 0;

  const sample = () => {
    heapUsed = process.memoryUsage().heapUsed;
    const count = histogram.count;
    const sumNs = count > 0 ? histogram.mean * count : 0;
    // No tick recorded since the last sample (this timer ran before the histogram's own after a block): keep the
    // interval open rather than count it as a second lagging sample of the same block.
    if (count > seenCount) {
      lags = [...lags, Math.max(0, (sumNs - seenSumNs) / (count - seenCount) / 1e6 - RESOLUTION_MS)].slice(-LAG_WINDOW);
      seenCount = count;
      seenSumNs = sumNs;
    }
    timer.refresh();
  };
  const timer = setTimeout(sample, sampleMs);
  timer.unref();

  return {
    overload() {
      if (heapUsed > maxHeapBytes) return { type: 'heapUsedBytes', value: heapUsed };
      // Reported as the lag at least two samples reached.
      if (lagSustained(lags, maxLagMs)) return { type: 'eventLoopDelay', value: [...lags].sort((a, b) => b - a)[LAG_OVER_NEEDED - 1]! };
      return undefined;
    },
    lagSamplesMs: () => lags,
    resetLag() {
      lags = [];
      histogram.reset();
      seenCount = 0;
      seenSumNs = 0;
    },
    stop() {
      clearTimeout(timer);
      histogram.disable();
    },
  };
}
