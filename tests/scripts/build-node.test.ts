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
  it('bundles the JSON files it imports from packages, which node alone would refuse to import', async () => {
    // As src/shared/forms/schema-keywords.ts reads Ajv's meta-schema (`npm start` runs such a bundle).
    writeFileSync(join(dir, 'meta.ts'), "import core from 'ajv/dist/refs/json-schema-2019-09/meta/core.json';\nconsole.log(Object.keys(core.properties).includes('$defs'));\n");
    const file = await ensureBuilt({ entry: `${rel}/meta.ts`, outdir: `${rel}/out`, name: 'meta' });
    expect(execFileSync(process.execPath, [file], { encoding: 'utf8' })).toBe('true\n');
  });
});
