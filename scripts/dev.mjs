#!/usr/bin/env node
// `npm run dev`: the API server with reload (tsx watch) and Vite's dev server with hot reload, together.
// Open http://127.0.0.1:5173 (Vite proxies /api to the server on PORT, default 3000).
import { spawn } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/server.ts'], { cwd: root, stdio: 'inherit' }),
  spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), '--host', process.env.HOST ?? '127.0.0.1'], {
    cwd: root,
    stdio: 'inherit',
  }),
];
const stop = (signal) => {
  for (const c of children) if (c.exitCode === null) c.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
for (const c of children) {
  c.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
