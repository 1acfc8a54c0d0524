/** Starts processes for benchmarks: the real server (`src/server/server.ts`) and a bare Fastify peer. */
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../../..');
const START_TIMEOUT_MS = 180_000;

export interface Running {
  url: string;
  stop(): Promise<void>;
}

/** Spawns `node --import tsx <script>` on a free port and waits until GET `probe` answers 200. */
async function start(script: string, env: Record<string, string>, probe: string): Promise<Running> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.on('data', (c: Buffer) => (out = (out + c.toString()).slice(-4000)));
  proc.stderr.on('data', (c: Buffer) => (out = (out + c.toString()).slice(-4000)));
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`${script} exited before it was ready:\n${out}`);
    if (await fetch(`${url}${probe}`).then((r) => r.status === 200, () => false)) return { url, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${script} was not ready in ${START_TIMEOUT_MS / 1000} s:\n${out}`);
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
 * request, like its peer).
 */
export function startApp(env: Record<string, string>): Promise<Running> {
  return start('src/server/server.ts', { LOG_LEVEL: 'warn', ...env }, '/api/v1/ready');
}

/** A bare Fastify server answering GET `path` with `body` (a constant JSON text): the peer of an API route. */
export function startBare(path: string, body: string): Promise<Running> {
  return start('scripts/bench/lib/bare-server.ts', { BARE_PATH: path, BARE_BODY: body }, path);
}
