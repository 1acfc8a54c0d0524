/**
 * Signed-in reads without the cost of a look-up each (issue 32 §2), on PGlite and PostgreSQL: the public list a
 * signed-in reader gets is the visitor's page, served from the same short cache, unless a project on it is theirs
 * (then their own page says which) or they are staff; a process keeps a session it has read for at most a second
 * (plugins/auth.ts), so a sign-out or a revoked session is refused at once where it happened, and a change made
 * behind the process's back (another process, the staff command line) is seen within a second.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, json, signUpVerified, startTestApp, type TestApp } from '../helpers';
import { api, makeStaff, openProject, verifiedOwner, type Person } from '../market-helpers';

describe.each(DB_KINDS)('signed-in reads on %s', (kind) => {
  let t: TestApp;
  let staff: Person;
  let owner: Person;
  let projectId: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await makeStaff(t.app);
    owner = await verifiedOwner(t.app, staff);
    projectId = await openProject(t.app, owner, staff);
  }, 120_000);
  afterAll(() => t?.close());

  const list = (who?: Person) => t.app.inject({ method: 'GET', url: '/api/v1/projects?sort=newest', headers: who?.auth ?? {} });

  it("gives a signed-in reader who owns none of the page the visitor's page, the owner theirs marked mine, staff theirs", async () => {
    const reader = await signUpVerified(t.app);
    const visitor = await list();
    const read = await list(reader);
    expect(read.statusCode).toBe(200);
    expect(read.body).toBe(visitor.body);
    const item = (body: string) => json<{ items: { id: string; mine: boolean }[] }>({ body } as never).items.find((p) => p.id === projectId);
    expect(item(read.body)).toMatchObject({ mine: false });

    const own = await list(owner);
    expect(own.statusCode).toBe(200);
    expect(item(own.body)).toMatchObject({ mine: true });
    expect(own.body).not.toBe(visitor.body);
    // Asked again (the visitor's page now kept), the owner still gets theirs.
    expect(item((await list(owner)).body)).toMatchObject({ mine: true });

    const staffs = await list(staff);
    expect(staffs.statusCode).toBe(200);
    expect(item(staffs.body)).toBeDefined();
  });

  it('refuses a session at once after its sign-out, though it was read a moment before', async () => {
    const who = await signUpVerified(t.app);
    expect((await api(t.app, 'GET', '/auth/user/me', who)).status).toBe(200);
    expect((await api(t.app, 'POST', '/auth/user/sign-out', who)).status).toBe(200);
    expect((await api(t.app, 'GET', '/auth/user/me', who)).status).toBe(401);
    expect((await list(who)).statusCode).toBe(200); // the public list still answers, as to a visitor
  });

  it('refuses the other sessions at once after a password change, though they were read a moment before', async () => {
    const who = await signUpVerified(t.app);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/v1/auth/user/sign-in', payload: { phone: who.phone, password: who.password } });
    const other = { ...who, auth: { authorization: `Bearer ${json<{ token: string }>(signIn).token}` } };
    expect((await api(t.app, 'GET', '/auth/user/me', other)).status).toBe(200);
    const changed = await api(t.app, 'POST', '/auth/user/change-password', who, { currentPassword: who.password, password: 'Newer1!x', retype_password: 'Newer1!x' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await api(t.app, 'GET', '/auth/user/me', other)).status).toBe(401);
    expect((await api(t.app, 'GET', '/auth/user/me', who)).status).toBe(200);
  });

  it('sees a change made behind its back (another process, the staff command line) within a second', async () => {
    const who = await signUpVerified(t.app);
    expect((await api(t.app, 'GET', '/staff/verifications', who)).status).toBe(403);
    const changed = Date.now();
    await t.app.db.updateTable('users').set({ is_staff: true }).where('email', '=', who.email).execute();
    await expect.poll(async () => (await api(t.app, 'GET', '/staff/verifications', who)).status, { timeout: 5_000, interval: 50 }).toBe(200);
    // SESSION_CACHE_MS is 1 s; the bound leaves room for the requests' own time on a busy machine.
    expect(Date.now() - changed).toBeLessThan(2_000);
  });
});
