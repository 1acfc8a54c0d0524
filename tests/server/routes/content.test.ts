/**
 * The site content's versions through the API, on PGlite and PostgreSQL: version 1 from content.json, staff drafts,
 * refusals (schema problems, a link to no screen, a stale draft), publishing, and the pages carrying what was
 * published with no rebuild (server-rendered and browser-rendered alike). Needs the built front end (`npm test`
 * builds first).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, ROOT, signUpVerified, startTestApp, type TestApp } from '../helpers';
import { api, makeStaff, type Person } from '../market-helpers';
import { bengaliFor } from '../content-words';
import { wordsOf } from '../../../src/shared/i18n/content-texts';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- free-form JSON edits

const file = JSON.parse(readFileSync(join(ROOT, 'src/client/config/content.json'), 'utf8')) as Doc;
const fileWords = wordsOf(file, JSON.parse(readFileSync(join(ROOT, 'src/client/config/i18n/content.bn.json'), 'utf8')) as Record<string, string>);

function siteContentScript(html: string): Doc | null {
  const m = /<script type="application\/json" id="site-content"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1]!) as Doc) : null;
}

describe.each(DB_KINDS)('site content versions on %s', (kind) => {
  let t: TestApp;
  let staff: Person;
  let otherStaff: Person;
  beforeAll(async () => {
    if (!existsSync(join(ROOT, 'dist/ssr/entry-server.js'))) throw new Error('the front end is not built: run `npm run build` first');
    // One-step publishing (the four-eyes step has its own tests, studio-approvals.test.ts).
    t = await startTestApp(kind, { clientDir: join(ROOT, 'dist/client'), studioRequireApproval: 'off' });
    staff = await makeStaff(t.app);
    otherStaff = await makeStaff(t.app);
  });
  afterAll(() => t?.close());

  it('serves version 1 from content.json with an ETag, and pages carry nothing extra while it is current', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/content' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ version: 1, content: file, translations: fileWords });
    const again = await t.app.inject({ method: 'GET', url: '/api/v1/content', headers: { 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(siteContentScript(home.body)).toBeNull();
  });

  it('keeps the studio to staff and its drafts to their authors', async () => {
    const someone = await signUpVerified(t.app);
    for (const [method, url, body] of [
      ['GET', '/content/schema'],
      ['GET', '/content/versions'],
      ['GET', '/content/draft'],
      ['PUT', '/content/draft', { baseVersion: 1, content: file }],
      ['POST', '/content/publish', { baseVersion: 1, content: file, note: 'x' }],
    ] as const) {
      expect((await api(t.app, method, url, someone, body)).status, `${method} ${url}`).toBe(403);
      expect((await api(t.app, method, url, null, body)).status, `${method} ${url}`).toBe(401);
    }
    const schema = await api(t.app, 'GET', '/content/schema', staff);
    expect(schema.body).toMatchObject({ $id: 'content', title: 'Site content' });

    const saved = await api(t.app, 'PUT', '/content/draft', otherStaff, { baseVersion: 1, content: { ...file, tagline: 'Another tagline' } });
    expect(saved.status).toBe(200);
    expect(saved.body.problems).toEqual([]);
    const mine = await api(t.app, 'GET', '/content/draft', staff);
    expect(mine.status).toBe(404);
    expect(mine.body.others).toEqual([expect.objectContaining({ author: otherStaff.email, baseVersion: 1 })]);
    const theirs = await api(t.app, 'GET', '/content/draft', otherStaff);
    expect(theirs.body).toMatchObject({ baseVersion: 1, content: { tagline: 'Another tagline' }, others: [] });
  });

  it('refuses content that breaks its schema or links to no screen, with the places, and changes nothing', async () => {
    const broken = structuredClone(file);
    broken.siteName = '';
    broken.nav[0].to = '/no-such-page';
    delete broken.contact.email;
    const draft = await api(t.app, 'PUT', '/content/draft', staff, { baseVersion: 1, content: broken });
    expect(draft.status).toBe(200);
    expect(draft.body.problems.length).toBeGreaterThan(0);
    const refused = await api(t.app, 'POST', '/content/publish', staff, { baseVersion: 1, content: broken, note: 'broken' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual(
      expect.arrayContaining([
        { path: '/siteName', message: 'must NOT have fewer than 1 characters' },
        { path: '/contact', message: "must have required property 'email'" },
      ]),
    );
    const linkOnly = structuredClone(file);
    linkOnly.nav[0].to = '/no-such-page';
    const refusedLink = await api(t.app, 'POST', '/content/publish', staff, { baseVersion: 1, content: linkOnly, note: 'link' });
    expect(refusedLink.status).toBe(422);
    expect(refusedLink.body.errors).toEqual([{ path: '/nav/0/to', message: '"/no-such-page" leads to no screen' }]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/content' })).json().version).toBe(1);
  });

  it('publishes: the API and every page carry it at once, audited; a stale draft is refused; rollback is a new version', async () => {
    const next = structuredClone(file);
    next.tagline = 'Fund what matters </script><b>';
    next.home.hero.heading = 'Halal funding for real projects';
    const published = await api(t.app, 'POST', '/content/publish', staff, { baseVersion: 1, content: next, translations: bengaliFor(next, fileWords), note: 'New hero' });
    expect(published.status).toBe(201);
    expect(published.body).toEqual({ version: 2 });
    expect((await api(t.app, 'GET', '/content/draft', staff)).status).toBe(404);

    expect((await t.app.inject({ method: 'GET', url: '/api/v1/content' })).json()).toEqual({ version: 2, content: next, translations: bengaliFor(next, fileWords) });
    // A server-rendered page is drawn with it and carries it; its title uses it too.
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.body).toContain('Halal funding for real projects');
    expect(home.body).toContain('<title>Halal Fund — Fund what matters &lt;/script&gt;&lt;b&gt;</title>');
    expect(siteContentScript(home.body)).toEqual({ version: 2, content: next });
    // The script cannot be ended early by the text it carries.
    expect(home.body).not.toContain('Fund what matters </script>');
    // A page rendered in the browser (behind sign-in) carries it too.
    const dashboard = await t.app.inject({ method: 'GET', url: '/dashboard/dashboardBtn' });
    expect(siteContentScript(dashboard.body)).toEqual({ version: 2, content: next });

    const versions = await api(t.app, 'GET', '/content/versions', staff);
    expect(versions.body.map((v: Doc) => [v.version, v.note, v.publishedBy])).toEqual([
      [2, 'New hero', staff.email],
      [1, 'From src/client/config/content.json', null],
    ]);
    const audit = await t.app.db.selectFrom('audit_log').selectAll().where('subject_type', '=', 'content').execute();
    expect(audit.map((a) => [a.action, a.before_status, a.after_status, a.note])).toEqual([['content.publish', 'version 1', 'version 2', 'New hero']]);

    // The other staff member's draft was started from version 1: refused, saying who published what.
    const stale = await api(t.app, 'POST', '/content/publish', otherStaff, { baseVersion: 1, content: { ...file, tagline: 'Another tagline' }, note: 'mine' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(new RegExp(`^Version 2 was published by ${staff.email.replace(/[.+]/g, '\\$&')} on .* after your draft was started from version 1`));

    // Rolling back: version 1's content again, as version 3 (with a Bengali for every text, more than the bundled
    // words have, so pages carry it).
    const v1 = await api(t.app, 'GET', '/content/versions/1', staff);
    const back = await api(t.app, 'POST', '/content/publish', staff, { baseVersion: 2, content: v1.body.content, translations: bengaliFor(v1.body.content, v1.body.translations), note: 'Back to the file' });
    expect(back.body).toEqual({ version: 3 });
    expect(siteContentScript((await t.app.inject({ method: 'GET', url: '/' })).body)).toEqual({ version: 3, content: file });
    // A published version never changes.
    await expect(t.app.db.updateTable('content_versions').set({ note: 'edited' } as never).execute()).rejects.toThrow(/immutable/);
  });
});
