/**
 * Cooling-off (issue 31 §3, DOMAIN.md "Investor protections"): the investor cancels an accepted agreement within
 * COOLING_OFF_HOURS of acceptance → cancelled, out of raised/waiting/backers, instalments removed, owner told; at the
 * window's end 409; anyone else 404; no instalment due before the window ends. On PGlite and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, signUpVerified, startTestApp, type TestApp } from '../helpers';
import { acceptForm, agreementForm, api, makeStaff, openProject, verifiedOwner, type Person } from '../market-helpers';

const HOUR = 3_600_000;
const TERMS = { askamu: 1_000_000, roi: 12, reduration: 6, return: 'Recurring', returningTime: 1, totalDuration: 6, initialins: 0 };

describe.each(DB_KINDS)('cooling-off on %s', (kind) => {
  let t: TestApp;
  let staff: Person;
  let now = new Date('2026-12-01T04:00:00.000Z');
  beforeAll(async () => {
    t = await startTestApp(kind, { coolingOffHours: 48 }, undefined, () => now);
    staff = await makeStaff(t.app);
  });
  afterAll(() => t?.close());

  /** A project with one accepted agreement, accepted at `acceptedAt`. */
  async function accepted(acceptedAt: Date, amount = 100_000) {
    now = acceptedAt;
    const owner = await verifiedOwner(t.app, staff);
    const investor = await signUpVerified(t.app);
    const project = await openProject(t.app, owner, staff, TERMS);
    const request = await api(t.app, 'POST', `/projects/${project}/agreement-requests`, investor, agreementForm(amount));
    expect(request.status).toBe(201);
    expect((await api(t.app, 'POST', `/agreement-requests/${request.body.id}/accept`, owner, acceptForm())).status).toBe(200);
    return { owner, investor, project, id: request.body.id as string };
  }

  it('cancels just inside the window: cancelled, out of the figures, instalments removed, the owner told', async () => {
    const at = new Date('2026-12-01T04:00:00.000Z');
    const { owner, investor, project, id } = await accepted(at);
    // A second, pending request keeps "waiting" honest: only the cancelled amount leaves.
    const other = await signUpVerified(t.app);
    expect((await api(t.app, 'POST', `/projects/${project}/agreement-requests`, other, agreementForm(30_000))).status).toBe(201);
    const before = (await api(t.app, 'GET', `/projects/${project}`)).body.figures;
    expect(before).toMatchObject({ raised: '100000.00', waiting: '30000.00', backers: 1 });
    expect((await api(t.app, 'GET', '/me/returns', investor)).body.items.length).toBeGreaterThan(0);
    const mine = (await api(t.app, 'GET', '/me/agreement-requests', investor)).body.items[0];
    expect(mine.cancellableUntil).toBe('2026-12-03T04:00:00.000Z');

    now = new Date(at.getTime() + 48 * HOUR - 1);
    const res = await api(t.app, 'POST', `/agreement-requests/${id}/cancel`, investor);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('cancelled');
    expect(res.body.cancelledAt).toBe(now.toISOString());
    expect((await api(t.app, 'GET', `/projects/${project}`)).body.figures).toMatchObject({ raised: '0.00', waiting: '30000.00', backers: 0 });
    expect((await api(t.app, 'GET', '/me/returns', investor)).body.items).toEqual([]);
    expect(await t.app.db.selectFrom('instalments').select('id').where('agreement_id', '=', id).execute()).toEqual([]);
    const notices = (await api(t.app, 'GET', '/me/notices', owner)).body.items as { title: string; text: string }[];
    expect(notices[0]).toMatchObject({ title: expect.stringContaining('was cancelled'), text: expect.stringContaining('৳1,00,000') });
    const mail = await t.app.db.selectFrom('email_outbox').selectAll().execute();
    expect(mail.some((m) => JSON.stringify(m).includes('was cancelled'))).toBe(true);
    expect((await api(t.app, 'GET', '/me/agreement-requests', investor)).body.items[0].cancellableUntil).toBeNull();
    // Final: a second cancel is a conflict, and figures stay.
    expect((await api(t.app, 'POST', `/agreement-requests/${id}/cancel`, investor)).status).toBe(409);
    const audit = await t.app.db.selectFrom('audit_log').select(['action', 'before_status', 'after_status']).where('subject_id', '=', id).where('action', '=', 'agreement.cancel').execute();
    expect(audit).toEqual([{ action: 'agreement.cancel', before_status: 'accepted', after_status: 'cancelled' }]);
  });

  it('refuses at the end of the window with 409 and a message, changing nothing', async () => {
    const at = new Date('2026-12-05T10:30:00.000Z');
    const { investor, project, id } = await accepted(at);
    now = new Date(at.getTime() + 48 * HOUR);
    const res = await api(t.app, 'POST', `/agreement-requests/${id}/cancel`, investor);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^The cooling-off window ended on .+, 48 hours after acceptance: this agreement can no longer be cancelled\.$/);
    expect((await api(t.app, 'GET', `/projects/${project}`)).body.figures).toMatchObject({ raised: '100000.00', backers: 1 });
    expect((await api(t.app, 'GET', '/me/agreement-requests', investor)).body.items[0]).toMatchObject({ status: 'accepted', cancellableUntil: null });
  });

  it('answers 404 to the owner and to anyone else, and 409 to a pending request', async () => {
    const { owner, id, project } = await accepted(new Date('2026-12-10T04:00:00.000Z'));
    const stranger = await signUpVerified(t.app);
    expect((await api(t.app, 'POST', `/agreement-requests/${id}/cancel`, owner)).status).toBe(404);
    expect((await api(t.app, 'POST', `/agreement-requests/${id}/cancel`, stranger)).status).toBe(404);
    expect((await api(t.app, 'POST', `/agreement-requests/00000000-0000-4000-8000-000000000000/cancel`, stranger)).status).toBe(404);
    const pending = await api(t.app, 'POST', `/projects/${project}/agreement-requests`, stranger, agreementForm(20_000));
    expect((await api(t.app, 'POST', `/agreement-requests/${pending.body.id}/cancel`, stranger)).status).toBe(409);
  });
});

describe.each(DB_KINDS)('a cooling-off window longer than the first interval on %s', (kind) => {
  let t: TestApp;
  const now = new Date('2026-12-01T04:00:00.000Z'); // 10:00 on 1 December in Dhaka
  beforeAll(async () => {
    t = await startTestApp(kind, { coolingOffHours: 45 * 24 }, undefined, () => now);
  });
  afterAll(() => t?.close());

  it('moves the first instalment to the Dhaka date the window ends, keeping the later ones', async () => {
    const staff = await makeStaff(t.app);
    const owner = await verifiedOwner(t.app, staff);
    const investor = await signUpVerified(t.app);
    const project = await openProject(t.app, owner, staff, TERMS);
    const request = await api(t.app, 'POST', `/projects/${project}/agreement-requests`, investor, agreementForm(100_000));
    expect((await api(t.app, 'POST', `/agreement-requests/${request.body.id}/accept`, owner, acceptForm())).status).toBe(200);
    const due = ((await api(t.app, 'GET', '/me/returns', investor)).body.items as { dueOn: string }[]).map((i) => i.dueOn);
    // Accepted 1 Dec; monthly from 1 Jan; the window ends 15 Jan 04:00Z = 15 Jan in Dhaka.
    expect(due).toEqual(['2027-01-15', '2027-02-01', '2027-03-01', '2027-04-01', '2027-05-01', '2027-06-01']);
  });
});
