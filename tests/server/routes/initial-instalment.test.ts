/**
 * The initial instalment is part of the Murabaha schedule (DOMAIN.md): an accepted agreement's instalments start
 * with the investor's share of it, and the project form refuses one above the total repayable. On PGlite and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, signUpVerified, startTestApp, type TestApp } from '../helpers';
import { acceptForm, agreementForm, api, makeStaff, openProject, projectForm, verifiedOwner, type Person } from '../market-helpers';

describe.each(DB_KINDS)('initial instalment on %s', (kind) => {
  let t: TestApp;
  let staff: Person;
  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await makeStaff(t.app);
  });
  afterAll(() => t?.close());

  async function acceptedReturns(terms: Record<string, unknown>, amount: number) {
    const owner = await verifiedOwner(t.app, staff);
    const investor = await signUpVerified(t.app);
    const id = await openProject(t.app, owner, staff, terms);
    const request = await api(t.app, 'POST', `/projects/${id}/agreement-requests`, investor, agreementForm(amount));
    expect(request.status).toBe(201);
    expect((await api(t.app, 'POST', `/agreement-requests/${request.body.id}/accept`, owner, acceptForm())).status).toBe(200);
    const returns = await api(t.app, 'GET', '/me/returns', investor);
    return { id, returns: returns.body as { items: { amount: string; dueOn: string }[]; totals: Record<string, string> } };
  }

  it('gives the DOMAIN.md example to the paisa: 8,000.00 first, five of 18,283.33 and a last of 18,283.35', async () => {
    const terms = { askamu: 500000, roi: 17.7, reduration: 7, return: 'Recurring', returningTime: 1, totalDuration: 7, initialins: 40000 };
    const { id, returns } = await acceptedReturns(terms, 100000);
    expect(returns.items.map((i) => i.amount)).toEqual(['8000.00', '18283.33', '18283.33', '18283.33', '18283.33', '18283.33', '18283.35']);
    expect(returns.totals.scheduled).toBe('117700.00');
    const figures = (await api(t.app, 'GET', `/projects/${id}`)).body.figures;
    expect(figures.repayment).toEqual({ type: 'Recurring', everyMonths: 1, overMonths: 7, instalments: 7, totalOnGoal: '588500.00', initialInstalment: '40000.00' });
  });

  it('splits On-time in two: the share of the initial instalment after one month, the rest at the tenor', async () => {
    const terms = { askamu: 1000000, roi: 9, reduration: 6, return: 'On-time', initialins: 50000 };
    const { id, returns } = await acceptedReturns(terms, 250000);
    expect(returns.items.map((i) => i.amount)).toEqual(['12500.00', '260000.00']);
    expect((await api(t.app, 'GET', `/projects/${id}`)).body.figures.repayment.instalments).toBe(2);
  });

  it('refuses a project whose initial instalment is above the total repayable, with its own message, storing nothing', async () => {
    const owner = await verifiedOwner(t.app, staff);
    const before = await api(t.app, 'GET', '/me/projects', owner);
    const res = await api(t.app, 'POST', '/projects', owner, projectForm({ askamu: 500000, roi: 17.7, initialins: 588500.01 }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: '/initialins', message: 'Initial instalment cannot be more than the total repayable (asking amount plus the return for investors)' },
    ]);
    expect((await api(t.app, 'GET', '/me/projects', owner)).body).toEqual(before.body);
    const atTheCap = await api(t.app, 'POST', '/projects', owner, projectForm({ askamu: 500000, roi: 17.7, initialins: 588500 }));
    expect(atTheCap.status).toBe(201);
  });
  it('pages a schedule soonest due first, with totals and a count of all of it, and keeps one agreement on request', async () => {
    const terms = { askamu: 500000, roi: 17.7, reduration: 7, return: 'Recurring', returningTime: 1, totalDuration: 7, initialins: 40000 };
    const owner = await verifiedOwner(t.app, staff);
    const investor = await signUpVerified(t.app);
    const agreements: string[] = [];
    for (const amount of [100000, 50000]) {
      const id = await openProject(t.app, owner, staff, terms);
      const request = await api(t.app, 'POST', `/projects/${id}/agreement-requests`, investor, agreementForm(amount));
      expect((await api(t.app, 'POST', `/agreement-requests/${request.body.id}/accept`, owner, acceptForm())).status).toBe(200);
      agreements.push(request.body.id);
    }
    const whole = (await api(t.app, 'GET', '/me/returns', investor)).body;
    expect(whole).toMatchObject({ count: 14, nextCursor: null });
    expect(whole.items).toHaveLength(14);
    const seen: { id: string; dueOn: string; agreementId: string }[] = [];
    let cursor: string | null = null;
    do {
      const page = (await api(t.app, 'GET', `/me/returns?limit=4${cursor ? `&cursor=${cursor}` : ''}`, investor)).body as { items: { id: string; dueOn: string; agreementId: string }[]; totals: unknown; count: number; nextCursor: string | null };
      expect(page.items.length).toBeLessThanOrEqual(4);
      // Every page carries the totals of the whole schedule, not of itself.
      expect(page.totals).toEqual(whole.totals);
      expect(page.count).toBe(14);
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.map((i) => i.id)).toEqual(whole.items.map((i: { id: string }) => i.id));
    expect(new Set(seen.map((i) => i.id)).size).toBe(14);
    const dues = seen.map((i) => i.dueOn);
    expect(dues).toEqual([...dues].sort());
    // The two agreements fall due on the same dates: each date lists them in the same order.
    const firstOfDate = new Map<string, string>();
    for (const i of seen) if (!firstOfDate.has(i.dueOn)) firstOfDate.set(i.dueOn, i.agreementId);
    expect(firstOfDate.size).toBe(7);
    expect(new Set(firstOfDate.values()).size).toBe(1);

    const one = (await api(t.app, 'GET', `/me/returns?agreement=${agreements[0]}`, investor)).body;
    expect(one.count).toBe(7);
    expect(one.totals.scheduled).toBe('117700.00');
    expect(one.items.every((i: { agreementId: string }) => i.agreementId === agreements[0])).toBe(true);
    // The owner sees the same agreement as repayments; nobody else sees any of it.
    expect((await api(t.app, 'GET', `/me/repayments?agreement=${agreements[0]}`, owner)).body.count).toBe(7);
    const stranger = await signUpVerified(t.app);
    expect((await api(t.app, 'GET', `/me/returns?agreement=${agreements[0]}`, stranger)).body).toMatchObject({ items: [], count: 0, totals: { scheduled: '0.00' } });
    expect((await api(t.app, 'GET', '/me/returns?cursor=garbage', investor)).status).toBe(400);
    expect((await api(t.app, 'GET', '/me/returns?agreement=nope', investor)).status).toBe(400);
    expect((await api(t.app, 'GET', '/me/repayments?limit=101', owner)).status).toBe(400);
  });
});
