/**
 * An exclusive lock on a PGlite data directory. Two processes writing one PGlite directory lose committed rows
 * without any error, so the second must fail at once.
 *
 * On Linux the lock is an abstract-namespace Unix socket named after the directory: binding it is atomic, and the
 * kernel releases it when the process dies, even by SIGKILL, so a crash never leaves a stale lock. Elsewhere a
 * lock file created with O_EXCL holds the owner's pid; a lock whose pid is gone is taken over.
 */
import { createServer, type Server } from 'node:net';
import { createHash } from 'node:crypto';
import { openSync, closeSync, writeSync, readFileSync, unlinkSync, realpathSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dir: string, owner: string) {
    super(
      `The data directory ${dir} is already in use by another server process${owner ? ` (${owner})` : ''}. ` +
        'Stop that process, or start this one with another DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DirLock {
  release(): Promise<void>;
}

const PID_FILE = 'server.pid';

function ownerOf(dir: string): string {
  try {
    const pid = readFileSync(join(dir, PID_FILE), 'utf8').trim();
    return pid ? `pid ${pid}` : '';
  } catch {
    return '';
  }
}

function writePidFile(dir: string): void {
  const fd = openSync(join(dir, PID_FILE), 'w');
  writeSync(fd, `${process.pid}\n`);
  closeSync(fd);
}

async function socketLock(dir: string): Promise<DirLock> {
  const name = `\0halal-fund-datadir-${createHash('sha256').update(dir).digest('hex').slice(0, 32)}`;
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      reject(err.code === 'EADDRINUSE' ? new DataDirLockedError(dir, ownerOf(dir)) : err);
    });
    server.listen({ path: name, exclusive: true }, () => resolve());
  });
  server.unref();
  writePidFile(dir);
  return {
    release: () =>
      new Promise<void>((resolve) => {
        try {
          unlinkSync(join(dir, PID_FILE));
        } catch {
          // already gone
        }
        server.close(() => resolve());
      }),
  };
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function fileLock(dir: string): DirLock {
  const file = join(dir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      writePidFile(dir);
      return {
        release: async () => {
          for (const f of [file, join(dir, PID_FILE)]) {
            try {
              unlinkSync(f);
            } catch {
              // already gone
            }
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pidAlive(pid)) throw new DataDirLockedError(dir, `pid ${pid}`);
      unlinkSync(file); // stale: its owner is gone
    }
  }
  throw new DataDirLockedError(dir, '');
}

/** Takes the exclusive lock on `dir` (which must exist) or throws `DataDirLockedError`. */
export async function lockDataDir(dir: string): Promise<DirLock> {
  const real = realpathSync(dir);
  return process.platform === 'linux' ? socketLock(real) : fileLock(real);
}
