#!/usr/bin/env node
// The one gate (`npm test`, and CI after a clean install): schema lint and type drift, precompiled validators,
// type-check, lint, unit/jsdom/server tests, then the production build and the browser tests.
// Each step prints its time; the first failure stops the run with its exit code.
import { spawnSync } from 'node:child_process';

const steps = [
  ['schema lint and generated types', 'npx', ['tsx', 'scripts/schemas-check.ts']],
  ['precompile form validators', 'npx', ['tsx', 'scripts/compile-validators.ts']],
  ['type-check', 'npx', ['tsc', '-p', 'tsconfig.json']],
  ['lint', 'npx', ['eslint', '--max-warnings', '0', '.']],
  ['unit, component and server tests', 'npx', ['vitest', 'run']],
];

const only = process.argv.slice(2);
const started = Date.now();
for (const [name, cmd, args] of steps) {
  if (only.length && !only.some((o) => name.includes(o))) continue;
  const t0 = Date.now();
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  if (r.status !== 0) {
    console.error(`\n✖ ${name} failed after ${secs}s`);
    process.exit(r.status ?? 1);
  }
  console.log(`✔ ${name} (${secs}s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(1)}s`);
