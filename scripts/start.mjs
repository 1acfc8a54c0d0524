#!/usr/bin/env node
// `npm start`: builds the front end when it is missing or older than its sources, then runs the server's JavaScript
// bundle (dist/server, rebuilt by esbuild when a server source changed)
// (embedded PGlite in ./data unless DATABASE_URL is set). SIGINT and SIGTERM are passed on, so Ctrl-C or a process
// manager stopping `npm start` drains and stops the server; so does this launcher's parent going away.
// SKIP_CLIENT_BUILD=1 starts without checking the front end (the API works; pages only if dist/client exists).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './lib/build-node.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = join(root, 'dist/client/index.html');
const sources = ['src/client', 'src/shared', 'schemas', 'ui-schemas', 'content', 'vite.config.ts', 'package-lock.json'];

function newest(path) {
  const full = join(root, path);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(full)) {
    if (entry === 'precompiled' || entry === 'node_modules') continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

const stale = process.env.SKIP_CLIENT_BUILD !== '1' && (!existsSync(built) || sources.some((s) => newest(s) > statSync(built).mtimeMs));
if (stale) {
  console.log(existsSync(built) ? 'Sources changed: rebuilding the front end…' : 'Building the front end (first start)…');
  const r = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// The server runs as JavaScript (no TypeScript compilation at start): its esbuild bundle, rebuilt when it changed.
let bundle;
try {
  bundle = await ensureBuilt({ entry: 'src/server/server.ts', outdir: 'dist/server', name: 'server' });
} catch (err) {
  console.error(`Could not build the server: ${err.message}`);
  process.exit(1);
}
const server = spawn(process.execPath, [bundle], {
  cwd: root,
  stdio: 'inherit',
  // The server stops by itself if this launcher disappears without passing a signal on (SIGKILL).
  env: { NODE_ENV: 'production', ...process.env, HALAL_FUND_LAUNCHER_PID: String(process.pid) },
});
const stop = (signal) => {
  if (server.exitCode === null && server.signalCode === null) server.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal === 'SIGHUP' ? 'SIGTERM' : signal));
// npm runs this through its script shell, and the npm script is a plain command (no POSIX `exec`): when a process
// manager stops npm, npm signals that shell, which has either become this process (the signal arrives above) or may
// die without passing the signal on. Re-parenting is how this process learns of the latter: the server is then
// stopped, not orphaned.
const parent = process.ppid;
const watch = setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM');
}, 500);
watch.unref();
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
