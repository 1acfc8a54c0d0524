#!/usr/bin/env node
// The one gate (`npm test`, and CI after a clean install): schema lint and type drift, precompiled validators,
// type-check, lint, the production build (the server-rendering tests need its renderer), unit/jsdom/server tests,
// then the browser tests.
// `npm test -- <word>` runs only the steps whose name contains the word (e.g. `npm test -- browser`).
// Each step prints its time; the first failure stops the run with its exit code.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';

/** The browser tests need Debian's Chromium: installed here with apt when it is missing and we can. */
function ensureChromium() {
  if (existsSync(CHROME)) return 0;
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canApt) {
    console.error(`Chromium is missing at ${CHROME}: run \`sudo apt-get install -y chromium\` (or set CHROME_PATH), then npm test again.`);
    return 1;
  }
  console.log('Installing Chromium for the browser tests (apt-get)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (update.status !== 0) return update.status ?? 1;
  return spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env }).status ?? 1;
}

const steps = [
  ['schema lint and generated types', 'npx', ['tsx', 'scripts/schemas-check.ts']],
  ['precompile form validators', 'npx', ['tsx', 'scripts/compile-validators.ts']],
  ['type-check', 'npx', ['tsc', '-p', 'tsconfig.json']],
  ['lint', 'npx', ['eslint', '--max-warnings', '0', '.']],
  ['production build', 'npm', ['run', '-s', 'build']],
  ['unit, component and server tests', 'npx', ['vitest', 'run']],
  ['chromium for the browser tests', ensureChromium],
  ['browser tests', 'npx', ['vitest', 'run'], { E2E: '1' }],
];

const only = process.argv.slice(2);
const started = Date.now();
for (const [name, cmd, args, env] of steps) {
  if (only.length && !only.some((o) => name.includes(o))) continue;
  const t0 = Date.now();
  console.log(`\n▶ ${name}`);
  const status = typeof cmd === 'function' ? cmd() : spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status;
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  if (status !== 0) {
    console.error(`\n✖ ${name} failed after ${secs}s`);
    process.exit(status ?? 1);
  }
  console.log(`✔ ${name} (${secs}s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(1)}s`);
