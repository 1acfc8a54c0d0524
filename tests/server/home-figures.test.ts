/**
 * Issue 28 §2: the home page's counter band shows the platform's real figures under their site-content labels,
 * rendered into the page's HTML by the server (and the answer they came from carried in it, so the browser asks
 * nothing more), and moves when money moves: an agreement accepted, a donation confirmed. Needs the built front end
 * and renderer (`npm run build`). On each database.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, ROOT, signUpVerified, startTestApp, type TestApp } from './helpers';
import { acceptForm, agreementForm, api, makeStaff, openProject, verifiedOwner, type Person } from './market-helpers';
import content from '../../src/client/config/content.json';

const CLIENT = join(ROOT, 'dist/client');

/** The band's figures as a reader is told them (figure, then label), from the page's HTML. */
async function band(t: TestApp): Promise<{ shown: string[]; data: unknown }> {
  const html = (await t.app.inject({ method: 'GET', url: '/' })).body;
  const section = /<section aria-label="Our reach"[\s\S]*?<\/section>/.exec(html)?.[0];
  if (!section) throw new Error('the home page has no counter band');
  const figures = [...section.matchAll(/<span class="visually-hidden">([^<]*)<\/span>/g)].map((m) => m[1]!);
  const labels = [...section.matchAll(/<p class="t-body"[^>]*>([^<]*)<\/p>/g)].map((m) => m[1]!);
  const data = JSON.parse(/<script type="application\/json" id="page-data"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!) as Record<string, unknown>;
  return { shown: figures.map((f, i) => `${f} ${labels[i]}`), data: data['/platform/figures'] };
}

describe.each(DB_KINDS)('the home page’s platform figures (%s)', (kind) => {
  let t: TestApp;
  let staff: Person;
  let owner: Person;
  let project: string;
  beforeAll(async () => {
    for (const built of ['dist/client/index.html', 'dist/ssr/entry-server.js']) {
      if (!existsSync(join(ROOT, built))) throw new Error(`${built} is missing: run \`npm run build\` first`);
    }
    t = await startTestApp(kind, { clientDir: CLIENT });
    staff = await makeStaff(t.app);
    owner = await verifiedOwner(t.app, staff);
    project = await openProject(t.app, owner, staff, { askamu: 1_000_000 });
  });
  afterAll(() => t?.close());

  it('shows the labels staff gave, with the real figures, in the HTML and the data the page carries', async () => {
    expect(content.home.counters.map((c) => c.label)).toEqual(['Raised for projects', 'Projects backed', 'Investors', 'Donors']);
    const { shown, data } = await band(t);
    expect(shown).toEqual(['৳0 Raised for projects', '0 Projects backed', '0 Investors', '0 Donors']);
    expect(data).toEqual((await api(t.app, 'GET', '/platform/figures')).body);
  });

  it('moves when an agreement is accepted and when donations are confirmed, and not for a pledge', async () => {
    const investor = await signUpVerified(t.app);
    const request = await api(t.app, 'POST', `/projects/${project}/agreement-requests`, investor, agreementForm(150_000));
    expect((await band(t)).shown[0]).toBe('৳0 Raised for projects');
    expect((await api(t.app, 'POST', `/agreement-requests/${request.body.id}/accept`, owner, acceptForm())).status).toBe(200);
    expect((await band(t)).shown).toEqual(['৳1.5 lakh Raised for projects', '1 Projects backed', '1 Investors', '0 Donors']);

    // An anonymous gift, and two from one signed-in donor: two donors. A pledge not yet confirmed counts nowhere.
    const donor = await signUpVerified(t.app);
    const gifts = [
      await api(t.app, 'POST', `/projects/${project}/donations`, null, { amount: 9_689, paymentMethod: 'Cash', anonymous: true }),
      await api(t.app, 'POST', `/projects/${project}/donations`, donor, { amount: 500, paymentMethod: 'Cash' }),
      await api(t.app, 'POST', `/projects/${project}/donations`, donor, { amount: 700, paymentMethod: 'Cash' }),
    ];
    await api(t.app, 'POST', `/projects/${project}/donations`, donor, { amount: 40_000, paymentMethod: 'Bank' });
    expect((await band(t)).shown[3]).toBe('0 Donors');
    for (const g of gifts) expect((await api(t.app, 'POST', `/staff/donations/${g.body.id}/review`, staff, { decision: 'approve' })).status).toBe(200);
    const after = await band(t);
    expect(after.shown).toEqual(['৳1.6 lakh+ Raised for projects', '1 Projects backed', '1 Investors', '2 Donors']);
    expect(after.data).toMatchObject({ figures: { raised: '160889.00', invested: '150000.00', donated: '10889.00', donors: 2, investors: 1, backedProjects: 1 } });
  });
});
