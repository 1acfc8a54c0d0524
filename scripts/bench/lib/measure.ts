/** Timing helpers for benchmarks: a child process's wall time (start to exit), medians. */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

export interface Timed {
  ms: number;
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end, capturing its output; `ms` is the wall time from spawn to exit. */
export function timeProcess(command: string, args: readonly string[], options: { cwd: string; input?: string; env?: NodeJS.ProcessEnv }): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ ms: performance.now() - started, code, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() }),
    );
    child.stdin.end(options.input ?? '');
  });
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Runs `ours` and `peer` alternately `times` times each (so drift in the machine's load hits both alike). */
export async function alternate(times: number, ours: () => Promise<Timed>, peer: () => Promise<Timed>): Promise<{ ours: Timed[]; peer: Timed[] }> {
  const result = { ours: [] as Timed[], peer: [] as Timed[] };
  for (let i = 0; i < times; i++) {
    result.ours.push(await ours());
    result.peer.push(await peer());
  }
  return result;
}
