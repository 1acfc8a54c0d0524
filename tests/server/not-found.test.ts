/**
 * Unknown addresses answer 404 (issue 28 §4), on PGlite and PostgreSQL: an address no screen has gets the not-found
 * page with status 404 (rendered on the server, or the page the browser draws it from), and so does a public page
 * whose record is not there (a project that does not exist or is not public, a blog post); every screen of
 * screens.json still answers 200, with its query parameters. Needs the built front end and renderer
 * (`npm run build`; `npm test` builds first).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, json, ROOT, startTestApp, type TestApp } from './helpers';
import { api, fixture, makeStaff, openProject, verifiedOwner } from './market-helpers';
import { screenMatcher } from '../../src/server/plugins/screen-paths';

const CLIENT = join(ROOT, 'dist/client');
const screens = (JSON.parse(readFileSync(join(ROOT, 'src/client/config/screens.json'), 'utf8')) as { screens: { id: string; path: string }[] }).screens;
const content = JSON.parse(readFileSync(join(ROOT, 'src/client/config/content.json'), 'utf8')) as { blogs: { slug: string }[] };
const TITLE = 'Saffron Loom Weavers';

/** The page-data script of a rendered page. */
function pageData(html: string): Record<string, unknown> {
  const m = /<script type="application\/json" id="page-data"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1]!) as Record<string, unknown>) : {};
}

describe('the server’s table of page addresses', () => {
  it('matches as the router does: any case, trailing slashes, one segment per parameter, decoded', () => {
    const isScreen = screenMatcher(['/', '/login', '/blogs/:slug', '/staff/forms/:formId', '/resetPass/code']);
    for (const yes of ['/', '/login', '/LOGIN', '/login/', '/blogs/first-post', '/blogs/first%20post', '/staff/forms/invest', '/resetPass/code', '/l%6Fgin']) expect(isScreen(yes), yes).toBe(true);
    for (const no of ['/nope', '/login/more', '/blogs', '/blogs/', '/blogs/a/b', '/staff/forms', '/resetPass/codes', '/blogs/a%2Fb/c']) expect(isScreen(no), no).toBe(false);
  });
});

describe.each(DB_KINDS)('page statuses on %s', (kind) => {
  let t: TestApp;
  let projectId: string;
  let pendingId: string;
  beforeAll(async () => {
    for (const built of ['dist/client/index.html', 'dist/ssr/entry-server.js']) {
      if (!existsSync(join(ROOT, built))) throw new Error(`${built} is missing: run \`npm run build\` first`);
    }
    t = await startTestApp(kind, { clientDir: CLIENT });
    const staff = await makeStaff(t.app);
    const owner = await verifiedOwner(t.app, staff);
    projectId = await openProject(t.app, owner, staff, { bname: TITLE });
    pendingId = (await api(t.app, 'POST', '/projects', owner, fixture('project-owner'))).body.id as string;
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url });

  /** Checks an answer is the not-found page with 404, drawn on the server, titled so. */
  function expectNotFoundPage(res: Awaited<ReturnType<typeof get>>, what: string) {
    expect(res.statusCode, what).toBe(404);
    expect(res.headers['content-type'], what).toMatch(/^text\/html/);
    expect(res.body, what).toMatch(/<div id="root" data-server-rendered>/);
    expect(res.body, what).toMatch(/<h1[^>]*>Page not found<\/h1>/);
    expect(res.body, what).toMatch(/<title>Page not found · [^<]+<\/title>/);
  }

  it('answers an address no screen has with the not-found page and 404', async () => {
    for (const url of ['/no-such-page', `/projects/${projectId}`, '/dashboard/nothing', '/blogs/a/b', '/login/more?x=1']) expectNotFoundPage(await get(url), url);
    // HEAD too (monitors), and an API path still gets its JSON 404.
    expect((await get('/no-such-page', 'HEAD')).statusCode).toBe(404);
    const apiMiss = await get('/api/v1/no-such-thing');
    expect(apiMiss.statusCode).toBe(404);
    expect(json(apiMiss)).toEqual({ message: 'No such endpoint: GET /api/v1/no-such-thing' });
  });

  it('answers a project page whose project is unknown, not public or not named with 404', async () => {
    for (const url of [`/projectDetails?id=${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`, `/projectDetails?id=${pendingId}`, '/projectDetails?id=not-an-id', '/projectDetails']) {
      const res = await get(url);
      expectNotFoundPage(res, url);
      expect(res.body, url).not.toContain('Loading the project');
    }
    // The 404 travels with the page, so the browser hydrates the same not-found page without asking again.
    const res = await get(`/projectDetails?id=${pendingId}`);
    expect(pageData(res.body)['#failed']).toEqual({ [`/projects/${pendingId}`]: { status: 404, message: expect.any(String) } });
    // A blog post that does not exist.
    expectNotFoundPage(await get('/blogs/no-such-post'), '/blogs/no-such-post');
  });

  it('keeps 200 for every screen, with its query parameters', async () => {
    const params: Record<string, string> = { 'project-detail': `id=${projectId}`, donate: `project=${projectId}`, proposals: `project=${projectId}`, 'donation-receipt': 'id=00000000-0000-4000-8000-000000000000' };
    for (const screen of screens) {
      const path = screen.path.replace(':slug', content.blogs[0]!.slug).replace(':formId', 'invest');
      const url = params[screen.id] ? `${path}?${params[screen.id]}` : path;
      const res = await get(url);
      expect(res.statusCode, `${screen.id}: ${url}`).toBe(200);
      expect(res.body, `${screen.id}: ${url}`).not.toContain('Page not found');
    }
    const project = await get(`/projectDetails?id=${projectId}&from=email`);
    expect(project.statusCode).toBe(200);
    expect(project.body).toMatch(new RegExp(`<h1[^>]*>${TITLE}</h1>`));
    // The router's own leniency: another case, a trailing slash.
    expect((await get('/ABOUT')).statusCode).toBe(200);
    expect((await get('/projects/')).statusCode).toBe(200);
  });
});

describe('page statuses with server rendering off', () => {
  it('still answers an unknown address 404 and a screen 200 (the browser draws both)', async () => {
    const t = await startTestApp('pglite', { clientDir: CLIENT, serverRender: false });
    try {
      const miss = await t.app.inject({ method: 'GET', url: '/no-such-page' });
      expect(miss.statusCode).toBe(404);
      expect(miss.body).toMatch(/<div id="root"><\/div>/);
      expect((await t.app.inject({ method: 'GET', url: '/about' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/dashboard/history' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
