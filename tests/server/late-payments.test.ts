/**
 * Late payments, the Shariah way (issue 30 §3, DOMAIN.md "Late payments"), with the app's clock moved across the
 * days: the owner is reminded 3 days before an instalment is due and on the day, owner and investor are told when it
 * becomes overdue (notice, e-mail, SMS per their Settings), each once however often the jobs run; a late charge for
 * charity accrues after the grace period at the configured rate (none at 0), stops on the day the instalment is
 * marked paid, is never the investor's, and is settled with staff's reference and reported with where the money
 * went; an agreement overdue 90 days is in default until its overdue instalments are paid; the project page shows the
 * owner's repayment record; staff run any job now (audited). On PGlite and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DB_KINDS, startTestApp, type TestApp } from './helpers';
import { acceptForm, agreementForm, api, fixture, makeStaff, openProject, verifiedOwner, type Person } from './market-helpers';
import { addDays, startOfDhakaDay } from '../../src/shared/format/dhaka-calendar';
import type { Config } from '../../src/server/config';

/** 10:00 in Dhaka on the day `offset` days after `date`. */
const dhakaMorning = (date: string, offset = 0, minute = 0) => new Date(startOfDhakaDay(addDays(date, offset)).getTime() + 10 * 3_600_000 + minute * 60_000);

/** The charge written out from DOMAIN.md: floor(overdue paisa × rate × days / 365 / 100), rate in basis points. */
const expectedCharge = (amount: string, rateBp: bigint, days: number) => {
  const paisa = (BigInt(amount.replace('.', '')) * rateBp * BigInt(days)) / (10_000n * 365n);
  return `${paisa / 100n}.${String(paisa % 100n).padStart(2, '0')}`;
};

interface Instalment {
  id: string;
  seq: number;
  dueOn: string;
  amount: string;
  status: string;
  agreementInDefaultSince: string | null;
  lateCharge?: { id: string; status: string; amount: string; ratePa: string; accruesFrom: string; owedTo: string; reference: string | null } | null;
}

/** An app whose business clock the test sets, with a verified owner, an investor and staff. */
async function world(kind: 'pglite' | 'postgres', overrides: Partial<Config>) {
  const clock = { now: new Date() };
  const t = await startTestApp(kind, overrides, undefined, () => clock.now);
  const staff = await makeStaff(t.app);
  return { t, clock, staff };
}

/** A fresh owner and investor with an accepted agreement of 100,000 (four quarterly instalments of 29,425.00). */
async function agreement(app: FastifyInstance, staff: Person) {
  const owner = await verifiedOwner(app, staff);
  const investor = await verifiedOwner(app, staff);
  const projectId = await openProject(app, owner, staff);
  const sent = await api(app, 'POST', `/projects/${projectId}/agreement-requests`, investor, agreementForm(100_000));
  expect(sent.status).toBe(201);
  expect((await api(app, 'POST', `/agreement-requests/${sent.body.id}/accept`, owner, acceptForm())).status).toBe(200);
  const agreementId = sent.body.id as string;
  const schedule = async (who: Person = owner, path = '/me/repayments') => (await api(app, 'GET', `${path}?agreement=${agreementId}`, who)).body as { items: Instalment[]; totals: Record<string, string>; lateCharges?: { owing: string; settled: string; count: number } };
  const items = (await schedule()).items;
  expect(items.map((i) => i.amount)).toEqual(['29425.00', '29425.00', '29425.00', '29425.00']);
  return { owner, investor, projectId, agreementId, schedule, first: items[0]!, items };
}

const notices = async (app: FastifyInstance, who: Person) => ((await api(app, 'GET', '/me/notices', who)).body.items as { kind: string; title: string; text: string; link: string }[]).filter((n) => n.kind === 'instalment_due');
const sms = async (app: FastifyInstance, who: Person) => ((await api(app, 'GET', `/dev/outbox?to=${encodeURIComponent(who.phone)}`)).body.messages as { text: string }[]).filter((m) => !/code/i.test(m.text));
const mails = async (app: FastifyInstance, who: Person) => ((await api(app, 'GET', `/dev/mail?to=${encodeURIComponent(who.email)}`)).body.messages as { subject: string; text: string }[]).filter((m) => /instalment|default|late charge/i.test(m.subject));
const pay = (app: FastifyInstance, who: Person, id: string) => api(app, 'POST', `/instalments/${id}/paid`, who, fixture('instalment-paid'));

describe.each(DB_KINDS)('reminders and overdue notices on %s', (kind) => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world(kind, {});
  });
  afterAll(() => w?.t.close());

  it('reminds the owner 3 days before and on the day, tells both when overdue, each once, by notice, e-mail and SMS per Settings', async () => {
    const { app } = w.t;
    const a = await agreement(app, w.staff);
    const due = a.first.dueOn;
    const run = async (job: string, at: Date) => {
      w.clock.now = at;
      const outcome = await app.jobs.run(job, at);
      expect(outcome).toMatchObject({ ran: true, ok: true });
      return outcome;
    };

    await run('instalment-reminders', dhakaMorning(due, -4));
    expect(await notices(app, a.owner)).toEqual([]);

    const soon = await run('instalment-reminders', dhakaMorning(due, -3));
    expect(soon).toMatchObject({ summary: expect.stringMatching(/^reminded [1-9]\d* instalments? due soon, 0 instalments due today$/) });
    const [before] = await notices(app, a.owner);
    expect(before).toMatchObject({ title: expect.stringMatching(/^Instalment 1 of ".+" is due in 3 days$/), text: expect.stringContaining('(৳29,425) is due on'), link: `/dashboard/returns?view=repayments&agreement=${a.agreementId}` });
    expect((await sms(app, a.owner))[0]!.text).toMatch(/^Halal Fund: Instalment 1 of ".+" \(৳29,425\) is due on .+, in 3 days\. Pay the investor and mark it paid\. http:\/\/\S+\/dashboard\/returns\?view=repayments&agreement=/);
    expect((await mails(app, a.owner))[0]!.subject).toMatch(/is due in 3 days$/);

    // Runs again later that day and the next: nothing new.
    await run('instalment-reminders', dhakaMorning(due, -3, 30));
    await run('instalment-reminders', dhakaMorning(due, -2));
    expect(await notices(app, a.owner)).toHaveLength(1);

    await run('instalment-reminders', dhakaMorning(due));
    await run('instalment-reminders', dhakaMorning(due, 0, 30));
    const onTheDay = await notices(app, a.owner);
    expect(onTheDay.map((n) => n.title.replace(/".+"/, '"P"'))).toEqual(['Instalment 1 of "P" is due today', 'Instalment 1 of "P" is due in 3 days']);
    expect(await sms(app, a.owner)).toHaveLength(2);
    expect(await notices(app, a.investor)).toEqual([]);

    // The owner turns SMS off for these notices: the overdue notice and e-mail still come, the SMS does not.
    const prefs = await api(app, 'PUT', '/me/notice-preferences', a.owner, { sms: { instalment_due: false } });
    expect(prefs.status).toBe(200);
    expect((prefs.body.kinds as { kind: string; email: boolean; sms: boolean | null }[]).find((k) => k.kind === 'instalment_due')).toMatchObject({ email: true, sms: false });
    expect((prefs.body.kinds as { kind: string; sms: boolean | null }[]).find((k) => k.kind === 'instalment_paid')!.sms).toBeNull();
    // Only the kinds sent by SMS take an SMS choice; an empty choice is refused.
    expect((await api(app, 'PUT', '/me/notice-preferences', a.owner, { sms: { instalment_paid: false } })).status).toBe(400);
    expect((await api(app, 'PUT', '/me/notice-preferences', a.owner, {})).status).toBe(400);

    await run('mark-overdue', dhakaMorning(due, 0, 59));
    expect(await notices(app, a.investor)).toEqual([]); // still its due day
    await run('mark-overdue', dhakaMorning(due, 1));
    await run('mark-overdue', dhakaMorning(due, 1, 10));
    await run('mark-overdue', dhakaMorning(due, 2));
    const ownerNotices = await notices(app, a.owner);
    expect(ownerNotices).toHaveLength(3);
    expect(ownerNotices[0]).toMatchObject({ title: expect.stringMatching(/^Instalment 1 of ".+" is overdue$/), text: expect.stringContaining('After 90 days overdue the agreement is in default') });
    expect(ownerNotices[0]!.text).not.toContain('late charge'); // the rate is 0: off
    expect(await sms(app, a.owner)).toHaveLength(2);
    expect((await mails(app, a.owner))[0]!.subject).toMatch(/is overdue$/);
    const investorNotices = await notices(app, a.investor);
    expect(investorNotices).toEqual([expect.objectContaining({ title: expect.stringMatching(/is overdue$/), text: expect.stringMatching(/due to you on .+, is not paid yet\. The owner has been told\.$/), link: `/dashboard/returns?view=returns&agreement=${a.agreementId}` })]);
    expect(await sms(app, a.investor)).toHaveLength(1);
    expect(await mails(app, a.investor)).toHaveLength(1);
  });

  it('reminds nobody of an instalment already marked paid', async () => {
    const { app } = w.t;
    const a = await agreement(app, w.staff);
    w.clock.now = dhakaMorning(a.first.dueOn, -10);
    expect((await pay(app, a.owner, a.first.id)).status).toBe(200);
    for (const [job, day] of [['instalment-reminders', -3], ['instalment-reminders', 0], ['mark-overdue', 1]] as const) {
      w.clock.now = dhakaMorning(a.first.dueOn, day, 45);
      await app.jobs.run(job, w.clock.now);
    }
    expect(await notices(app, a.owner)).toEqual([]);
    expect(await notices(app, a.investor)).toEqual([]);
  });
});

describe.each(DB_KINDS)('late charges for charity on %s', (kind) => {
  let rate12: Awaited<ReturnType<typeof world>>;
  let rate2: Awaited<ReturnType<typeof world>>;
  let off: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    [rate12, rate2, off] = await Promise.all([world(kind, { lateCharityRatePa: '12' }), world(kind, { lateCharityRatePa: '2.5', lateGraceDays: 3 }), world(kind, {})]);
  });
  afterAll(async () => {
    await Promise.all([rate12, rate2, off].map((w) => w?.t.close()));
  });

  it('accrues nothing in the grace period, then 12 % a year on the overdue amount for each further day, fixed on the day it is marked paid', async () => {
    const w = rate12;
    const { app } = w.t;
    const a = await agreement(app, w.staff);
    const due = a.first.dueOn;
    const at = async (day: number) => {
      w.clock.now = dhakaMorning(due, day);
      await app.jobs.run('late-payments', w.clock.now);
      return (await a.schedule()).items[0]!;
    };
    expect((await at(7)).lateCharge).toBeNull();
    const day8 = await at(8);
    expect(day8.lateCharge).toMatchObject({ status: 'accruing', amount: expectedCharge('29425.00', 1200n, 1), ratePa: '12.00', accruesFrom: addDays(due, 8), owedTo: 'charity' });
    expect(day8.lateCharge!.amount).toBe('9.67');
    const opened = (await notices(app, a.owner)).find((n) => /late charge for charity accrues/.test(n.title));
    expect(opened?.text).toContain("owed to the platform's charity account, never to the investor");
    expect((await at(30)).lateCharge!.amount).toBe(expectedCharge('29425.00', 1200n, 23));
    expect((await at(30)).lateCharge!.amount).toBe('222.50');

    // Marked paid on day 30: the charge is fixed at 23 days and stays so.
    w.clock.now = dhakaMorning(due, 30, 5);
    const paid = await pay(app, a.owner, a.first.id);
    expect(paid.status).toBe(200);
    expect(paid.body.lateCharge).toMatchObject({ status: 'owed', amount: '222.50' });
    const later = await at(60);
    expect(later.lateCharge).toMatchObject({ status: 'owed', amount: '222.50' });
    expect((await a.schedule()).lateCharges).toEqual({ owing: '222.50', settled: '0.00', count: 1 });

    // Never the investor's: not in their schedule, nor in what is returned to them.
    const investorView = await a.schedule(a.investor, '/me/returns');
    expect(investorView.items[0]).not.toHaveProperty('lateCharge');
    expect(investorView).not.toHaveProperty('lateCharges');
    expect(investorView.totals.scheduled).toBe('117700.00');
  });

  it('at 2.5 % with 3 days of grace: the rate and days of DOMAIN.md, and nothing when paid within the grace period', async () => {
    const w = rate2;
    const { app } = w.t;
    const a = await agreement(app, w.staff);
    const due = a.first.dueOn;
    for (const [day, days] of [[3, 0], [4, 1], [10, 7], [368, 365]] as const) {
      w.clock.now = dhakaMorning(due, day);
      await app.jobs.run('late-payments', w.clock.now);
      const charge = (await a.schedule()).items[0]!.lateCharge;
      if (days === 0) expect(charge).toBeNull();
      else expect(charge!.amount).toBe(expectedCharge('29425.00', 250n, days));
    }
    // A year of charges at 2.5 % is 2.5 % of the amount.
    expect((await a.schedule()).items[0]!.lateCharge!.amount).toBe('735.62');

    // Another agreement's instalment paid on the third day overdue: within the grace period, no charge at all.
    const b = await agreement(app, w.staff);
    w.clock.now = dhakaMorning(b.first.dueOn, 3);
    expect((await pay(app, b.owner, b.first.id)).body.lateCharge).toBeNull();
    // Paid late before any job ran: the charge is made at payment, from the day after the grace period.
    const c = await agreement(app, w.staff);
    w.clock.now = dhakaMorning(c.first.dueOn, 20);
    expect((await pay(app, c.owner, c.first.id)).body.lateCharge).toMatchObject({ status: 'owed', amount: expectedCharge('29425.00', 250n, 17) });
  });

  it('at rate 0 (the default) charges nothing, however late', async () => {
    const w = off;
    const { app } = w.t;
    const a = await agreement(app, w.staff);
    w.clock.now = dhakaMorning(a.first.dueOn, 200);
    expect(await app.jobs.run('late-payments', w.clock.now)).toMatchObject({ summary: expect.stringMatching(/^opened 0 late charges/) });
    expect((await a.schedule()).items[0]!.lateCharge).toBeNull();
    expect((await pay(app, a.owner, a.first.id)).body.lateCharge).toBeNull();
    expect((await a.schedule()).lateCharges).toEqual({ owing: '0.00', settled: '0.00', count: 0 });
    expect(await app.db.selectFrom('late_charges').select('id').execute()).toEqual([]);
  });

  it('is settled by staff with a reference, once, and reported with where the charity money went', async () => {
    const w = rate12;
    const { app } = w.t;
    const a = await agreement(app, w.staff);
    w.clock.now = dhakaMorning(a.first.dueOn, 17);
    await app.jobs.run('late-payments', w.clock.now);
    const accruing = (await a.schedule()).items[0]!.lateCharge!;
    expect(accruing.amount).toBe(expectedCharge('29425.00', 1200n, 10));
    const settle = (id: string, who: Person | null, body: unknown) => api(app, 'POST', `/staff/late-charges/${id}/settle`, who, body);

    // Still accruing: it cannot be received yet.
    expect(await settle(accruing.id, w.staff, { reference: 'TRX8H2K9Q1' })).toMatchObject({ status: 409, body: { message: expect.stringMatching(/still accruing/) } });
    w.clock.now = dhakaMorning(a.first.dueOn, 17, 30);
    const fixed = (await pay(app, a.owner, a.first.id)).body.lateCharge as { id: string; amount: string };
    expect(fixed.amount).toBe('96.73');

    const report = await api(app, 'GET', '/staff/charity', w.staff);
    expect(report.status).toBe(200);
    expect((report.body.owing as { id: string; status: string; amount: string; projectTitle: string; ownerEmail: string; instalmentSeq: number }[]).find((c) => c.id === fixed.id)).toMatchObject({ status: 'owed', amount: '96.73', ownerEmail: a.owner.email, instalmentSeq: 1 });
    const before = report.body.totals as Record<string, string>;

    // Refused: not staff, no reference, unknown charge; nothing changes.
    expect((await settle(fixed.id, a.owner, { reference: 'TRX8H2K9Q1' })).status).toBe(403);
    expect((await settle(fixed.id, null, { reference: 'TRX8H2K9Q1' })).status).toBe(401);
    expect(await settle(fixed.id, w.staff, {})).toMatchObject({ status: 400, body: { errors: [{ path: '/reference', message: "Enter the payment's reference" }] } });
    expect((await settle('00000000-0000-4000-8000-000000000000', w.staff, { reference: 'TRX8H2K9Q1' })).status).toBe(404);

    const done = await settle(fixed.id, w.staff, { reference: '  TRX8H2K9Q1 ', note: 'bKash to the charity account' });
    expect(done).toMatchObject({ status: 200, body: { status: 'settled', amount: '96.73', reference: 'TRX8H2K9Q1', settledAt: expect.any(String) } });
    expect(await settle(fixed.id, w.staff, { reference: 'TRX8H2K9Q1' })).toMatchObject({ status: 409, body: { message: 'This late charge was already received.' } });
    const trail = await app.db.selectFrom('audit_log').select(['action', 'before_status', 'after_status', 'note']).where('subject_id', '=', fixed.id).execute();
    expect(trail).toEqual([{ action: 'late_charge.settle', before_status: 'owed', after_status: 'settled', note: '৳96.73 received, reference TRX8H2K9Q1. bKash to the charity account' }]);
    expect((await a.schedule()).items[0]!.lateCharge).toMatchObject({ status: 'settled', reference: 'TRX8H2K9Q1' });
    expect((await a.schedule()).lateCharges).toEqual({ owing: '0.00', settled: '96.73', count: 0 });

    const received = (await api(app, 'GET', '/staff/charity', w.staff)).body;
    const add = (x: string, y: string) => (Math.round(Number(x) * 100) + Math.round(Number(y) * 100)) / 100;
    expect(Number(received.totals.received)).toBe(add(before.received!, '96.73'));
    expect((received.received as { id: string }[])[0]!.id).toBe(fixed.id);

    // Where it went: a payment out of the account, never more than it holds.
    const held = received.totals.balance as string;
    const disburse = (body: unknown, who: Person = w.staff) => api(app, 'POST', '/staff/charity/disbursements', who, body);
    const form = fixture('charity-disbursement');
    expect(await disburse({ ...form, amount: add(held, '0.01') })).toMatchObject({ status: 400, body: { errors: [{ path: '/amount', message: expect.stringMatching(/^The charity account holds ৳[\d,.]+: a payment cannot be more than that$/) }] } });
    expect(await disburse({ ...form, amount: 50, paidOn: addDays(a.first.dueOn, 30) })).toMatchObject({ status: 400, body: { errors: [{ path: '/paidOn', message: 'The date cannot be after today' }] } });
    expect((await disburse({ ...form, amount: 50 }, a.owner)).status).toBe(403);
    const out = await disburse({ ...form, amount: 50.25 });
    expect(out).toMatchObject({ status: 201, body: { amount: '50.25', recipient: 'Dhaka Shishu Hospital fund', totals: { disbursed: '50.25' } } });
    const final = (await api(app, 'GET', '/staff/charity', w.staff)).body;
    expect(final.totals.balance).toBe((add(held, '-50.25')).toFixed(2));
    expect(final.disbursements[0]).toMatchObject({ amount: '50.25', recipient: 'Dhaka Shishu Hospital fund', reference: form.reference, paidOn: form.paidOn, recordedBy: w.staff.email });
    expect((await api(app, 'GET', '/staff/charity', a.owner)).status).toBe(403);
  });
});

describe.each(DB_KINDS)('default and the repayment record on %s', (kind) => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world(kind, { lateCharityRatePa: '5' });
  });
  afterAll(() => w?.t.close());

  it('puts an agreement overdue 90 days in default until every overdue instalment is paid; staff see it with what is owed; the project page shows the record', async () => {
    const { app } = w.t;
    const a = await agreement(app, w.staff);
    const record = async () => (await api(app, 'GET', `/projects/${a.projectId}/repayment-record`)).body;
    const due = a.first.dueOn;
    const runAt = async (day: number) => {
      w.clock.now = dhakaMorning(due, day);
      return app.jobs.run('late-payments', w.clock.now);
    };
    expect(await record()).toEqual({ onTime: 0, late: 0, overdue: 0, inDefault: 0, upcoming: 4, agreementsInDefault: 0, defaultAfterDays: 90 });

    await runAt(89);
    expect((await a.schedule()).items[0]!.agreementInDefaultSince).toBeNull();
    expect((await record()).overdue).toBe(1);
    expect(await runAt(90)).toMatchObject({ summary: expect.stringMatching(/[1-9]\d* agreements? into default/) });
    const since = (await a.schedule()).items[0]!.agreementInDefaultSince;
    expect(since).toBe(w.clock.now.toISOString());
    expect((await a.schedule(a.investor, '/me/returns')).items[0]!.agreementInDefaultSince).toBe(since);
    expect(await runAt(91)).toMatchObject({ summary: expect.stringMatching(/0 agreements into default, 0 agreements out of default$/) });
    const audit = await app.db.selectFrom('audit_log').select(['action', 'actor_id', 'before_status', 'after_status']).where('subject_id', '=', a.agreementId).where('action', 'like', 'agreement.default%').execute();
    expect(audit).toEqual([{ action: 'agreement.default', actor_id: null, before_status: 'accepted', after_status: 'in_default' }]);
    expect((await notices(app, a.investor)).some((n) => /is in default$/.test(n.title))).toBe(true);
    expect((await notices(app, a.owner)).some((n) => /is in default$/.test(n.title))).toBe(true);

    // Instalment 2 is due three months after the first: at day 91 it is overdue too (not yet 90 days).
    const overdueNow = (await a.schedule()).items.filter((i) => i.dueOn < addDays(due, 91));
    expect(await record()).toEqual({ onTime: 0, late: 0, overdue: 0, inDefault: overdueNow.length, upcoming: 4 - overdueNow.length, agreementsInDefault: 1, defaultAfterDays: 90 });
    // Public: counts only, nobody named.
    expect(JSON.stringify(await record())).not.toMatch(/@|\+880/);

    const queue = await api(app, 'GET', '/staff/defaults', w.staff);
    expect(queue.status).toBe(200);
    const item = (queue.body.items as Record<string, any>[]).find((i) => i.agreementId === a.agreementId)!; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON
    expect(item).toMatchObject({
      projectId: a.projectId,
      owner: { email: a.owner.email, phone: a.owner.phone },
      investorEmail: a.investor.email,
      principal: '100000.00',
      inDefaultSince: since,
      overdue: { count: overdueNow.length, amount: (29425 * overdueNow.length).toFixed(2), oldestDueOn: due, daysOverdue: 91 },
      outstanding: { count: 4, amount: '117700.00' },
    });
    // 5 % a year from day 8 on the first (84 days), and from its day 8 on the second when it is that late.
    const charges = overdueNow.map((i) => Math.max(0, 91 - (Date.parse(i.dueOn) - Date.parse(due)) / 86_400_000 - 7));
    const expected = charges.reduce((sum, days) => sum + Math.round(Number(expectedCharge('29425.00', 500n, days)) * 100), 0);
    expect(Math.round(Number(item.charityOwing) * 100)).toBe(expected);
    expect((await api(app, 'GET', '/staff/defaults', a.owner)).status).toBe(403);

    // Paying the oldest alone leaves another overdue one: still in default.
    w.clock.now = dhakaMorning(due, 91, 30);
    expect((await pay(app, a.owner, a.first.id)).status).toBe(200);
    const left = overdueNow.slice(1);
    expect((await a.schedule()).items[0]!.agreementInDefaultSince).toBe(left.length ? since : null);
    for (const i of left) expect((await pay(app, a.owner, i.id)).status).toBe(200);
    expect((await a.schedule()).items[0]!.agreementInDefaultSince).toBeNull();
    const cleared = await app.db.selectFrom('audit_log').select(['action', 'after_status']).where('subject_id', '=', a.agreementId).where('action', '=', 'agreement.default_cleared').execute();
    expect(cleared).toEqual([{ action: 'agreement.default_cleared', after_status: 'accepted' }]);
    expect((await api(app, 'GET', '/staff/defaults', w.staff)).body.items.some((i: { agreementId: string }) => i.agreementId === a.agreementId)).toBe(false);

    // The next instalment paid on its due day is on time.
    const next = (await a.schedule()).items.find((i) => i.status === 'due')!;
    w.clock.now = new Date(startOfDhakaDay(addDays(next.dueOn, 1)).getTime() - 60_000); // 23:59 on its due day
    expect((await pay(app, a.owner, next.id)).status).toBe(200);
    expect(await record()).toEqual({ onTime: 1, late: overdueNow.length, overdue: 0, inDefault: 0, upcoming: 3 - overdueNow.length, agreementsInDefault: 0, defaultAfterDays: 90 });
    expect((await api(app, 'GET', '/projects/00000000-0000-4000-8000-000000000000/repayment-record')).status).toBe(404);
  });
});

describe.each(DB_KINDS)('running a scheduled job now on %s', (kind) => {
  let t: TestApp;
  let staff: Person;
  let owner: Person;
  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await makeStaff(t.app);
    owner = await verifiedOwner(t.app, staff);
  });
  afterAll(() => t?.close());

  it('runs any job for staff, audited, and shows it as the last run; others are refused; an unknown job is 404', async () => {
    const res = await api(t.app, 'POST', '/staff/jobs/late-payments/run', staff);
    expect(res).toMatchObject({ status: 200, body: { name: 'late-payments', ok: true, summary: 'opened 0 late charges, 0 agreements into default, 0 agreements out of default' } });
    expect(res.body.job.lastRun).toMatchObject({ ok: true, result: res.body.summary });
    const listed = (await api(t.app, 'GET', '/staff/jobs', staff)).body.items as { name: string; lastRun: { result: string } | null }[];
    expect(listed.find((j) => j.name === 'late-payments')!.lastRun!.result).toBe(res.body.summary);
    const staffId = (await t.app.db.selectFrom('users').select('id').where('email', '=', staff.email).executeTakeFirstOrThrow()).id;
    const trail = await t.app.db.selectFrom('audit_log').select(['actor_id', 'action', 'subject_type', 'after_status', 'note']).where('action', '=', 'job.run').execute();
    expect(trail).toEqual([{ actor_id: staffId, action: 'job.run', subject_type: 'job', after_status: 'ok', note: res.body.summary }]);

    for (const name of ['close-campaigns', 'mark-overdue', 'instalment-reminders', 'pledges', 'deliver-mail', 'agreement-documents', 'purge']) {
      expect((await api(t.app, 'POST', `/staff/jobs/${name}/run`, staff)).body).toMatchObject({ name, ok: true });
    }
    expect((await api(t.app, 'POST', '/staff/jobs/late-payments/run', owner)).status).toBe(403);
    expect((await api(t.app, 'POST', '/staff/jobs/late-payments/run', null)).status).toBe(401);
    expect(await api(t.app, 'POST', '/staff/jobs/no-such-job/run', staff)).toMatchObject({ status: 404, body: { message: 'This job was not found.' } });
    expect((await api(t.app, 'POST', '/staff/jobs/Bad%20Name/run', staff)).status).toBe(400);
    expect(await t.app.db.selectFrom('audit_log').select('id').where('action', '=', 'job.run').execute()).toHaveLength(8);
  });
});
