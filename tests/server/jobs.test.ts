/**
 * Jobs on a clock: campaigns close at their end date (and reads never write), instalments become overdue, unpaid
 * pledges are reminded then expire, old sessions, codes and abandoned draft files are purged; each job runs once
 * per slot even when two processes try it at the same moment; staff see the last run of each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/database';
import { DB_KINDS, json, startTestApp, type TestApp } from './helpers';
import { acceptForm, agreementForm, api, fixture, makeStaff, openProject, PNG_DATA_URL, verifiedOwner, type Person } from './market-helpers';

const DAY = 86_400_000;

describe.each(DB_KINDS)('scheduled jobs on %s', (kind) => {
  let t: TestApp;
  let staff: Person;
  let owner: Person;
  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await makeStaff(t.app);
    owner = await verifiedOwner(t.app, staff);
  });
  afterAll(() => t?.close());

  it('closes a campaign at its end date; until then a read shows it closed without writing', async () => {
    const id = await openProject(t.app, owner, staff);
    const past = new Date(Date.now() - 60_000);
    await t.app.db.updateTable('projects').set({ ends_at: past }).where('id', '=', id).execute();

    const page = await api(t.app, 'GET', `/projects/${id}`);
    expect(page.body.status).toBe('closed');
    const stored = () => t.app.db.selectFrom('projects').select(['status', 'closed_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect((await stored()).status).toBe('open');

    const slot = new Date();
    expect(await t.app.jobs.run('close-campaigns', new Date(), slot)).toMatchObject({ ran: true, ok: true, summary: expect.stringMatching(/^closed \d+ campaigns?$/) });
    expect(await stored()).toMatchObject({ status: 'closed', closed_at: past });
    expect(await t.app.jobs.run('close-campaigns', new Date(), slot)).toEqual({ ran: false, reason: 'already run for this slot' });
    const audit = await t.app.db.selectFrom('audit_log').select(['action', 'actor_id', 'after_status']).where('subject_id', '=', id).where('action', '=', 'project.close').execute();
    expect(audit).toEqual([{ action: 'project.close', actor_id: null, after_status: 'closed' }]);
  });

  it('marks an instalment still due after its due date as overdue, once', async () => {
    const id = await openProject(t.app, owner, staff);
    const investor = await verifiedOwner(t.app, staff);
    const sent = await api(t.app, 'POST', `/projects/${id}/agreement-requests`, investor, agreementForm(100_000));
    expect(sent.status).toBe(201);
    expect((await api(t.app, 'POST', `/agreement-requests/${sent.body.id}/accept`, owner, acceptForm())).status).toBe(200);
    const first = await t.app.db.selectFrom('instalments').select(['id', 'due_on']).where('agreement_id', '=', sent.body.id).orderBy('seq').executeTakeFirstOrThrow();
    const mine = async () => ((await api(t.app, 'GET', '/me/returns', investor)).body.items as { id: string; overdue: boolean }[]).find((i) => i.id === first.id)!;
    expect((await mine()).overdue).toBe(false);

    const afterDue = new Date(new Date(`${first.due_on}T00:00:00+06:00`).getTime() + 2 * DAY);
    const run = await t.app.jobs.run('mark-overdue', afterDue);
    expect(run).toMatchObject({ ran: true, summary: expect.stringMatching(/^marked [1-9]\d* instalments? overdue$/) });
    expect((await mine()).overdue).toBe(true);
    expect(await t.app.jobs.run('mark-overdue', new Date(afterDue.getTime() + 1000))).toMatchObject({ summary: 'marked 0 instalments overdue' });
  });

  it('reminds a donor of an unpaid pledge by SMS once, then expires it', async () => {
    const id = await openProject(t.app, owner, staff);
    const donor = await verifiedOwner(t.app, staff);
    const pledged = await api(t.app, 'POST', `/projects/${id}/donations`, donor, fixture('donate'));
    expect(pledged.status).toBe(201);
    const created = (await t.app.db.selectFrom('donations').select('created_at').where('id', '=', pledged.body.id).executeTakeFirstOrThrow()).created_at;

    const reminded = await t.app.jobs.run('pledges', new Date(created.getTime() + 4 * DAY));
    expect(reminded).toMatchObject({ ran: true, summary: expect.stringMatching(/^reminded [1-9]\d* pledges?, expired 0 pledges$/) });
    const sms = json<{ messages: { text: string }[] }>(await t.app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(donor.phone)}` }));
    expect(sms.messages[0]!.text).toMatch(/your pledge HF-[A-Z0-9]{4}-[A-Z0-9]{2} of ৳[\d,]+ is not paid yet\. Pay within 10 days or it expires\. How to pay: http:\/\/\S+\/donations\/receipt\?id=/);
    const again = await t.app.jobs.run('pledges', new Date(created.getTime() + 5 * DAY));
    expect(again).toMatchObject({ summary: expect.stringMatching(/^reminded 0 pledges/) });

    const expired = await t.app.jobs.run('pledges', new Date(created.getTime() + 15 * DAY));
    expect(expired).toMatchObject({ summary: expect.stringMatching(/expired [1-9]\d* pledges?$/) });
    const row = await t.app.db.selectFrom('donations').select(['status', 'staff_note']).where('id', '=', pledged.body.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'cancelled', staff_note: 'Not paid within 14 days.' });
  });

  it('purges expired sessions, old codes and files only an abandoned draft used, and keeps what is live', async () => {
    const user = await verifiedOwner(t.app, staff);
    // A draft with an image: its file is kept while the draft refers to it.
    const draft = await api(t.app, 'PUT', '/me/drafts/verification', user, { data: { nid: '1234567890', nidImage: PNG_DATA_URL } });
    expect(draft.status).toBe(200);
    const fileRef = draft.body.data.nidImage as string;
    const later = new Date(Date.now() + 3 * DAY);
    expect(await t.app.jobs.run('purge', later)).toMatchObject({ ran: true, ok: true });
    const fileExists = async () => Boolean(await t.app.db.selectFrom('files').select('id').where('id', '=', fileRef.slice(5)).executeTakeFirst());
    expect(await fileExists()).toBe(true);
    expect((await api(t.app, 'GET', '/auth/user/me', user)).status).toBe(200);

    // The draft is replaced by one without the image: the file is no longer used by anything.
    await api(t.app, 'PUT', '/me/drafts/verification', user, { data: { nid: '1234567890' } });
    const { id: userId } = await t.app.db.selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirstOrThrow();
    const stale = await t.app.db.insertInto('sessions').values({ token_hash: `stale-${Date.now()}`, user_id: userId, expires_at: new Date(Date.now() - 2 * DAY) }).returning('token_hash').executeTakeFirstOrThrow();
    const purged = await t.app.jobs.run('purge', new Date(later.getTime() + 1000));
    expect(purged).toMatchObject({ ran: true, summary: expect.stringMatching(/removed [1-9]\d* sessions?, \d+ codes?, 0 abandoned drafts, [1-9]\d* draft files?/) });
    expect(await fileExists()).toBe(false);
    expect(await t.app.db.selectFrom('sessions').select('token_hash').where('token_hash', '=', stale.token_hash).executeTakeFirst()).toBeUndefined();
    expect((await api(t.app, 'GET', '/auth/user/me', user)).status).toBe(200);
  });

  it('shows staff each job with its last run, and nobody else', async () => {
    const res = await api(t.app, 'GET', '/staff/jobs', staff);
    expect(res.status).toBe(200);
    const jobs = res.body.items as { name: string; lastRun: { ok: boolean; result: string } | null }[];
    expect(jobs.map((j) => j.name)).toEqual(['close-campaigns', 'mark-overdue', 'instalment-reminders', 'late-payments', 'pledges', 'deliver-mail', 'agreement-documents', 'purge']);
    expect(jobs.find((j) => j.name === 'purge')!.lastRun).toMatchObject({ ok: true, result: expect.stringContaining('removed') });
    expect((await api(t.app, 'GET', '/staff/jobs', owner)).status).toBe(403);
  });
});

describe.each(DB_KINDS)('rate limits kept in the database on %s', (kind) => {
  it('refuses the request past the limit with 429 and a wait, per route and address', async () => {
    const t = await startTestApp(kind, { authRateLimitPerMinute: 3 });
    try {
      const subscribe = () => t.app.inject({ method: 'POST', url: '/api/v1/newsletter', payload: { email: `r${Math.random()}@example.com` } });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await subscribe()).statusCode);
      expect(statuses.slice(0, 3).every((s) => s < 300)).toBe(true);
      const refused = await subscribe();
      expect(refused.statusCode).toBe(429);
      expect(json(refused).message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
      const rows = await t.app.db.selectFrom('rate_limits').select(['key', 'hits']).execute();
      expect(rows).toEqual([{ key: expect.stringMatching(/^POST \/api\/v1\/newsletter\|/), hits: 5 }]);
    } finally {
      await t.close();
    }
  });
});

describe.runIf(DB_KINDS.includes('postgres'))('a job across processes on PostgreSQL', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('runs once when two server processes try the same slot at the same moment', async () => {
    t = await startTestApp('postgres');
    const second = await openDatabase({ dataDir: '', databaseUrl: t.databaseUrl });
    const other = await buildApp({ config: t.config, database: second, logger: false });
    await other.ready();
    try {
      const slot = new Date();
      const outcomes = await Promise.all([t.app.jobs.run('purge', new Date(), slot), other.jobs.run('purge', new Date(), slot), t.app.jobs.run('purge', new Date(), slot)]);
      expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
      const runs = await t.app.db.selectFrom('job_runs').select('id').where('job', '=', 'purge').where('slot', '=', slot).execute();
      expect(runs).toHaveLength(1);
    } finally {
      await other.close();
      await second.close();
    }
  });

  it('holds a rate limit of N per minute across two processes together', async () => {
    const first = await startTestApp('postgres', { authRateLimitPerMinute: 4 });
    const second = await openDatabase({ dataDir: '', databaseUrl: first.databaseUrl });
    const other = await buildApp({ config: first.config, database: second, logger: false });
    await other.ready();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const app = i % 2 ? other : first.app;
        statuses.push((await app.inject({ method: 'POST', url: '/api/v1/newsletter', payload: { email: `n${i}@example.com` } })).statusCode);
      }
      expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    } finally {
      await other.close();
      await second.close();
      await first.close();
    }
  });
});
