/**
 * A throwaway PostgreSQL cluster for fault tests (a database that stops and starts again), made with the server's
 * own `initdb` and `pg_ctl` in a temporary directory, on a free port with its socket beside its data. It is never
 * the machine's shared server: that one is not touched. As root the tools run as the `postgres` OS user (PostgreSQL
 * refuses to run as root); as anyone else they run as that user.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The folder of `initdb` and `pg_ctl` (not on PATH on Debian), or null when PostgreSQL's server tools are missing. */
export function postgresBinDir(): string | null {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')) ? dir : null;
  } catch {
    return null;
  }
}

export interface Cluster {
  /** A connection string to one of its databases (default `postgres`), over TCP on 127.0.0.1. */
  url(database?: string): string;
  /** `pg_ctl stop` in the given mode (fast: what a failover or an upgrade does; immediate: a crash). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** `pg_ctl start`, resolved once the server accepts connections. */
  start(): Promise<void>;
  /** Stops it at once and removes its directory. */
  destroy(): Promise<void>;
}

const asRoot = process.getuid?.() === 0;

function command(bin: string, tool: string, args: string[]): [string, string[]] {
  return asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];
}

/** Runs a tool without blocking this process's event loop (the tests time answers meanwhile). */
function run(bin: string, tool: string, args: string[]): Promise<string> {
  const [file, argv] = command(bin, tool, args);
  return new Promise((resolve, reject) => {
    execFile(file, argv, { encoding: 'utf8', timeout: 90_000 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${tool} ${args.join(' ')} failed: ${err.message}\n${stdout}${stderr}`));
      else resolve(stdout);
    });
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Creates (initdb) and starts a new cluster; trust authentication for the `postgres` user. */
export async function createCluster(bin: string): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'halal-fund-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  // fsync off: nothing here must survive a power cut, and the shared machine's disk is spared.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = () => run(bin, 'pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '60', '-o', options, 'start']).then(() => undefined);
  const stopNow = () => {
    // Left running by a test that died: stopped when this process exits (synchronously: nothing async runs then).
    try {
      const [file, argv] = command(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      execFileSync(file, argv, { stdio: 'ignore' });
    } catch {
      // not running
    }
  };
  process.once('exit', stopNow);
  try {
    await run(bin, 'initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
    await start();
  } catch (err) {
    stopNow();
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop: (mode = 'fast') => run(bin, 'pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']).then(() => undefined),
    start,
    destroy: async () => {
      stopNow();
      process.removeListener('exit', stopNow);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
