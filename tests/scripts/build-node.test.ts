/**
 * The on-demand esbuild bundles behind `npm run validate` and `npm start` (scripts/lib/build-node.mjs): built when
 * missing, reused while no source changed, rebuilt when one did, and runnable by plain node.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ensureBuilt, isFresh } from '../../scripts/lib/build-node.mjs';

const ROOT = resolve(import.meta.dirname, '../..');
let dir: string;
let rel: string;

beforeAll(() => {
  mkdirSync(join(ROOT, 'tmp'), { recursive: true });
  dir = mkdtempSync(join(ROOT, 'tmp', 'build-node-'));
  rel = relative(ROOT, dir);
  writeFileSync(join(dir, 'greeting.ts'), "export const greeting: string = 'hello';\n");
  writeFileSync(join(dir, 'entry.ts'), "import { greeting } from './greeting';\nconsole.log(greeting);\n");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const build = (): Promise<string> => ensureBuilt({ entry: `${rel}/entry.ts`, outdir: `${rel}/out`, name: 'entry' });

describe('ensureBuilt', () => {
  it('builds a bundle plain node runs, reuses it while nothing changed, rebuilds when an imported source changes', async () => {
    const file = await build();
    expect(execFileSync(process.execPath, [file], { encoding: 'utf8' })).toBe('hello\n');
    const firstBuild = statSync(file).mtimeMs;
    expect(isFresh(join(dir, 'out'), 'entry')).toBe(true);

    expect(await build()).toBe(file);
    expect(statSync(file).mtimeMs).toBe(firstBuild);

    writeFileSync(join(dir, 'greeting.ts'), "export const greeting: string = 'salaam';\n");
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(dir, 'greeting.ts'), later, later);
    expect(isFresh(join(dir, 'out'), 'entry')).toBe(false);
    await build();
    expect(execFileSync(process.execPath, [file], { encoding: 'utf8' })).toBe('salaam\n');
  });
});
