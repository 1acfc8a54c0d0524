/**
 * `GET /me/next-steps` on PGlite and PostgreSQL: each kind of item appears when something waits for the user and
 * disappears once it is done; another user's items never show; staff see the sizes of their queues.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, signUpVerified, startTestApp, type TestApp } from '../helpers';
import { acceptForm, agreementForm, api, fixture, makeStaff, openProject, verifiedOwner, type Person } from '../market-helpers';

type Item = { kind: string; count: number; text: string; link: string; amount?: string; reference?: string | null };

describe.each(DB_KINDS)('next steps on %s', (kind) => {
  let t: TestApp;
  let staff: Person;
  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await makeStaff(t.app);
  });
  afterAll(() => t?.close());

  const steps = async (who: Person) => {
    const r = await api(t.app, 'GET', '/me/next-steps', who);
    expect(r.status).toBe(200);
    return r.body as { name: string; items: Item[]; staff: { id: string; count: number; link: string }[] | null };
  };
  const kinds = async (who: Person) => (await steps(who)).items.map((i) => i.kind);

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me/next-steps' })).statusCode).toBe(401);
  });

  it('greets by profile name, falling back to the email, and asks a new user to verify', async () => {
    const u = await signUpVerified(t.app);
    const first = await steps(u);
    expect(first.name).toBe(u.email);
    expect(first.items).toEqual([expect.objectContaining({ kind: 'verification', link: '/BasicInfoEdit/verified' })]);
    expect(first.staff).toBeNull();
    expect((await api(t.app, 'PUT', '/profile', u, { ...fixture('profile'), name: 'Rahima Khatun' })).status).toBe(200);
    expect((await steps(u)).name).toBe('Rahima Khatun');

    // Submitted: nothing to do. Rejected with a note: correct it. Verified: gone.
    expect((await api(t.app, 'PUT', '/profile/verification', u, fixture('verification'))).status).toBe(200);
    expect(await kinds(u)).not.toContain('verification');
    const queue = await api(t.app, 'GET', '/staff/verifications', staff);
    const item = (queue.body.items as { id: string; email: string }[]).find((i) => i.email === u.email)!;
    expect((await api(t.app, 'POST', `/staff/verifications/${item.id}/review`, staff, { decision: 'reject', note: 'The NID photo is blurred' })).status).toBe(200);
    const rejected = (await steps(u)).items.find((i) => i.kind === 'verification')!;
    expect(rejected.text).toContain('The NID photo is blurred');
  });

  it('lists a saved project draft until it is discarded', async () => {
    const u = await signUpVerified(t.app);
    expect(await kinds(u)).not.toContain('project-draft');
    expect((await api(t.app, 'PUT', '/me/drafts/project-owner', u, { data: { title: 'Half done' } })).status).toBe(200);
    expect((await steps(u)).items.find((i) => i.kind === 'project-draft')).toMatchObject({ link: '/EditProjects/projectOwnerInfo' });
    await api(t.app, 'DELETE', '/me/drafts/project-owner', u);
    expect(await kinds(u)).not.toContain('project-draft');
  });

  it('walks an agreement through proposals, acceptance, instalments to pay and to confirm, for its two parties only', async () => {
    const owner = await verifiedOwner(t.app, staff);
    const investor = await verifiedOwner(t.app, staff);
    const stranger = await verifiedOwner(t.app, staff);
    const id = await openProject(t.app, owner, staff, { askamu: 300000, roi: 10, reduration: 2, return: 'Recurring', returningTime: 1, totalDuration: 2, minInvestment: 20000 });
    expect(await kinds(owner)).toEqual([]);

    const req = await api(t.app, 'POST', `/projects/${id}/agreement-requests`, investor, agreementForm(50000));
    expect(req.status).toBe(201);
    const proposals = (await steps(owner)).items.filter((i) => i.kind === 'proposals');
    expect(proposals).toEqual([expect.objectContaining({ count: 1, amount: '50000.00', link: `/agreementRequest?project=${id}` })]);
    expect(await kinds(investor)).toEqual([]);
    expect(await kinds(stranger)).toEqual([]);

    expect((await api(t.app, 'POST', `/agreement-requests/${req.body.id}/accept`, owner, acceptForm())).status).toBe(200);
    const ownerItems = (await steps(owner)).items;
    expect(ownerItems.map((i) => i.kind)).toEqual(['instalments-to-pay']);
    expect(ownerItems[0]).toMatchObject({ count: 2, link: '/dashboard/returns?view=repayments' });
    const accepted = (await steps(investor)).items;
    expect(accepted).toEqual([expect.objectContaining({ kind: 'accepted', amount: '50000.00', link: `/dashboard/returns?view=returns&agreement=${req.body.id}` })]);
    expect(await kinds(stranger)).toEqual([]);

    // Acceptances older than the window are no longer news.
    await t.app.db.updateTable('agreement_requests').set({ decided_at: new Date(Date.now() - 15 * 86_400_000) }).where('id', '=', req.body.id).execute();
    expect(await kinds(investor)).toEqual([]);

    const plan = await api(t.app, 'GET', '/me/repayments', owner);
    for (const i of plan.body.items as { id: string }[]) expect((await api(t.app, 'POST', `/instalments/${i.id}/paid`, owner, { method: 'cash' })).status).toBe(200);
    expect(await kinds(owner)).toEqual([]);
    expect((await steps(investor)).items).toEqual([expect.objectContaining({ kind: 'instalments-to-confirm', count: 2, amount: '55000.00' })]);
    expect(await kinds(stranger)).toEqual([]);
    for (const i of plan.body.items as { id: string }[]) expect((await api(t.app, 'POST', `/instalments/${i.id}/confirm`, investor)).status).toBe(200);
    expect(await kinds(investor)).toEqual([]);
  });

  it('lists unpaid pledges with their amount until staff confirm them, and counts the staff queues', async () => {
    const owner = await verifiedOwner(t.app, staff);
    const donor = await verifiedOwner(t.app, staff);
    const id = await openProject(t.app, owner, staff);
    const before = (await steps(staff)).staff!;
    expect(before.map((q) => q.id)).toEqual(['verifications', 'projects', 'donations']);
    const count = (list: typeof before, id: string) => list.find((q) => q.id === id)!.count;

    const pledge = await api(t.app, 'POST', `/projects/${id}/donations`, donor, fixture('donate'));
    expect(pledge.status).toBe(201);
    const items = (await steps(donor)).items;
    expect(items).toEqual([expect.objectContaining({ kind: 'pledge', amount: '5000.00', link: expect.stringMatching(/^\/donations\/receipt\?id=[0-9a-f-]{36}$/) })]);
    expect(items[0]!.reference).toMatch(/^HF-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{2}$/);
    expect(await kinds(owner)).toEqual([]);

    const during = (await steps(staff)).staff!;
    expect(count(during, 'donations')).toBe(count(before, 'donations') + 1);
    expect(during.find((q) => q.id === 'donations')!.link).toBe('/dashboard/staff/donations');
    // A project and a verification waiting for review raise the other two queues.
    expect((await api(t.app, 'POST', '/projects', owner, fixture('project-owner'))).status).toBe(201);
    const newcomer = await signUpVerified(t.app);
    expect((await api(t.app, 'PUT', '/profile/verification', newcomer, fixture('verification'))).status).toBe(200);
    const after = (await steps(staff)).staff!;
    expect(count(after, 'projects')).toBe(count(before, 'projects') + 1);
    expect(count(after, 'verifications')).toBe(count(before, 'verifications') + 1);

    expect((await api(t.app, 'POST', `/staff/donations/${pledge.body.id}/review`, staff, { decision: 'approve' })).status).toBe(200);
    expect(await kinds(donor)).toEqual([]);
    expect(count((await steps(staff)).staff!, 'donations')).toBe(count(before, 'donations'));
  });
});
