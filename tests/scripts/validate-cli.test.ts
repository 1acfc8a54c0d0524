/**
 * The headless validator CLI through its public seam: `npm run validate -- [--json] <form-id> <file|dir|glob|->…`
 * (what npm runs: `node scripts/validate.mjs`, the built bundle).
 */
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { execFile, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/** Runs the CLI the way `npm run validate` does (node on the built bundle), with extra environment. */
async function cli(args: string[], env: Record<string, string> = {}): Promise<Result> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/validate.mjs', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Runs the CLI with `input` on its stdin. */
function cliWithStdin(args: string[], input: string): Promise<Result> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['scripts/validate.mjs', ...args], { cwd: ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** Parses JSON Lines output. */
function lines(stdout: string): unknown[] {
  return stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as unknown);
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
        // The kinds of character are one rule each in an "allOf", which Ajv checks before the length.
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

  it.each([['--help'], ['-h'], ['sign-in', '--help'], ['--json', '-h', 'sign-in', 'x.json']])('prints the usage and exits 0 for %s', async (...args) => {
    const result = await cli(args);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(/^usage: npm run validate -- \[--json\] \[--lang bn\|en\] \[--from <server URL>\] <form-id> <file\|dir\|glob\|->…\n/);
    for (const word of ['--json', '--lang bn|en', '--from <server URL>', '-h, --help', 'Exit status: 0', 'SCHEMAS_DIR']) expect(result.stdout).toContain(word);
    for (const form of FORM_IDS) expect(result.stdout).toContain(form);
  });

  it('prints the usage for `npm run validate -- --help`, as npm runs it', async () => {
    const { stdout } = await run('npm', ['run', '-s', 'validate', '--', '--help'], { cwd: ROOT });
    expect(stdout).toMatch(/^usage: npm run validate/);
  });

  it.each([
    ['an unknown form id', ['--json', 'no-such-form', 'x.json'], /unknown form id "no-such-form"/],
    ['a missing file', ['--json', 'sign-in', '/nonexistent/data.json'], /^validate: no such file: \/nonexistent\/data\.json\n$/],
    ['a missing file, named relative', ['sign-in', 'x.json'], /^validate: no such file: x\.json\n$/],
    ['bad JSON', ['--json', 'sign-in', 'BADJSON'], /is not valid JSON/],
    ['a missing argument', ['--json', 'sign-in'], /usage: npm run validate/],
    ['an unknown option', ['--yaml', 'sign-in', 'x.json'], /unknown option --yaml/],
    ['an unknown short option', ['-q', 'sign-in', 'x.json'], /unknown option -q/],
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
  it('answers hostile text at once against a pattern that backtracks, edited by hand into a copy (patterns run on RE2)', async () => {
    const copy = join(dir, 'schemas-backtracking');
    cpSync(join(ROOT, 'schemas'), copy, { recursive: true });
    const schemaFile = join(copy, 'newsletter.schema.json');
    const schema = JSON.parse(readFileSync(schemaFile, 'utf8'));
    schema.properties.nickname = { type: 'string', title: 'Nickname', pattern: '^(a+)+$', errorMessage: { pattern: 'A nickname is made of the letter a' } };
    writeFileSync(schemaFile, JSON.stringify(schema));
    // 40 a's and a "!": about 2^40 steps for a backtracking engine (hours).
    const data = file('backtracking.json', JSON.stringify({ email: 'rahim@example.com', nickname: `${'a'.repeat(40)}!` }));
    const started = performance.now();
    const result = await cli(['--json', 'newsletter', data], { SCHEMAS_DIR: copy });
    const ms = performance.now() - started;
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({ valid: false, errors: [{ path: '/nickname', message: 'A nickname is made of the letter a' }] });
    // The whole run (a Node start included, slow on a busy machine) against hours for a regression.
    expect(ms).toBeLessThan(20_000);
  });
});

describe('npm run validate with many documents', () => {
  const signIn = JSON.parse(readFileSync(join(FIXTURES, 'sign-in.valid.json'), 'utf8')) as Record<string, unknown>;
  const shortPassword = { path: '/password', message: 'Password must be 6 characters' };
  const weakPassword = { path: '/password', message: 'Password must include uppercase, lowercase, number and special character' };
  let batch: string;
  beforeAll(() => {
    batch = join(dir, 'batch');
    mkdirSync(join(batch, 'nested'), { recursive: true });
    writeFileSync(join(batch, 'a.json'), JSON.stringify(signIn));
    writeFileSync(join(batch, 'b.json'), JSON.stringify({ ...signIn, password: 'short' }));
    writeFileSync(join(batch, 'nested/c.json'), JSON.stringify(signIn));
    writeFileSync(join(batch, 'notes.txt'), 'not a document');
  });

  it('takes several files: one JSON line each in the order given, a summary, exit 1 when one is invalid', async () => {
    const a = join(batch, 'a.json');
    const b = join(batch, 'b.json');
    const result = await cli(['--json', 'sign-in', b, a]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
    expect(lines(result.stdout)).toEqual([
      { file: b, valid: false, errors: [shortPassword, weakPassword] },
      { file: a, valid: true, errors: [] },
      { summary: { documents: 2, valid: 1, invalid: 1 } },
    ]);
  });

  it('exits 0 when every document is valid', async () => {
    const result = await cli(['--json', 'sign-in', join(batch, 'a.json'), join(batch, 'nested/c.json')]);
    expect(result.code).toBe(0);
    expect(lines(result.stdout).at(-1)).toEqual({ summary: { documents: 2, valid: 2, invalid: 0 } });
  });

  it('takes a directory: every .json file under it, sorted, with human lines and a summary line', async () => {
    const result = await cli(['sign-in', batch]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(
      [
        `${join(batch, 'a.json')}: valid sign-in`,
        `${join(batch, 'b.json')}: /password: Password must be 6 characters`,
        `${join(batch, 'b.json')}: /password: Password must include uppercase, lowercase, number and special character`,
        `${join(batch, 'nested/c.json')}: valid sign-in`,
        '3 documents: 2 valid, 1 invalid',
        '',
      ].join('\n'),
    );
  });

  it('takes a glob (quoted, as ajv-cli takes it), relative to the working directory', async () => {
    mkdirSync(join(ROOT, 'tmp'), { recursive: true });
    const inRepo = mkdtempSync(join(ROOT, 'tmp', 'validate-glob-'));
    try {
      cpSync(batch, inRepo, { recursive: true });
      const relative = inRepo.slice(ROOT.length + 1);
      const result = await cli(['--json', 'sign-in', `${relative}/*.json`]);
      expect(lines(result.stdout)).toEqual([
        { file: `${relative}/a.json`, valid: true, errors: [] },
        { file: `${relative}/b.json`, valid: false, errors: [shortPassword, weakPassword] },
        { summary: { documents: 2, valid: 1, invalid: 1 } },
      ]);
      const absolute = await cli(['--json', 'sign-in', `${batch}/**/c.json`]);
      expect(lines(absolute.stdout)[0]).toEqual({ file: join(batch, 'nested/c.json'), valid: true, errors: [] });
    } finally {
      rmSync(inRepo, { recursive: true, force: true });
    }
  });

  it('takes JSON Lines on stdin with "-", naming each document by its line; a bad line is invalid with the reason', async () => {
    const input = `${JSON.stringify(signIn)}\n\n{"email": \n${JSON.stringify({ ...signIn, password: 'short' })}\n`;
    const result = await cliWithStdin(['--json', 'sign-in', '-'], input);
    expect(result.code).toBe(1);
    const out = lines(result.stdout) as Array<{ file?: string; valid?: boolean; errors?: Array<{ message: string }> }>;
    expect(out.map((r) => [r.file, r.valid])).toEqual([
      ['stdin:1', true],
      ['stdin:3', false],
      ['stdin:4', false],
      [undefined, undefined],
    ]);
    expect(out[1]!.errors![0]!.message).toMatch(/^Not valid JSON/);
    expect(out[2]!.errors).toEqual([shortPassword, weakPassword]);
    expect(out[3]).toEqual({ summary: { documents: 3, valid: 1, invalid: 2 } });
  });

  it('mixes stdin and files', async () => {
    const result = await cliWithStdin(['--json', 'sign-in', join(batch, 'a.json'), '-'], `${JSON.stringify(signIn)}\n`);
    expect(result.code).toBe(0);
    expect(lines(result.stdout)).toEqual([
      { file: join(batch, 'a.json'), valid: true, errors: [] },
      { file: 'stdin:1', valid: true, errors: [] },
      { summary: { documents: 2, valid: 2, invalid: 0 } },
    ]);
  });

  it.each([
    ['a glob that matches nothing', () => ['sign-in', join(batch, '*.yaml')], /no file matches/],
    ['a directory without .json files', () => ['sign-in', join(batch, 'empty')], /no \.json file in the directory/],
    ['a missing file among others', () => ['sign-in', join(batch, 'a.json'), join(batch, 'gone.json')], /^validate: no such file: .*gone\.json\n$/],
    ['stdin given twice', () => ['sign-in', '-', '-'], /given twice/],
  ])('exits 2 before validating anything for %s', async (_case, args, reason) => {
    mkdirSync(join(batch, 'empty'), { recursive: true });
    const result = await cli(args());
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(reason);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});
