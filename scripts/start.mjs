#!/usr/bin/env node
// `npm start`: builds the front end when it is missing or older than its sources, then runs the server
// (embedded PGlite in ./data unless DATABASE_URL is set). Signals are passed on, so Ctrl-C shuts down cleanly.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

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

const stale = !existsSync(built) || sources.some((s) => newest(s) > statSync(built).mtimeMs);
if (stale) {
  console.log(existsSync(built) ? 'Sources changed: rebuilding the front end…' : 'Building the front end (first start)…');
  const r = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/server/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
