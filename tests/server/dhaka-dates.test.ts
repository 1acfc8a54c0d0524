/**
 * Business dates are Asia/Dhaka calendar dates (CONVENTIONS 18), whatever the server's or the database's time zone:
 * the clock is run across 18:00 UTC (midnight in Dhaka, UTC+6, no summer time). An agreement accepted at 02:30 in
 * Dhaka (20:30 UTC the day before) is accepted on the Dhaka day and its instalments fall due on that day of the month;
 * a campaign approved then ends CAMPAIGN_DAYS after that day, at the end of its last day in Dhaka, and the closing job
 * closes it at Dhaka midnight; instalments become overdue, and pledges are reminded and expire, by Dhaka days.
 * On PGlite and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, json, signUpVerified, startTestApp, type TestApp } from './helpers';
import { acceptForm, agreementForm, api, fixture, makeStaff, projectForm, verifiedOwner, type Person } from './market-helpers';
import { dhakaDate } from '../../src/shared/format/dhaka-calendar';
import { daysLeft } from '../../src/server/modules/projects/service';

describe.each(DB_KINDS)('Dhaka business dates on %s', (kind) => {
  let t: TestApp;
  let staff: Person;
  let owner: Person;
  /** The app's clock for business steps; the wall clock while null. */
  let clock: Date | null = null;

  beforeAll(async () => {
    t = await startTestApp(kind, {}, undefined, () => clock ?? new Date());
    staff = await makeStaff(t.app);
    owner = await verifiedOwner(t.app, staff);
  });
  afterAll(() => t?.close());

  /** Submits a project and has staff approve it with the clock at `at` (the wall clock by default). */
  async function approvedAt(at: Date | null, review: Record<string, unknown> = { decision: 'approve' }) {
    const created = await api(t.app, 'POST', '/projects', owner, projectForm());
    expect(created.status).toBe(201);
    clock = at;
    const approved = await api(t.app, 'POST', `/staff/projects/${created.body.id}/review`, staff, review);
    clock = null;
    expect(approved.status).toBe(200);
    return approved.body as { id: string; endsAt: string; approvedAt: string };
  }

  /** An investor's accepted agreement (every 3 months over 12: four instalments) with the clock at `at`. */
  async function acceptedAt(at: Date) {
    const project = await approvedAt(null);
    const investor = await signUpVerified(t.app);
    const request = await api(t.app, 'POST', `/projects/${project.id}/agreement-requests`, investor, agreementForm(100_000));
    expect(request.status).toBe(201);
    clock = at;
    const accepted = await api(t.app, 'POST', `/agreement-requests/${request.body.id}/accept`, owner, acceptForm());
    clock = null;
    expect(accepted.status).toBe(200);
    const returns = await api(t.app, 'GET', `/me/returns?agreement=${request.body.id}`, investor);
    return { decidedAt: accepted.body.decidedAt as string, dueOn: (returns.body.items as { dueOn: string }[]).map((i) => i.dueOn) };
  }

  it('dates an agreement accepted at 02:30 in Dhaka (20:30 UTC the day before) on the Dhaka day, and its instalments from it', async () => {
    const late = await acceptedAt(new Date('2026-11-26T20:30:00Z'));
    expect(late.decidedAt).toBe('2026-11-26T20:30:00.000Z');
    expect(dhakaDate(late.decidedAt)).toBe('2026-11-27');
    expect(late.dueOn).toEqual(['2027-02-27', '2027-05-27', '2027-08-27', '2027-11-27']);

    // One minute before Dhaka's midnight it is still the 26th there.
    const before = await acceptedAt(new Date('2026-11-26T17:59:00Z'));
    expect(dhakaDate(before.decidedAt)).toBe('2026-11-26');
    expect(before.dueOn).toEqual(['2027-02-26', '2027-05-26', '2027-08-26', '2027-11-26']);
  });

  it('ends a campaign CAMPAIGN_DAYS after the Dhaka day it was approved, at the end of its last day there, and says so', async () => {
    const late = await approvedAt(new Date('2026-11-26T20:30:00Z'));
    // 27 Nov + 60 days = 26 Jan, to its last millisecond in Dhaka.
    expect(late.endsAt).toBe('2027-01-26T17:59:59.999Z');
    const before = await approvedAt(new Date('2026-11-26T17:59:00Z'));
    expect(before.endsAt).toBe('2027-01-25T17:59:59.999Z');
    // A date chosen by staff is that whole day in Dhaka.
    const chosen = await approvedAt(new Date('2026-11-26T20:30:00Z'), { decision: 'approve', campaignEndDate: '2027-03-31' });
    expect(chosen.endsAt).toBe('2027-03-31T17:59:59.999Z');

    // The owner is told the Dhaka date, in the product's one date style.
    const notices = json<{ items: { kind: string; text: string }[] }>(await t.app.inject({ method: 'GET', url: '/api/v1/me/notices', headers: owner.auth }));
    const decided = notices.items.filter((n) => n.kind === 'project_decided').map((n) => n.text);
    expect(decided).toContain('Staff approved your project; its campaign is open until 26 Jan 2027.');
    expect(decided).toContain('Staff approved your project; its campaign is open until 25 Jan 2027.');
    expect(decided).toContain('Staff approved your project; its campaign is open until 31 Mar 2027.');

    // Days left count Dhaka dates: 60 on the day of approval, 61 a minute before Dhaka's midnight.
    expect(daysLeft(new Date(late.endsAt), new Date('2026-11-26T20:30:00Z'))).toBe(60);
    expect(daysLeft(new Date(late.endsAt), new Date('2026-11-26T17:59:00Z'))).toBe(61);
    expect(daysLeft(new Date(late.endsAt), new Date('2027-01-26T17:59:00Z'))).toBe(0);

    // The closing job closes it at Dhaka's midnight, not before.
    const status = async () => (await t.app.db.selectFrom('projects').select('status').where('id', '=', late.id).executeTakeFirstOrThrow()).status;
    await t.app.jobs.run('close-campaigns', new Date('2027-01-26T17:59:59.000Z'));
    expect(await status()).toBe('open');
    await t.app.jobs.run('close-campaigns', new Date('2027-01-26T18:00:00.000Z'));
    expect(await status()).toBe('closed');
  });

  it('marks an instalment overdue from the Dhaka day after its due date', async () => {
    const { dueOn } = await acceptedAt(new Date('2026-11-26T20:30:00Z'));
    expect(dueOn[0]).toBe('2027-02-27');
    const overdue = async () =>
      (await t.app.db.selectFrom('instalments').select('overdue_at').where('due_on', '=', '2027-02-27').where('seq', '=', 1).execute()).every((r) => r.overdue_at !== null);
    await t.app.jobs.run('mark-overdue', new Date('2027-02-27T17:59:00Z')); // 23:59 on the due date in Dhaka
    expect(await overdue()).toBe(false);
    await t.app.jobs.run('mark-overdue', new Date('2027-02-27T18:00:00Z')); // 00:00 the next day
    expect(await overdue()).toBe(true);
  });

  it('reminds and expires pledges by Dhaka days: one made at 23:59 counts from that day, one at 00:00 from the next', async () => {
    const project = await approvedAt(null);
    const pledge = async (at: string) => {
      const donor = await signUpVerified(t.app);
      const res = await api(t.app, 'POST', `/projects/${project.id}/donations`, donor, fixture('donate'));
      expect(res.status).toBe(201);
      await t.app.db.updateTable('donations').set({ created_at: new Date(at) }).where('id', '=', res.body.id).execute();
      return { id: res.body.id as string, phone: donor.phone };
    };
    const lateOn26 = await pledge('2026-11-26T17:59:00Z'); // 23:59 on 26 Nov in Dhaka
    const earlyOn27 = await pledge('2026-11-26T18:00:00Z'); // 00:00 on 27 Nov in Dhaka
    const row = (id: string) => t.app.db.selectFrom('donations').select(['status', 'reminded_at']).where('id', '=', id).executeTakeFirstOrThrow();

    // PLEDGE_REMIND_DAYS (3) after 26 Nov is 29 Nov: from its first minute in Dhaka, only the first pledge is reminded.
    await t.app.jobs.run('pledges', new Date('2026-11-28T18:00:00Z'));
    expect((await row(lateOn26.id)).reminded_at).not.toBeNull();
    expect((await row(earlyOn27.id)).reminded_at).toBeNull();
    const sms = json<{ messages: { text: string }[] }>(await t.app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(lateOn26.phone)}` }));
    // It expires on 26 Nov + 14 = 10 Dec: 29 Nov to 9 Dec is 11 days to pay.
    expect(sms.messages[0]!.text).toMatch(/Pay within 11 days or it expires/);

    // PLEDGE_EXPIRE_DAYS (14): the first expires as 10 Dec begins in Dhaka, the second a day later.
    await t.app.jobs.run('pledges', new Date('2026-12-09T17:59:00Z'));
    expect((await row(lateOn26.id)).status).toBe('pledged');
    await t.app.jobs.run('pledges', new Date('2026-12-09T18:00:00Z'));
    expect((await row(lateOn26.id)).status).toBe('cancelled');
    expect((await row(earlyOn27.id)).status).toBe('pledged');
    await t.app.jobs.run('pledges', new Date('2026-12-10T18:00:00Z'));
    expect((await row(earlyOn27.id)).status).toBe('cancelled');
  });
});
