/**
 * Starts processes for benchmarks: the real server (`src/server/server.ts` through tsx, or its built bundle as
 * `npm start` runs it) and a bare Fastify peer.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ensureBuilt } from '../../lib/build-node.mjs';

const ROOT = join(import.meta.dirname, '../../..');
const START_TIMEOUT_MS = 180_000;

export interface Running {
  url: string;
  /** The process id (for its memory, or a kill). */
  pid: number;
  /** True while the process has not exited. */
  alive(): boolean;
  stop(): Promise<void>;
}

/**
 * Spawns `node <args>` on a free port and waits until GET `probe` answers 200. Its output is kept in memory (the
 * last 4,000 characters), or written to `logFile` when given: a server logging every request at `info` would
 * otherwise cost the benchmark's own process the reading of it.
 */
async function start(args: string[], env: Record<string, string>, probe: string, logFile?: string, cwd = ROOT): Promise<Running> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = logFile === undefined ? undefined : openSync(logFile, 'a');
  const proc = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: log === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', log, log],
  });
  if (log !== undefined) closeSync(log);
  let kept = '';
  proc.stdout?.on('data', (c: Buffer) => (kept = (kept + c.toString()).slice(-4000)));
  proc.stderr?.on('data', (c: Buffer) => (kept = (kept + c.toString()).slice(-4000)));
  const out = () => (logFile === undefined ? kept : readFileSync(logFile, 'utf8').slice(-4000));
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  const alive = () => proc.exitCode === null && proc.signalCode === null;
  const stop = async () => {
    if (alive()) proc.kill('SIGTERM');
    await exited;
  };
  const script = args.at(-1);
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (!alive()) throw new Error(`${script} exited before it was ready:\n${out()}`);
    if (await fetch(`${url}${probe}`).then((r) => r.status === 200, () => false)) return { url, pid: proc.pid!, alive, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${script} was not ready in ${START_TIMEOUT_MS / 1000} s:\n${out()}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * The product's server process on a database (DATABASE_URL or DATA_DIR in `env`), logging at `warn` (no line per
 * request, like its peer); `checkout` runs another copy of the code (an earlier commit's, to compare with).
 */
export function startApp(env: Record<string, string>, checkout = ROOT): Promise<Running> {
  return start(['--import', 'tsx', 'src/server/server.ts'], { LOG_LEVEL: 'warn', ...env }, '/api/v1/ready', undefined, checkout);
}

/**
 * The product's server as `npm start` runs it: its JavaScript bundle (dist/server/server.mjs, built by esbuild when a
 * source changed, as `npm start` does) with NODE_ENV=production, serving the built front end in dist/client. Its
 * output goes to `logFile`.
 */
export async function startBuiltApp(env: Record<string, string>, logFile: string): Promise<Running> {
  const bundle = await ensureBuilt({ entry: 'src/server/server.ts', outdir: 'dist/server', name: 'server' });
  return start([bundle], { NODE_ENV: 'production', ...env }, '/api/v1/ready', logFile);
}

/** A bare Fastify server answering GET `path` with `body` (a constant JSON text): the peer of an API route. */
export function startBare(path: string, body: string): Promise<Running> {
  return start(['--import', 'tsx', 'scripts/bench/lib/bare-server.ts'], { BARE_PATH: path, BARE_BODY: body }, path);
}
