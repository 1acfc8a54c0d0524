/**
 * Checks made before the database is opened (which can take seconds, and minutes of memory on a first PGlite
 * open), so the usual start-up mistakes end the process at once with one plain line instead of a late log entry or
 * a raw system error.
 */
import { createServer } from 'node:net';
import { statSync } from 'node:fs';

/** Says why the server could not listen on host:port, in words an operator acts on (or undefined when it can). */
export function listenProblem(host: string, port: number, err: NodeJS.ErrnoException): string {
  const where = `${host}:${port}`;
  switch (err.code) {
    case 'EADDRINUSE':
      return `Port ${port} on ${host} is already in use by another program: stop it, or start this server with another PORT.`;
    case 'EACCES':
      return `Not allowed to listen on ${where}: ports below 1024 need privileges; choose a higher PORT.`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return `Cannot listen on ${where}: HOST "${host}" is not an address of this machine.`;
    default:
      return `Cannot listen on ${where}: ${err.message}`;
  }
}

/**
 * Binds host:port for a moment and releases it. Port 0 (any free port) always works. The real listen happens
 * after the database opens; if another program takes the port in between, that listen still fails with the same
 * message.
 */
export function checkPortFree(host: string, port: number): Promise<string | undefined> {
  if (port === 0) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => resolve(listenProblem(host, port, err)));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(undefined)));
  });
}

/** Says what is wrong with DATA_DIR when something other than a directory is in its way (missing is fine). */
export function dataDirProblem(dataDir: string): string | undefined {
  let stat;
  try {
    stat = statSync(dataDir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined; // created on open
    if (code === 'ENOTDIR') return `DATA_DIR ${dataDir} cannot be created: part of its path is a file, not a directory.`;
    return `DATA_DIR ${dataDir} cannot be used: ${(err as Error).message}`;
  }
  return stat.isDirectory() ? undefined : `DATA_DIR ${dataDir} is a file, not a directory: point DATA_DIR at a directory (it is created if missing).`;
}
