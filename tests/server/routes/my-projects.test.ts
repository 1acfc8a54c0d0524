/**
 * An owner's own projects come a page at a time (GET /me/projects, keyset on the owner's index): every project once,
 * newest first, across pages; one state when asked; another owner's never; a bad page link is a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../helpers';
import { api, makeStaff, openProject, projectForm, verifiedOwner, type Person } from '../market-helpers';

describe.each(DB_KINDS)('my projects, a page at a time, on %s', (kind) => {
  let t: TestApp;
  let staff: Person;
  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await makeStaff(t.app);
  });
  afterAll(() => t?.close());

  it('gives each of my projects once, newest first, across pages, and only mine', async () => {
    const owner = await verifiedOwner(t.app, staff);
    const other = await verifiedOwner(t.app, staff);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const created = await api(t.app, 'POST', '/projects', owner, projectForm({ bname: `Mine ${i}` }));
      expect(created.status).toBe(201);
      ids.push(created.body.id as string);
    }
    const open = await openProject(t.app, owner, staff, { bname: 'Mine open' });
    ids.push(open);
    await openProject(t.app, other, staff, { bname: 'Not mine' });

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await api(t.app, 'GET', `/me/projects?limit=2${cursor ? `&cursor=${cursor}` : ''}`, owner);
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...(res.body.items as { id: string }[]).map((p) => p.id));
      cursor = res.body.nextCursor as string | null;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());

    // Without a limit: the first 20, which here is all of them.
    const all = await api(t.app, 'GET', '/me/projects', owner);
    expect((all.body.items as { id: string }[]).map((p) => p.id)).toEqual([...ids].reverse());
    expect(all.body.nextCursor).toBeNull();

    // One state: the open one (the chooser of relevant investors asks for these).
    const onlyOpen = await api(t.app, 'GET', '/me/projects?status=open', owner);
    expect((onlyOpen.body.items as { id: string; status: string }[]).map((p) => [p.id, p.status])).toEqual([[open, 'open']]);
  });

  it('refuses a page link that is not one, a limit past 50 and an unknown state, with a clear message', async () => {
    const owner = await verifiedOwner(t.app, staff);
    const bad = await api(t.app, 'GET', '/me/projects?cursor=not-a-cursor', owner);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/page link is not valid/);
    expect((await api(t.app, 'GET', '/me/projects?limit=51', owner)).status).toBe(400);
    expect((await api(t.app, 'GET', '/me/projects?status=lost', owner)).status).toBe(400);
    expect((await api(t.app, 'GET', '/me/projects')).status).toBe(401);
  });
});
