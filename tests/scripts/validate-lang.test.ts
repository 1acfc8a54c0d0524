/**
 * `npm run validate -- --lang bn|en` (issue 29 §2): the same documents, the same fields and exit codes, the form's
 * messages in the chosen language (its words in schemas/i18n/), the `--json` output of the same shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');

async function cli(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/validate.mjs', ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

let dir: string;
let file: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'validate-lang-'));
  file = join(dir, 'sign-up.json');
  writeFileSync(file, JSON.stringify({ email: 'not an email', phone: '০১৮১২৩৪৫৬৭৮', password: 'short', retype_password: 'other' }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run validate --lang', () => {
  it('says the form\'s messages in Bengali with --lang bn, in English by default, same fields and shape', async () => {
    const en = await cli(['--json', 'sign-up', file]);
    const bn = await cli(['--json', '--lang', 'bn', 'sign-up', file]);
    expect(en.code).toBe(1);
    expect(bn.code).toBe(1);
    const enOut = JSON.parse(en.stdout) as { valid: boolean; errors: { path: string; message: string }[] };
    const bnOut = JSON.parse(bn.stdout) as typeof enOut;
    expect(Object.keys(bnOut)).toEqual(Object.keys(enOut));
    expect(bnOut.errors.map((e) => e.path)).toEqual(enOut.errors.map((e) => e.path));
    expect(enOut.errors).toContainEqual({ path: '/email', message: 'Enter a valid email address' });
    expect(bnOut.errors).toContainEqual({ path: '/email', message: 'একটি সঠিক ইমেইল ঠিকানা দিন' });
    expect(bnOut.errors).toContainEqual({ path: '/password', message: 'পাসওয়ার্ড অন্তত ৬ অক্ষরের হতে হবে' });
    // The phone typed in Bengali digits is a valid number (read as 01812345678): no message for it in either language.
    expect([...enOut.errors, ...bnOut.errors].some((e) => e.path === '/phone')).toBe(false);
    expect((await cli(['--json', '--lang=en', 'sign-up', file])).stdout).toBe(en.stdout);
    const human = await cli(['--lang', 'bn', 'sign-up', file]);
    expect(human.stdout).toContain(`${file}: /retype_password: দুটি পাসওয়ার্ড মেলেনি\n`);
  });

  it('refuses a language it does not speak as a usage error', async () => {
    const res = await cli(['--lang', 'fr', 'sign-up', file]);
    expect(res.code).toBe(2);
    expect(res.stderr).toBe('validate: --lang must be en or bn (got "fr")\n');
    expect((await cli(['sign-up', file, '--lang'])).code).toBe(2);
  });

  it('reads the words from the schemas directory it checks with (a copy edited by hand)', async () => {
    const copy = join(dir, 'schemas');
    cpSync(join(ROOT, 'schemas'), copy, { recursive: true });
    const wordsFile = join(copy, 'i18n/sign-up.bn.json');
    const words = JSON.parse(readFileSync(wordsFile, 'utf8')) as Record<string, string>;
    words['Passwords do not match'] = 'পাসওয়ার্ড দুটি এক নয়';
    writeFileSync(wordsFile, JSON.stringify(words));
    const res = await cli(['--lang', 'bn', 'sign-up', file], { SCHEMAS_DIR: copy });
    expect(res.stdout).toContain('/retype_password: পাসওয়ার্ড দুটি এক নয়');
  });
});
