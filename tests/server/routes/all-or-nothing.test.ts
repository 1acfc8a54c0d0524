/**
 * All-or-nothing campaigns (issue 31 §2, DOMAIN.md "Investor protections"): the funding model a project states (or
 * its default), and the campaign-end job over an all-or-nothing project below its goal — pending requests expire,
 * accepted agreements are cancelled (goal not reached) with their instalments removed, confirmed donations wait in
 * staff's refund queue until a refund is recorded with its reference, unpaid pledges are cancelled, figures drop,
 * everyone concerned is told — while a keep-what-you-raise project closes as before. On PGlite and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DB_KINDS, signUpVerified, startTestApp, type TestApp } from '../helpers';
import { acceptForm, agreementForm, api, makeStaff, openProject, projectForm, verifiedOwner, type Person } from '../market-helpers';

const TERMS = { askamu: 1_000_000, roi: 12, reduration: 6, return: 'Recurring', returningTime: 1, totalDuration: 6, initialins: 0 };
// Far from the real date: the routes close ended campaigns by the real clock before a write.
const START = new Date('2036-01-05T04:00:00.000Z');
const END_DATE = '2036-02-29';
const AFTER_END = new Date('2036-03-01T00:00:00.000Z');

describe.each(DB_KINDS)('all-or-nothing campaigns on %s', (kind) => {
  let t: TestApp;
  let staff: Person;
  let now = START;
  beforeAll(async () => {
    t = await startTestApp(kind, { coolingOffHours: 48 }, undefined, () => now);
    staff = await makeStaff(t.app);
  });
  afterAll(() => t?.close());

  async function submitted(owner: Person, terms: Record<string, unknown>) {
    const res = await api(t.app, 'POST', '/projects', owner, projectForm({ ...TERMS, ...terms }));
    expect(res.status).toBe(201);
    return res.body;
  }

  it('stores the funding model stated, or all-or-nothing for an investment and keep-what-you-raise for a donation', async () => {
    now = START;
    const owner = await verifiedOwner(t.app, staff);
    // Undefined is left out of the JSON sent: the owner did not state one.
    expect((await submitted(owner, { investType: 'Halal Way', fundingModel: undefined })).fundingModel).toBe('all_or_nothing');
    expect((await submitted(owner, { investType: 'Donation', fundingModel: undefined })).fundingModel).toBe('keep_what_you_raise');
    expect((await submitted(owner, { investType: 'Halal Way', fundingModel: 'Keep what you raise' })).fundingModel).toBe('keep_what_you_raise');
    expect((await submitted(owner, { investType: 'Donation', fundingModel: 'All or nothing' })).fundingModel).toBe('all_or_nothing');
    const mine = (await api(t.app, 'GET', '/me/projects', owner)).body.items.length;
    const bad = await api(t.app, 'POST', '/projects', owner, projectForm({ ...TERMS, fundingModel: 'Maybe' }));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Choose one of: All or nothing, Keep what you raise');
    expect((await api(t.app, 'GET', '/me/projects', owner)).body.items.length).toBe(mine);
    // Shown to everyone once open.
    const open = await openProject(t.app, owner, staff, { ...TERMS, fundingModel: 'All or nothing' });
    expect((await api(t.app, 'GET', `/projects/${open}`)).body).toMatchObject({ fundingModel: 'all_or_nothing', goalNotReached: null });
  });

  /** A project below its goal with an accepted agreement, a pending request, two confirmed donations and a pledge. */
  async function campaign(fundingModel: string) {
    now = START;
    const owner = await verifiedOwner(t.app, staff);
    const accepted = await signUpVerified(t.app);
    const pending = await signUpVerified(t.app);
    const donor = await signUpVerified(t.app);
    const pledger = await signUpVerified(t.app);
    const created = await api(t.app, 'POST', '/projects', owner, projectForm({ ...TERMS, fundingModel }));
    const project = created.body.id as string;
    expect((await api(t.app, 'POST', `/staff/projects/${project}/review`, staff, { decision: 'approve', campaignEndDate: END_DATE })).status).toBe(200);
    const a = await api(t.app, 'POST', `/projects/${project}/agreement-requests`, accepted, agreementForm(100_000));
    expect((await api(t.app, 'POST', `/agreement-requests/${a.body.id}/accept`, owner, acceptForm())).status).toBe(200);
    const p = await api(t.app, 'POST', `/projects/${project}/agreement-requests`, pending, agreementForm(50_000));
    expect(p.status).toBe(201);
    const gift = await api(t.app, 'POST', `/projects/${project}/donations`, donor, { amount: 5000, paymentMethod: 'Mobile Banking', anonymous: false });
    const anonymous = await api(t.app, 'POST', `/projects/${project}/donations`, null, { amount: 2000, paymentMethod: 'Cash', email: 'walk-in@example.com', anonymous: true });
    const pledge = await api(t.app, 'POST', `/projects/${project}/donations`, pledger, { amount: 3000, paymentMethod: 'Cash', anonymous: false });
    for (const g of [gift, anonymous]) expect((await api(t.app, 'POST', `/staff/donations/${g.body.id}/review`, staff, { decision: 'approve' })).status).toBe(200);
    expect((await api(t.app, 'GET', `/projects/${project}`)).body.figures).toMatchObject({ raised: '107000.00', waiting: '50000.00', pledged: '160000.00', backers: 3 });
    const instalments = await t.app.db.selectFrom('instalments').select('id').where('agreement_id', '=', a.body.id).execute();
    expect(instalments.length).toBe(6);
    return { owner, accepted, pending, donor, pledger, project, agreement: a.body.id as string, request: p.body.id as string, gift: gift.body.id as string, anonymous: anonymous.body.id as string, pledge: pledge.body.id as string };
  }

  const noticesOf = async (who: Person) => (await api(t.app, 'GET', '/me/notices', who)).body.items as { title: string; text: string }[];

  it('closes an all-or-nothing campaign below its goal: expired, cancelled, instalments removed, refunds due, figures, notices', async () => {
    const c = await campaign('All or nothing');
    now = AFTER_END;
    expect(await t.app.jobs.run('close-campaigns', AFTER_END)).toMatchObject({ ran: true, ok: true, summary: expect.stringMatching(/^closed \d+ campaigns?$/) });

    const page = (await api(t.app, 'GET', `/projects/${c.project}`)).body;
    expect(page).toMatchObject({ status: 'closed', fundingModel: 'all_or_nothing', goalNotReached: { refundsDue: 2, refunded: 0 } });
    expect(page.figures).toMatchObject({ raised: '0.00', waiting: '0.00', pledged: '0.00', backers: 0, investors: 0 });
    const row = await t.app.db.selectFrom('projects').select(['status', 'outcome', 'closed_at']).where('id', '=', c.project).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'closed', outcome: 'goal_not_reached' });

    const agreements = await t.app.db.selectFrom('agreement_requests').select(['id', 'status', 'cancel_reason']).where('project_id', '=', c.project).execute();
    expect(new Map(agreements.map((a) => [a.id, [a.status, a.cancel_reason]]))).toEqual(
      new Map([
        [c.agreement, ['cancelled', 'goal_not_reached']],
        [c.request, ['expired', null]],
      ]),
    );
    expect(await t.app.db.selectFrom('instalments').select('id').where('agreement_id', '=', c.agreement).execute()).toEqual([]);
    expect((await api(t.app, 'GET', '/me/returns', c.accepted)).body.items).toEqual([]);
    const donations = await t.app.db.selectFrom('donations').select(['id', 'status']).where('project_id', '=', c.project).execute();
    expect(new Map(donations.map((d) => [d.id, d.status]))).toEqual(
      new Map([
        [c.gift, 'refund_due'],
        [c.anonymous, 'refund_due'],
        [c.pledge, 'cancelled'],
      ]),
    );

    // Everyone concerned is told, and the signed-out donor by e-mail.
    expect((await noticesOf(c.owner))[0]).toMatchObject({ title: expect.stringContaining('ended without reaching its goal') });
    expect((await noticesOf(c.accepted))[0]!.text).toContain('your agreement of ৳1,00,000 is cancelled');
    expect((await noticesOf(c.pending))[0]!.text).toContain('your pending request of ৳50,000 expired');
    expect((await noticesOf(c.donor))[0]!.text).toContain('your donation of ৳5,000 will be returned');
    expect((await noticesOf(c.pledger))[0]!.text).toContain('please do not pay it');
    const { reference } = await t.app.db.selectFrom('donations').select('reference').where('id', '=', c.anonymous).executeTakeFirstOrThrow();
    const mail = await t.app.db.selectFrom('email_outbox').select('subject').where('to_email', '=', 'walk-in@example.com').execute();
    expect(mail.map((m) => m.subject)).toContain(`Halal Fund: Your donation ${reference} will be returned`);

    // Audited as the system.
    const trail = await t.app.db.selectFrom('audit_log').select(['action', 'actor_id', 'after_status']).where('subject_id', 'in', [c.project, c.agreement, c.request, c.gift]).execute();
    expect(trail).toEqual(
      expect.arrayContaining([
        { action: 'project.close', actor_id: null, after_status: 'closed' },
        { action: 'agreement.cancel', actor_id: null, after_status: 'cancelled' },
        { action: 'agreement.expire', actor_id: null, after_status: 'expired' },
        { action: 'donation.refund_due', actor_id: null, after_status: 'refund_due' },
      ]),
    );
    // A second run finds nothing more to close.
    expect(await t.app.jobs.run('close-campaigns', AFTER_END, new Date(AFTER_END.getTime() + 15_000))).toMatchObject({ summary: 'closed 0 campaigns' });
  });

  it("keeps staff's refund queue: a refund recorded with its reference, final, audited, told; 403 to others, 404 to none", async () => {
    const c = await campaign('All or nothing');
    now = AFTER_END;
    await t.app.jobs.run('close-campaigns', AFTER_END, new Date(AFTER_END.getTime() + 30_000));
    const queue = (await api(t.app, 'GET', '/staff/refunds', staff)).body.items as { id: string; amount: string; projectTitle: string; status: string }[];
    expect(queue.filter((q) => [c.gift, c.anonymous].includes(q.id)).map((q) => [q.id, q.amount, q.status])).toEqual([
      [c.gift, '5000.00', 'refund_due'],
      [c.anonymous, '2000.00', 'refund_due'],
    ]);

    // Not staff: 403 to the list and to recording; nothing changes.
    expect((await api(t.app, 'GET', '/staff/refunds', c.donor)).status).toBe(403);
    expect((await api(t.app, 'POST', `/staff/donations/${c.gift}/refund`, c.owner, { reference: 'BK-123456' })).status).toBe(403);
    expect((await api(t.app, 'POST', `/staff/donations/${c.gift}/refund`, null, { reference: 'BK-123456' })).status).toBe(401);
    // Bad input: a clear message, nothing changes.
    const bad = await api(t.app, 'POST', `/staff/donations/${c.gift}/refund`, staff, { reference: ' ' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("Enter the refund's reference");
    expect((await t.app.db.selectFrom('donations').select('status').where('id', '=', c.gift).executeTakeFirstOrThrow()).status).toBe('refund_due');
    // No such donation: 404; a donation not due a refund: 409.
    expect((await api(t.app, 'POST', '/staff/donations/00000000-0000-4000-8000-000000000000/refund', staff, { reference: 'BK-123456' })).status).toBe(404);
    expect((await api(t.app, 'POST', `/staff/donations/${c.pledge}/refund`, staff, { reference: 'BK-123456' })).status).toBe(409);

    const done = await api(t.app, 'POST', `/staff/donations/${c.gift}/refund`, staff, { reference: 'BKASH-9XK2L7', note: 'Sent to the paying number' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: c.gift, status: 'refunded', refundReference: 'BKASH-9XK2L7', refundedAt: AFTER_END.toISOString(), refundedBy: staff.email });
    expect((await api(t.app, 'POST', `/staff/donations/${c.gift}/refund`, staff, { reference: 'AGAIN-1' })).body.message).toBe('This donation was already refunded.');
    expect((await noticesOf(c.donor))[0]).toMatchObject({ title: expect.stringContaining('was returned'), text: expect.stringContaining('refund reference BKASH-9XK2L7') });
    const audit = await t.app.db.selectFrom('audit_log').select(['action', 'before_status', 'after_status', 'note']).where('subject_id', '=', c.gift).where('action', '=', 'donation.refund').execute();
    expect(audit).toEqual([{ action: 'donation.refund', before_status: 'refund_due', after_status: 'refunded', note: '৳5,000 returned, reference BKASH-9XK2L7. Sent to the paying number' }]);
    const refunded = (await api(t.app, 'GET', '/staff/refunds?status=refunded', staff)).body.items as { id: string }[];
    expect(refunded.map((r) => r.id)).toContain(c.gift);
    expect((await api(t.app, 'GET', `/projects/${c.project}`)).body.goalNotReached).toEqual({ refundsDue: 1, refunded: 1 });
    expect((await api(t.app, 'POST', `/staff/donations/${c.anonymous}/refund`, staff, { reference: 'CASH-0042' })).status).toBe(200);
    expect((await api(t.app, 'GET', `/projects/${c.project}`)).body.goalNotReached).toEqual({ refundsDue: 0, refunded: 2 });
    // Refunded money never comes back into the figures.
    expect((await api(t.app, 'GET', `/projects/${c.project}`)).body.figures).toMatchObject({ raised: '0.00', backers: 0 });
  });

  // A donation's review locks the donation, then (through the figures' trigger) the project. The campaign end must
  // take the same order: locking the project first, it waited for a donation under review while the review waited
  // for the project, and PostgreSQL killed one of them.
  it.runIf(kind === 'postgres')('closes while a pledge is being confirmed, without a deadlock: the confirmed pledge is due back', async () => {
    const c = await campaign('All or nothing');
    let locked!: () => void;
    let release!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    // Staff's confirmation of the pledge, stopped after it locked the donation.
    const review = t.app.db.transaction().execute(async (trx) => {
      await trx.selectFrom('donations').select('id').where('id', '=', c.pledge).forUpdate().execute();
      locked();
      await released;
      await trx.updateTable('donations').set({ status: 'confirmed', decided_at: AFTER_END }).where('id', '=', c.pledge).where('status', '=', 'pledged').execute();
    });
    await isLocked;
    now = AFTER_END;
    const job = t.app.jobs.run('close-campaigns', AFTER_END, new Date(AFTER_END.getTime() + 60_000));
    // Let the job reach the donation's lock before the review goes on.
    const waiting = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(t.app.db)).rows[0]!.n);
    const deadline = Date.now() + 20_000;
    while ((await waiting()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    release();
    const [reviewed, closed] = await Promise.allSettled([review, job]);
    expect(reviewed.status).toBe('fulfilled');
    expect(closed).toMatchObject({ status: 'fulfilled', value: { ran: true, ok: true } });
    const status = await t.app.db.selectFrom('donations').select('status').where('id', '=', c.pledge).executeTakeFirstOrThrow();
    expect(status.status).toBe('refund_due');
  }, 60_000);

  // A request checked "open" just before the campaign closed used to land pending on the closed project: its
  // transaction now takes the project's row and looks again.
  it.runIf(kind === 'postgres')('refuses a request and a pledge that reach a campaign while it closes (409), storing neither', async () => {
    const c = await campaign('Keep what you raise');
    const investor = await signUpVerified(t.app);
    const count = async () => {
      const a = await t.app.db.selectFrom('agreement_requests').select((e) => e.fn.countAll<string>().as('n')).where('project_id', '=', c.project).executeTakeFirstOrThrow();
      const d = await t.app.db.selectFrom('donations').select((e) => e.fn.countAll<string>().as('n')).where('project_id', '=', c.project).executeTakeFirstOrThrow();
      return [Number(a.n), Number(d.n)];
    };
    const before = await count();
    let locked!: () => void;
    let release!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    // A close in flight: the project's row taken and its status changed, not yet committed.
    const closing = t.app.db.transaction().execute(async (trx) => {
      await trx.selectFrom('projects').select('id').where('id', '=', c.project).forNoKeyUpdate().execute();
      await trx.updateTable('projects').set({ status: 'closed', closed_at: new Date() }).where('id', '=', c.project).execute();
      locked();
      await released;
    });
    await isLocked;
    const request = api(t.app, 'POST', `/projects/${c.project}/agreement-requests`, investor, agreementForm(50_000));
    const pledge = api(t.app, 'POST', `/projects/${c.project}/donations`, investor, { amount: 700, paymentMethod: 'Cash', anonymous: false });
    const waiting = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(t.app.db)).rows[0]!.n);
    const deadline = Date.now() + 20_000;
    while ((await waiting()) < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    release();
    await closing;
    const answers = await Promise.all([request, pledge]);
    expect(answers.map((r) => r.status)).toEqual([409, 409]);
    expect(answers[0]!.body.message).toBe('This project is not taking agreement requests: it is closed.');
    expect(answers[1]!.body.message).toBe('This project is not taking donations: it is closed.');
    expect(await count()).toEqual(before);
  }, 60_000);

  it('closes a keep-what-you-raise campaign below its goal as before: nothing cancelled, nothing refunded', async () => {
    const c = await campaign('Keep what you raise');
    now = AFTER_END;
    await t.app.jobs.run('close-campaigns', AFTER_END, new Date(AFTER_END.getTime() + 45_000));
    const page = (await api(t.app, 'GET', `/projects/${c.project}`)).body;
    expect(page).toMatchObject({ status: 'closed', fundingModel: 'keep_what_you_raise', goalNotReached: null });
    expect(page.figures).toMatchObject({ raised: '107000.00', waiting: '50000.00', backers: 3 });
    const statuses = await t.app.db.selectFrom('agreement_requests').select('status').where('project_id', '=', c.project).orderBy('amount', 'desc').execute();
    expect(statuses.map((s) => s.status)).toEqual(['accepted', 'pending']);
    expect((await t.app.db.selectFrom('instalments').select('id').where('agreement_id', '=', c.agreement).execute()).length).toBe(6);
    const donations = await t.app.db.selectFrom('donations').select('status').where('project_id', '=', c.project).orderBy('amount', 'desc').execute();
    expect(donations.map((d) => d.status)).toEqual(['confirmed', 'pledged', 'confirmed']);
    expect((await noticesOf(c.accepted)).some((n) => n.title.includes('did not reach'))).toBe(false);
  });
});
