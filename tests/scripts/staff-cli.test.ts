/** The staff command line: the only way to make someone staff. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freshDataDir, ROOT } from '../server/helpers';
import { openDatabase } from '../../src/server/db/database';
import { hashPassword } from '../../src/server/modules/accounts/service';

const run = promisify(execFile);

async function staffCli(dataDir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run('npm', ['run', 'staff', '--', ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run staff', { timeout: 180_000 }, () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await freshDataDir();
    const db = await openDatabase({ dataDir });
    await db.db.insertInto('users').values({ email: 'reviewer@example.com', phone: '+8801700000001', password_hash: await hashPassword('Secret1!') }).execute();
    await db.close();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const isStaff = async () => {
    const db = await openDatabase({ dataDir });
    try {
      return (await db.db.selectFrom('users').select('is_staff').where('email', '=', 'reviewer@example.com').executeTakeFirstOrThrow()).is_staff;
    } finally {
      await db.close();
    }
  };

  it('adds staff by email, lists them, and removes them by phone', async () => {
    const added = await staffCli(dataDir, 'add', 'Reviewer@Example.com');
    expect(added).toMatchObject({ code: 0, stdout: expect.stringContaining('reviewer@example.com (+8801700000001) is now staff.') });
    expect(await isStaff()).toBe(true);
    expect((await staffCli(dataDir, 'list')).stdout).toContain('reviewer@example.com\t+8801700000001');
    const removed = await staffCli(dataDir, 'remove', '+880 1700-000001');
    expect(removed).toMatchObject({ code: 0, stdout: expect.stringContaining('is no longer staff.') });
    expect(await isStaff()).toBe(false);
  });

  it('exits 1 for an unknown account and 2 for bad usage', async () => {
    expect(await staffCli(dataDir, 'add', 'nobody@example.com')).toMatchObject({ code: 1, stderr: expect.stringContaining('No account with email nobody@example.com') });
    expect(await staffCli(dataDir, 'promote', 'x')).toMatchObject({ code: 2, stderr: expect.stringContaining('usage: npm run staff') });
    expect(await staffCli(dataDir, 'add')).toMatchObject({ code: 2 });
    expect(await staffCli(dataDir, 'unlock')).toMatchObject({ code: 2 });
  });

  it('lists sign-in locks and lifts an address lock and an account lock, each audited', async () => {
    const db = await openDatabase({ dataDir });
    const until = new Date(Date.now() + 15 * 60_000);
    await db.db
      .insertInto('signin_failures')
      .values([
        { key: 'address:203.0.113.7', failures: 40, locked_until: until },
        { key: 'account:reviewer@example.com', failures: 8, locked_until: until },
        { key: 'account:+8801700000001', failures: 2, locked_until: null },
      ])
      .execute();
    await db.close();

    const locks = await staffCli(dataDir, 'locks');
    expect(locks.stdout).toMatch(/address:203\.0\.113\.7\t40 failed attempts\tlocked until/);

    expect(await staffCli(dataDir, 'unlock', '203.0.113.7')).toMatchObject({ code: 0, stdout: expect.stringContaining('Lifted address:203.0.113.7 (40 failed attempts).') });
    // By phone, the account's email lock goes too: either can be typed in the sign-in box.
    const byPhone = await staffCli(dataDir, 'unlock', '+8801700000001');
    expect(byPhone.code).toBe(0);
    expect(byPhone.stdout).toContain('Lifted account:reviewer@example.com (8 failed attempts).');
    expect(byPhone.stdout).toContain('Lifted account:+8801700000001 (2 failed attempts).');
    expect(await staffCli(dataDir, 'unlock', '203.0.113.7')).toMatchObject({ code: 1, stderr: expect.stringContaining('No sign-in lock') });

    const check = await openDatabase({ dataDir });
    try {
      expect(await check.db.selectFrom('signin_failures').select('key').execute()).toEqual([]);
      const audits = await check.db.selectFrom('audit_log').select(['action', 'subject_type', 'before_status', 'after_status', 'note']).where('action', '=', 'signin.unlock').orderBy('id').execute();
      expect(audits).toHaveLength(3);
      expect(audits[0]).toMatchObject({ subject_type: 'signin-address', before_status: 'locked', after_status: 'unlocked', note: expect.stringContaining('address:203.0.113.7 lifted from the command line by') });
      expect(audits.slice(1).map((a) => a.subject_type)).toEqual(['user', 'user']);
    } finally {
      await check.close();
    }
  }, 180_000);

  it('marks a qualified investor and makes them retail again, with a note, each audited', async () => {
    expect(await staffCli(dataDir, 'qualify', 'reviewer@example.com')).toMatchObject({ code: 2, stderr: expect.stringContaining('qualify <email|phone> --note') });
    expect(await staffCli(dataDir, 'qualify', 'reviewer@example.com', '--note', ' ')).toMatchObject({ code: 2 });
    const marked = await staffCli(dataDir, 'qualify', 'reviewer@example.com', '--note', 'Audited accounts seen');
    expect(marked).toMatchObject({ code: 0, stdout: expect.stringContaining('is now a qualified investor (no retail limits)') });
    expect(await staffCli(dataDir, 'qualify', '+8801700000001', '--note', 'again')).toMatchObject({ code: 1, stdout: expect.stringContaining('already was a qualified investor') });
    const unmarked = await staffCli(dataDir, 'unqualify', '+8801700000001', '--note', 'Evidence withdrawn');
    expect(unmarked).toMatchObject({ code: 0, stdout: expect.stringContaining('is now a retail investor') });
    const check = await openDatabase({ dataDir });
    try {
      expect(await check.db.selectFrom('investor_qualifications').selectAll().execute()).toEqual([]);
      const audits = await check.db.selectFrom('audit_log').select(['action', 'before_status', 'after_status', 'note']).where('action', 'like', 'investor.%').orderBy('id').execute();
      expect(audits).toEqual([
        { action: 'investor.qualify', before_status: 'retail', after_status: 'qualified', note: expect.stringMatching(/^Audited accounts seen \(command line, .+\)$/) },
        { action: 'investor.unqualify', before_status: 'qualified', after_status: 'retail', note: expect.stringMatching(/^Evidence withdrawn \(command line, .+\)$/) },
      ]);
    } finally {
      await check.close();
    }
  }, 180_000);

  it('stores the evidence file given with a qualification; refuses one that is not a PDF or an image, changing nothing', async () => {
    const fake = join(dataDir, '..', `not-a-pdf-${process.pid}.pdf`);
    const pdf = join(dataDir, '..', `statement-${process.pid}.pdf`);
    writeFileSync(fake, 'hello, I am text');
    writeFileSync(pdf, '%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
    try {
      const refused = await staffCli(dataDir, 'qualify', 'reviewer@example.com', '--note', 'Bank statement seen', '--evidence', fake);
      expect(refused).toMatchObject({ code: 2, stderr: expect.stringContaining('File content is not a PDF, PNG or JPEG file') });
      const marked = await staffCli(dataDir, 'qualify', 'reviewer@example.com', '--note', 'Bank statement seen', '--evidence', pdf);
      expect(marked).toMatchObject({ code: 0, stdout: expect.stringContaining('is now a qualified investor') });
      const check = await openDatabase({ dataDir });
      try {
        const rows = await check.db
          .selectFrom('investor_qualifications as q')
          .innerJoin('files as f', 'f.id', 'q.evidence_file_id')
          .select(['q.note', 'f.content_type', 'f.file_name'])
          .execute();
        expect(rows).toEqual([{ note: 'Bank statement seen', content_type: 'application/pdf', file_name: `statement-${process.pid}.pdf` }]);
        await check.db.deleteFrom('investor_qualifications').execute();
      } finally {
        await check.close();
      }
    } finally {
      rmSync(fake, { force: true });
      rmSync(pdf, { force: true });
    }
  }, 180_000);

  it('gives and takes back the shariah role (issue 31 §5), each audited', async () => {
    const given = await staffCli(dataDir, 'shariah', 'reviewer@example.com');
    expect(given).toMatchObject({ code: 0, stdout: expect.stringContaining('is now a Shariah reviewer') });
    expect(await staffCli(dataDir, 'shariah', '+8801700000001')).toMatchObject({ code: 1, stdout: expect.stringContaining('already was a Shariah reviewer') });
    expect((await staffCli(dataDir, 'list')).stdout).toContain('reviewer@example.com\t+8801700000001\tshariah');
    expect(await staffCli(dataDir, 'unshariah', 'reviewer@example.com')).toMatchObject({ code: 0, stdout: expect.stringContaining('is now not a Shariah reviewer') });
    expect(await staffCli(dataDir, 'shariah')).toMatchObject({ code: 2 });
    const check = await openDatabase({ dataDir });
    try {
      expect((await check.db.selectFrom('users').select('is_shariah').where('email', '=', 'reviewer@example.com').executeTakeFirstOrThrow()).is_shariah).toBe(false);
      const audits = await check.db.selectFrom('audit_log').select(['action', 'after_status']).where('action', 'like', 'role.%').orderBy('id').execute();
      expect(audits).toEqual([
        { action: 'role.shariah_grant', after_status: 'shariah' },
        { action: 'role.shariah_revoke', after_status: null },
      ]);
    } finally {
      await check.close();
    }
  }, 180_000);

  it('says the data directory is in use while a server holds it', async () => {
    const db = await openDatabase({ dataDir });
    try {
      const res = await staffCli(dataDir, 'add', 'reviewer@example.com');
      expect(res.code).toBe(2);
      expect(res.stderr).toMatch(/is already in use by another server process/);
    } finally {
      await db.close();
    }
  });
});
