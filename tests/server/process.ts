/** Starts the real server process (`src/server/server.ts`) for tests that need a socket, a restart or a kill. */
import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT } from './helpers';

export interface ServerProcess {
  proc: ChildProcess;
  url: string;
  output: () => string;
  /** Sends a signal and waits for the exit; resolves with the exit code (null when killed by a signal). */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/** Spawns the server with extra environment and waits for its "ready" line (or its exit). */
export function startServerProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`server did not start in ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /ready in \d+ ms: (http:\/\/[^\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({
          proc,
          url: m[1]!,
          output: () => out,
          stop: async (signal = 'SIGTERM') => {
            if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
            return exited;
          },
        });
      }
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`server exited with ${code} before it was ready:\n${out}`), { code, output: out }));
    });
  });
}
