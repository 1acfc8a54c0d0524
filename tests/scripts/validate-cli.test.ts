/**
 * The headless validator CLI through its public seam: `npm run validate -- [--json] <form-id> <data.json>`.
 */
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { FORM_IDS } from '../../src/shared/generated/form-types';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const FIXTURES = join(ROOT, 'tests/fixtures/forms');

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI script with node + tsx (what `npm run validate` runs), with extra environment. */
async function cli(args: string[], env: Record<string, string> = {}): Promise<Result> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/validate.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'validate-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

describe('npm run validate', () => {
  it('accepts every usual way of typing a mobile number and refuses a landline, as the server does', async () => {
    const signUp = JSON.parse(readFileSync(join(FIXTURES, 'sign-up.valid.json'), 'utf8'));
    for (const phone of ['01812345678', '8801812345678', '+880 1812-345678', '+8801812345678']) {
      const res = await cli(['--json', 'sign-up', file('phone-ok.json', JSON.stringify({ ...signUp, phone }))]);
      expect({ phone, ...JSON.parse(res.stdout) }).toEqual({ phone, valid: true, errors: [] });
      expect(res.code).toBe(0);
    }
    const landline = await cli(['--json', 'sign-up', file('phone-bad.json', JSON.stringify({ ...signUp, phone: '02 9123456' }))]);
    expect(landline.code).toBe(1);
    expect(JSON.parse(landline.stdout).errors).toEqual([{ path: '/phone', message: 'Enter a valid phone number, e.g. +8801712345678' }]);
    // DEFAULT_PHONE_REGION decides which country a number without a country code belongs to.
    const indian = file('phone-in.json', JSON.stringify({ ...signUp, phone: '09876543210' }));
    expect((await cli(['sign-up', indian])).code).toBe(1);
    expect((await cli(['sign-up', indian], { DEFAULT_PHONE_REGION: 'IN' })).code).toBe(0);
  });

  it('prints exactly one JSON document on stdout through npm, and exits 1 for invalid data', async () => {
    const bad = file('bad-sign-in.json', JSON.stringify({ email: 'rahim@example.com', password: 'short' }));
    let outcome: Result;
    try {
      const { stdout, stderr } = await run('npm', ['run', 'validate', '--', '--json', 'sign-in', bad], { cwd: ROOT });
      outcome = { code: 0, stdout, stderr };
    } catch (err) {
      outcome = err as Result;
    }
    expect(outcome.code).toBe(1);
    expect(JSON.parse(outcome.stdout)).toEqual({
      valid: false,
      errors: [
        { path: '/password', message: 'Password must be 6 characters' },
        { path: '/password', message: 'Password must include uppercase, lowercase, number and special character' },
      ],
    });
  });

  it.each(FORM_IDS)('%s: exit 0 and {"valid": true, "errors": []} for its valid sample', async (formId) => {
    const result = await cli(['--json', formId, join(FIXTURES, `${formId}.valid.json`)]);
    expect(result).toMatchObject({ code: 0 });
    expect(JSON.parse(result.stdout)).toEqual({ valid: true, errors: [] });
  });

  it('points a missing required field at the field itself', async () => {
    const result = await cli(['--json', 'sign-up', file('empty.json', '{}')]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).errors).toEqual([
      { path: '/email', message: 'Email is required' },
      { path: '/phone', message: 'Phone Number is required' },
      { path: '/password', message: 'Password is required' },
      { path: '/retype_password', message: 'Confirm password is required' },
    ]);
  });

  it('points nested errors at the nested field', async () => {
    const data = JSON.parse(readFileSync(join(FIXTURES, 'invest.valid.json'), 'utf8'));
    data.documents = [{ description: 'Deed' }];
    const result = await cli(['--json', 'invest', file('invest.json', JSON.stringify(data))]);
    expect(JSON.parse(result.stdout)).toEqual({ valid: false, errors: [{ path: '/documents/0/file', message: 'File is required' }] });
  });

  it('prints one human line per error without --json', async () => {
    const path = file('human.json', '{}');
    const result = await cli(['verify-otp', path]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(`${path}: /phone: Phone Number is required\n${path}: /otp: OTP is required\n`);
  });

  it.each([
    ['an unknown form id', ['--json', 'no-such-form', 'x.json'], /unknown form id "no-such-form"/],
    ['an unreadable file', ['--json', 'sign-in', '/nonexistent/data.json'], /cannot read \/nonexistent\/data.json: ENOENT/],
    ['bad JSON', ['--json', 'sign-in', 'BADJSON'], /is not valid JSON/],
    ['a missing argument', ['--json', 'sign-in'], /usage: npm run validate/],
    ['an unknown option', ['--yaml', 'sign-in', 'x.json'], /unknown option --yaml/],
  ])('exits 2 with a one-line reason for %s', async (_case, args, reason) => {
    const resolved = args.map((a) => (a === 'BADJSON' ? file('bad.json', '{"email": ') : a));
    const result = await cli(resolved);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(reason);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('follows a schema edited in a temporary copy, with no code change', async () => {
    const copy = join(dir, 'schemas');
    cpSync(join(ROOT, 'schemas'), copy, { recursive: true });
    const schemaFile = join(copy, 'newsletter.schema.json');
    const schema = JSON.parse(readFileSync(schemaFile, 'utf8'));
    schema.properties.name = { type: 'string', title: 'Your name', minLength: 1 };
    schema.required.push('name');
    schema.errorMessage.required.name = 'Tell us your name';
    writeFileSync(schemaFile, JSON.stringify(schema));
    const data = file('newsletter.json', JSON.stringify({ email: 'rahim@example.com' }));

    expect((await cli(['--json', 'newsletter', data])).code).toBe(0);
    const edited = await cli(['--json', 'newsletter', data], { SCHEMAS_DIR: copy });
    expect(edited.code).toBe(1);
    expect(JSON.parse(edited.stdout)).toEqual({ valid: false, errors: [{ path: '/name', message: 'Tell us your name' }] });
  });
});
