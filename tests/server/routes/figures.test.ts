/**
 * One definition of each figure (DOMAIN.md) wherever it is shown: the project page, the list's cards, the owner's
 * proposals page and the dashboard agree on backers and investors for one project. On a fresh app per database
 * (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), so platform-wide counts are known.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DB_KINDS, signUpVerified, startTestApp, type TestApp } from '../helpers';
import { acceptForm, agreementForm, api, makeStaff, openProject, verifiedOwner, type Person } from '../market-helpers';

describe.each(DB_KINDS)('figures that agree on %s', (kind) => {
  let t: TestApp;
  let staff: Person;
  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await makeStaff(t.app);
  });
  afterAll(() => t?.close());

  it('counts backers and investors once, the same on the page, the cards, the proposals and the dashboard', async () => {
    const owner = await verifiedOwner(t.app, staff);
    const id = await openProject(t.app, owner, staff, { askamu: 1000000 });
    const [investor, alsoDonor, pending, declined] = [await signUpVerified(t.app), await signUpVerified(t.app), await signUpVerified(t.app), await signUpVerified(t.app)];

    const request = (who: Person, amount: number) => api(t.app, 'POST', `/projects/${id}/agreement-requests`, who, agreementForm(amount));
    const a = await request(investor, 100000);
    const b = await request(alsoDonor, 50000);
    const c = await request(declined, 30000);
    await request(pending, 40000);
    expect((await api(t.app, 'POST', `/agreement-requests/${a.body.id}/accept`, owner, acceptForm())).status).toBe(200);
    expect((await api(t.app, 'POST', `/agreement-requests/${b.body.id}/accept`, owner, acceptForm())).status).toBe(200);
    expect((await api(t.app, 'POST', `/agreement-requests/${c.body.id}/decline`, owner, { reason: 'Not now' })).status).toBe(200);

    // The investor also donates (still one backer); two anonymous gifts count once each; a pledge not yet.
    const donate = (who: Person | null, body: Record<string, unknown>) => api(t.app, 'POST', `/projects/${id}/donations`, who, body);
    const gifts = [
      await donate(alsoDonor, { amount: 1000, paymentMethod: 'Cash' }),
      await donate(null, { amount: 500, paymentMethod: 'Cash', anonymous: true }),
      await donate(null, { amount: 700, paymentMethod: 'Cash', anonymous: true }),
    ];
    for (const g of gifts) expect((await api(t.app, 'POST', `/staff/donations/${g.body.id}/review`, staff, { decision: 'approve' })).status).toBe(200);
    await donate(declined, { amount: 900, paymentMethod: 'Cash' });

    const page = (await api(t.app, 'GET', `/projects/${id}`)).body.figures;
    expect(page).toMatchObject({ backers: 4, investors: 2, raised: '152200.00' });
    const card = (await api(t.app, 'GET', '/projects')).body.items.find((p: { id: string }) => p.id === id).figures;
    expect(card).toEqual(page);
    const mine = (await api(t.app, 'GET', '/me/projects', owner)).body.items.find((p: { id: string }) => p.id === id).figures;
    expect(mine).toEqual(page);
    const proposals = (await api(t.app, 'GET', `/projects/${id}/agreement-requests`, owner)).body;
    expect(proposals).toMatchObject({ totalInvestors: page.investors, backers: page.backers });
    expect(proposals.items).toHaveLength(4);

    // The only accepted agreements on this fresh platform are this project's: the dashboard says the same.
    const tiles = Object.fromEntries(
      ((await api(t.app, 'GET', '/dashboard/summary', owner)).body.tiles as { id: string; value: unknown }[]).map((x) => [x.id, x.value]),
    );
    expect(tiles).toMatchObject({ totalInvestors: page.investors, totalInvestment: '150000.00', totalInvestedProjects: 1 });
  });
  it('takes pledges, proposals, confirmations and an acceptance on one project at once without a deadlock, and the sums add up', async () => {
    // Each insert's foreign key check holds its project's row FOR KEY SHARE; the figures' refresh used to take FOR
    // UPDATE on it, so two inserts in flight waited for each other and PostgreSQL killed one (a 500).
    const owner = await verifiedOwner(t.app, staff);
    const id = await openProject(t.app, owner, staff, { askamu: 100000000 });
    const investors = [await signUpVerified(t.app), await signUpVerified(t.app)];
    const earlier = [];
    for (let i = 0; i < 4; i++) earlier.push((await api(t.app, 'POST', `/projects/${id}/donations`, null, { amount: 100, paymentMethod: 'Cash' })).body.id as string);

    const proposal = (await api(t.app, 'POST', `/projects/${id}/agreement-requests`, investors[0]!, agreementForm(30000))).body.id as string;

    const answers = await Promise.all([
      ...Array.from({ length: 12 }, () => api(t.app, 'POST', `/projects/${id}/donations`, null, { amount: 100, paymentMethod: 'Cash' })),
      ...Array.from({ length: 6 }, (_, i) => api(t.app, 'POST', `/projects/${id}/agreement-requests`, investors[i % 2]!, agreementForm(20000))),
      ...earlier.map((d) => api(t.app, 'POST', `/staff/donations/${d}/review`, staff, { decision: 'approve' })),
      api(t.app, 'POST', `/agreement-requests/${proposal}/accept`, owner, acceptForm()),
    ]);
    expect(answers.map((a) => a.status)).toEqual([...Array(18).fill(201), ...Array(5).fill(200)]);
    const figures = await t.app.db.selectFrom('projects').select(['waiting', 'pledged_donations', 'donated', 'raised']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(figures).toEqual({ waiting: '120000.00', pledged_donations: '1200.00', donated: '400.00', raised: '30400.00' });
    // The platform's counters (the home page's figures) moved by exactly what a rebuild from the records finds.
    const platform = () => t.app.db.selectFrom('platform_figures').selectAll().executeTakeFirstOrThrow();
    const kept = await platform();
    await sql`SELECT market_figures_refresh()`.execute(t.app.db);
    expect(kept).toEqual(await platform());
  });
});
