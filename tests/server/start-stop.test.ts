/**
 * Starting and stopping like a service, through real processes: `npm start` stopped with SIGTERM (as a process
 * manager does) leaves no server behind; so does its launcher dying by SIGKILL; start-up mistakes (a port in use, a
 * DATA_DIR that is a file) end the process at once with one plain line, before any database is opened.
 * SKIP_CLIENT_BUILD=1 keeps `npm start` from building the front end here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshDataDir, ROOT } from './helpers';

interface Launched {
  proc: ChildProcess;
  url: string;
  serverPid: number;
  exited: Promise<number | null>;
  output: () => string;
}

/** Spawns a launcher and waits for the server's "ready" line; the server's pid comes from its JSON log. */
function launch(command: string, args: string[], env: Record<string, string>): Promise<Launched> {
  return new Promise((resolve, reject) => {
    const proc = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', SKIP_CLIENT_BUILD: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
    const timer = setTimeout(() => reject(new Error(`not ready in time:\n${out}`)), 90_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /"pid":(\d+)[^\n]*"msg":"ready in \d+ ms: (http:\/\/[^\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ proc, serverPid: Number(m[1]), url: m[2]!, exited, output: () => out });
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before ready:\n${out}`));
    });
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

async function refused(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/api/v1/health`);
    return false;
  } catch {
    return true;
  }
}

/** Runs the server entry to its exit; returns the exit code, what it printed and how long it took. */
function runToExit(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const proc = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, SKIP_CLIENT_BUILD: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    proc.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    proc.on('exit', (code) => resolve({ code, stdout, stderr, ms: Date.now() - t0 }));
  });
}

describe('stopping npm start', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('SIGTERM to the npm process drains and stops the server: nothing is left listening', async () => {
    const dataDir = await freshDataDir();
    dirs.push(dataDir);
    const started = await launch('npm', ['start'], { DATA_DIR: dataDir });
    expect((await fetch(`${started.url}/api/v1/health`)).status).toBe(200);
    // In production the server is its JavaScript bundle: nothing compiles TypeScript at start.
    const cmdline = readFileSync(`/proc/${started.serverPid}/cmdline`, 'utf8').split('\0');
    expect(cmdline.slice(1, 2)).toEqual([join(ROOT, 'dist/server/server.mjs')]);
    expect(cmdline).not.toContain('tsx');
    started.proc.kill('SIGTERM');
    await started.exited;
    expect(await waitUntil(() => !alive(started.serverPid), 15_000)).toBe(true);
    expect(await refused(started.url)).toBe(true);
    expect(started.output()).toMatch(/SIGTERM received: shutting down/);
  });

  it('SIGINT to the launcher stops the server, which exits cleanly', async () => {
    const dataDir = await freshDataDir();
    dirs.push(dataDir);
    const started = await launch(process.execPath, ['scripts/start.mjs'], { DATA_DIR: dataDir });
    started.proc.kill('SIGINT');
    expect(await started.exited).toBe(0);
    expect(alive(started.serverPid)).toBe(false);
    expect(await refused(started.url)).toBe(true);
  });

  it('a launcher killed with SIGKILL (no signal can be passed on) does not leave its server serving', async () => {
    const dataDir = await freshDataDir();
    dirs.push(dataDir);
    const started = await launch(process.execPath, ['scripts/start.mjs'], { DATA_DIR: dataDir });
    started.proc.kill('SIGKILL');
    await started.exited;
    expect(await waitUntil(() => !alive(started.serverPid), 15_000)).toBe(true);
    expect(await refused(started.url)).toBe(true);
    expect(started.output()).toMatch(/launcher exited received: shutting down/);
  });
});

describe('start-up mistakes', () => {
  let blocker: Server;
  let port: number;
  let scratch: string;
  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'halal-fund-start-'));
    blocker = createServer();
    await new Promise<void>((r) => blocker.listen({ host: '127.0.0.1', port: 0 }, () => r()));
    port = (blocker.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise((r) => blocker.close(r));
    rmSync(scratch, { recursive: true, force: true });
  });

  it('a port in use: one plain line and exit 4 at once, before the database is opened', async () => {
    const dataDir = join(scratch, 'never-created');
    const result = await runToExit(['scripts/start.mjs'], { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`Port ${port} on 127.0.0.1 is already in use by another program: stop it, or start this server with another PORT.\n`);
    expect(existsSync(dataDir)).toBe(false); // the database was never opened
    expect(result.ms).toBeLessThan(8_000); // about 1 s here; a database open alone takes longer
  });

  it.each([
    ['is a file', (file: string) => file, /^DATA_DIR .* is a file, not a directory: point DATA_DIR at a directory/],
    ['lies under a file', (file: string) => join(file, 'data'), /^DATA_DIR .* cannot be created: part of its path is a file/],
  ])('a DATA_DIR that %s: one plain line and exit 2', async (_case, dir, message) => {
    const file = join(scratch, 'not-a-dir');
    writeFileSync(file, 'x');
    const result = await runToExit(['scripts/start.mjs'], { PORT: '0', DATA_DIR: dir(file) });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});
