/**
 * The built server (dist/server/server.mjs, or that of another copy of dist) on a seeded data directory, as the
 * browser benchmarks run it: production, a port of its own, load shedding off (MAX_EVENT_LOOP_DELAY_MS=0: on a shared
 * machine it would refuse the seeding and the pages).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export interface Running {
  url: string;
  stop: () => Promise<void>;
}

export function startDistServer(root: string, dist: string, dataDir: string, env: Record<string, string>): Promise<Running> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, [join(dist, 'server/server.mjs')], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', MAX_EVENT_LOOP_DELAY_MS: '0', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /ready in \d+ ms: (http:\/\/[^\s]+)/.exec(out);
      if (m) {
        child.stdout!.off('data', onData);
        child.stderr!.off('data', onData);
        // The server logs every request at `info`: the pipes are drained so it never blocks on them.
        child.stdout!.resume();
        child.stderr!.resume();
        resolve({
          url: m[1]!.replace(/\/$/, ''),
          stop: async () => {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
            await exited;
          },
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => reject(new Error(`server exited before it was ready:\n${out}`)));
  });
}
