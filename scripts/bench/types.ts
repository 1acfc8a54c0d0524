/**
 * What a benchmark gives the runner: figures, each measured beside its peer in the same run where it has one, with
 * the goal it is held to. Add a benchmark by adding a file to scripts/bench/benchmarks/ whose default export is a
 * `Benchmark`; the runner finds it.
 */

/** A goal: on the ratio to the peer (value ÷ peer value), or on the value itself when there is no peer. */
export type Goal =
  | { ratioAtMost: number }
  | { ratioAtLeast: number }
  | { atMost: number }
  | { atLeast: number };

export interface Figure {
  /** What was measured, e.g. "validate 10,000 documents". */
  label: string;
  value: number;
  /** Unit of `value` (and the peer's): 's', 'ms', 'req/s', 'kB', … */
  unit: string;
  /** The same thing done by the reference this figure is compared with, measured in the same run. */
  peer?: { label: string; value: number };
  goal: Goal;
  /** A short remark printed under the figure (how it was measured, what the peer cannot check). */
  note?: string;
}

export interface Benchmark {
  /** Short name, used to pick benchmarks: `npm run bench -- <name>`. */
  name: string;
  run(): Promise<Figure[]>;
}
