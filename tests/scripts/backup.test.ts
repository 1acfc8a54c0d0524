/**
 * `npm run backup` and `npm run restore`, through the real command line: a database seeded through the API (users,
 * a verified owner's documents, a project, an accepted agreement, a donation) is backed up, restored elsewhere, and
 * every table compared row for row and every file byte for byte; the restored database serves the files through
 * the app. Restore refuses a target that is not empty and a damaged backup, changing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { DB_KINDS, freshPostgres, ROOT, startTestApp, type DbKind, type TestApp } from '../server/helpers';
import { acceptForm, agreementForm, api, makeStaff, openProject, verifiedOwner, type Person } from '../server/market-helpers';

const run = promisify(execFile);

interface Target {
  dataDir?: string;
  databaseUrl?: string;
}

async function cli(script: 'backup' | 'restore', target: Target, ...args: string[]) {
  const env = { ...process.env, DATA_DIR: target.dataDir ?? '', DATABASE_URL: target.databaseUrl ?? '' };
  try {
    const { stdout, stderr } = await run('npm', ['run', '-s', script, '--', ...args], { cwd: ROOT, env });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Every table of the public schema, each row as JSON (bytea as hex), in one order. */
async function snapshot(target: Target): Promise<{ tables: Record<string, string[]>; files: { id: string; stored: string; actual: string }[] }> {
  const database = await openDatabase({ dataDir: target.dataDir ?? '', databaseUrl: target.databaseUrl, migrate: false });
  try {
    const { db } = database;
    const names = (await sql<{ tablename: string }>`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`.execute(db)).rows.map((r) => r.tablename);
    const tables: Record<string, string[]> = {};
    for (const name of names) {
      // The whole row's JSON, sorted by itself: any difference in any column of any row shows.
      const rows = await sql<{ j: string }>`SELECT row_to_json(t)::text AS j FROM ${sql.table(name)} t ORDER BY 1`.execute(db);
      tables[name] = rows.rows.map((r) => r.j);
    }
    const files = names.includes('files') ? await db.selectFrom('files').select(['id', 'sha256', 'data']).orderBy('id').execute() : [];
    return { tables, files: files.map((f) => ({ id: f.id, stored: f.sha256, actual: createHash('sha256').update(f.data).digest('hex') })) };
  } finally {
    await database.close();
  }
}

async function seed(t: TestApp) {
  const staff = await makeStaff(t.app);
  const owner = await verifiedOwner(t.app, staff);
  const project = await openProject(t.app, owner, staff);
  const investor = await verifiedOwner(t.app, staff);
  const request = await api(t.app, 'POST', `/projects/${project}/agreement-requests`, investor, agreementForm(100000));
  expect(request.status).toBe(201);
  expect((await api(t.app, 'POST', `/agreement-requests/${request.body.id}/accept`, owner, acceptForm())).status).toBe(200);
  const donation = await api(t.app, 'POST', `/projects/${project}/donations`, null, { amount: 1500.5, paymentMethod: 'Bank', name: 'Nadia', email: 'nadia@example.com' });
  expect(donation.status).toBe(201);
  expect((await api(t.app, 'POST', `/staff/donations/${donation.body.id}/review`, staff, { decision: 'approve' })).status).toBe(200);
  return { owner };
}

/** The first file an owner may open, read through an app built on the restored database. */
async function fileThroughApp(target: Target, owner: Person, fileId: string): Promise<Buffer> {
  const config = loadConfig({ LOG_LEVEL: 'silent' }, { dataDir: target.dataDir ?? '', databaseUrl: target.databaseUrl, jobs: false, maxEventLoopDelayMs: 0 });
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, migrate: false });
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.ready();
    const res = await app.inject({ method: 'GET', url: `/api/v1/files/${fileId}`, headers: owner.auth });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  } finally {
    await app.close();
    await database.close();
  }
}

describe.each(DB_KINDS)('npm run backup / restore (%s)', { timeout: 600_000 }, (kind: DbKind) => {
  let t: TestApp;
  let source: Target;
  let owner: Person;
  let work: string;
  let restoredPg: { url: string; drop: () => Promise<void> } | undefined;
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    mkdirSync(join(tmpdir(), 'halal-fund-tests'), { recursive: true });
    work = mkdtempSync(join(tmpdir(), 'halal-fund-tests', 'backup-'));
    t = await startTestApp(kind);
    ({ owner } = await seed(t));
    if (kind === 'pglite') {
      // PGlite is one process per data directory: the server stops before the backup (the CLI says so otherwise).
      await t.app.close();
      await t.database.close();
      source = { dataDir: t.dataDir };
      cleanups.push(async () => rmSync(t.dataDir, { recursive: true, force: true }));
    } else {
      // PostgreSQL is backed up while the server keeps running.
      source = { databaseUrl: t.databaseUrl };
      cleanups.push(() => t.close());
      restoredPg = await freshPostgres();
      cleanups.push(() => restoredPg!.drop());
    }
  }, 600_000);

  afterAll(async () => {
    for (const c of cleanups) await c();
    rmSync(work, { recursive: true, force: true });
  });

  it('backs up, restores into an empty target, and every row and file comes back the same', async () => {
    if (kind === 'pglite') {
      // While a process holds the data directory, the backup says so and writes nothing.
      const holder = await openDatabase({ dataDir: source.dataDir!, migrate: false });
      try {
        const busy = await cli('backup', source, join(work, 'busy.pglite'));
        expect(busy.code).toBe(1);
        expect(busy.stderr).toMatch(/backup failed: The data directory .* is already in use by another server process/);
        expect(readdirSync(work)).toEqual([]);
      } finally {
        await holder.close();
      }
    }

    const file = join(work, `seeded.${kind}`);
    const backup = await cli('backup', source, file);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`backup done: ${file}`);
    const manifest = JSON.parse(readFileSync(`${file}.json`, 'utf8'));
    expect(manifest).toMatchObject({ kind, sha256: createHash('sha256').update(readFileSync(file)).digest('hex'), migrations: expect.arrayContaining(['001_accounts.sql']) });
    expect(existsSync(`${file}.partial`)).toBe(false);

    const before = await snapshot(source);
    // Not a vacuous comparison: the seed reached the tables that matter, files included.
    for (const table of ['users', 'sessions', 'verifications', 'projects', 'agreement_requests', 'instalments', 'donations', 'files', 'audit_log']) {
      expect(before.tables[table]!.length, table).toBeGreaterThan(0);
      expect(manifest.rowCounts[table], table).toBe(before.tables[table]!.length);
    }
    expect(before.files.length).toBeGreaterThanOrEqual(3);

    // A second backup never overwrites the first.
    const again = await cli('backup', source, file);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('already exists');

    const target: Target = kind === 'pglite' ? { dataDir: join(work, 'restored') } : { databaseUrl: restoredPg!.url };
    const restore = await cli('restore', target, file);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/verified \d+ migrations and \d+ rows in \d+ tables/);

    const after = await snapshot(target);
    expect(Object.keys(after.tables)).toEqual(Object.keys(before.tables));
    for (const table of Object.keys(before.tables)) expect(after.tables[table], table).toEqual(before.tables[table]);
    expect(after.files).toEqual(before.files);
    for (const f of after.files) expect(f.actual).toBe(f.stored);

    // The restored database is a working one: the owner's session opens their document, byte for byte.
    const ownerFile = await (async () => {
      const database = await openDatabase({ dataDir: target.dataDir ?? '', databaseUrl: target.databaseUrl, migrate: false });
      try {
        return await database.db.selectFrom('files').innerJoin('users', 'users.id', 'files.owner_id').select(['files.id', 'files.data']).where('users.email', '=', owner.email).executeTakeFirstOrThrow();
      } finally {
        await database.close();
      }
    })();
    expect((await fileThroughApp(target, owner, ownerFile.id)).equals(ownerFile.data)).toBe(true);
  });

  it('refuses a target that is not empty, and a damaged backup, changing nothing', async () => {
    const file = join(work, `seeded.${kind}`);
    expect(await cli('restore', source)).toMatchObject({ code: 2, stderr: expect.stringContaining('usage: npm run restore -- <backup file>') });
    expect(await cli('backup', source, 'a', 'b')).toMatchObject({ code: 2, stderr: expect.stringContaining('usage: npm run backup') });
    expect(await cli('restore', source, join(work, 'missing'))).toMatchObject({ code: 1, stderr: expect.stringContaining('restore failed: No backup file') });
    const before = await snapshot(source);
    const refused = await cli('restore', source, file);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(kind === 'pglite' ? /restore failed: DATA_DIR .* is not empty/ : /restore failed: The database .* is not empty/);
    expect(await snapshot(source)).toEqual(before);

    const damaged = join(work, `damaged.${kind}`);
    const bytes = readFileSync(file);
    const middle = bytes.length >> 1;
    bytes.writeUInt8(bytes.readUInt8(middle) ^ 0xff, middle);
    writeFileSync(damaged, bytes);
    copyFileSync(`${file}.json`, `${damaged}.json`);
    const empty: Target = kind === 'pglite' ? { dataDir: join(work, 'never') } : { databaseUrl: (restoredPg = await freshPostgres()).url };
    if (kind === 'postgres') cleanups.push(restoredPg!.drop);
    const bad = await cli('restore', empty, damaged);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/restore failed: The backup's sha256 \w+ is not the manifest's/);
    if (empty.dataDir) expect(existsSync(empty.dataDir)).toBe(false);
    else expect(Object.values((await snapshot(empty)).tables)).toEqual([]);
  });
});
