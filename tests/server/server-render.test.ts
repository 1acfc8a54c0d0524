/**
 * Server rendering of public pages (issue 15 §1) through the HTTP seam: the page arrives with its content, the API
 * answer it was made from (a JSON script the browser hydrates from), Emotion's styles, and a Content-Security-Policy
 * that still allows no inline script except React's own under the response's nonce. Needs the built front end and
 * renderer (`npm run build`; `npm test` builds first).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, ROOT, startTestApp, type TestApp } from './helpers';
import { makeStaff, openProject, verifiedOwner } from './market-helpers';

const CLIENT = join(ROOT, 'dist/client');
const TITLE = 'Saffron Loom Weavers';

function pageData(html: string): Record<string, unknown> {
  const m = /<script type="application\/json" id="page-data"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error('the page has no data script');
  return JSON.parse(m[1]!) as Record<string, unknown>;
}

function scriptSrc(csp: string): string {
  return /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
}

describe.each(DB_KINDS)('server-rendered pages (%s)', (kind) => {
  let t: TestApp;
  let projectId: string;
  let staff: Awaited<ReturnType<typeof makeStaff>>;
  beforeAll(async () => {
    for (const built of ['dist/client/index.html', 'dist/ssr/entry-server.js']) {
      if (!existsSync(join(ROOT, built))) throw new Error(`${built} is missing: run \`npm run build\` first`);
    }
    t = await startTestApp(kind, { clientDir: CLIENT });
    staff = await makeStaff(t.app);
    const owner = await verifiedOwner(t.app, staff);
    projectId = await openProject(t.app, owner, staff, { bname: TITLE });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends pages and API answers compressed when the browser accepts it, and the same bytes unpacked', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    // Each render has its own nonce: compare the page without it.
    const unpacked = brotliDecompressSync(br.rawPayload).toString();
    const noNonce = (html: string) => html.replace(/nonce="[^"]*"/g, '');
    expect(noNonce(unpacked)).toBe(noNonce(plain.body));
    const gz = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(noNonce(gunzipSync(gz.rawPayload).toString())).toBe(noNonce(plain.body));

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/projects', headers: { 'accept-encoding': 'gzip' } });
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(list.rawPayload).toString())).toEqual((await t.app.inject({ method: 'GET', url: '/api/v1/projects' })).json());
  });

  it('renders the home page with its projects, their data and its styles', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toMatch(/<div id="root" data-server-rendered>/);
    // The server's phone region, which the page's phone rule reads (tests/server/phone-region-page.test.ts).
    expect(html).toMatch(/<meta name="phone-region" content="BD" \/>[\s\S]*<\/head>/);
    // The hero heading from the content file and the approved project, as text in the HTML.
    expect(html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    expect(html).toContain(TITLE);
    expect(html).toMatch(/<style data-emotion="css[ -]/);
    // The data the page was rendered from is the API's own answer for the same path.
    const data = pageData(html);
    const paths = Object.keys(data);
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      const api = await t.app.inject({ method: 'GET', url: `/api/v1${path}` });
      expect(data[path]).toEqual(api.json());
    }
    expect(JSON.stringify(data)).toContain(TITLE);
  });

  it('renders a project page with that project', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/projectDetails?id=${projectId}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(new RegExp(`<h1[^>]*>${TITLE}</h1>`));
    const data = pageData(res.body);
    expect(data[`/projects/${projectId}`]).toMatchObject({ id: projectId, title: TITLE });
    // Its details are in the HTML, drawn from the form version they were given with, which travels with the page:
    // a reader sees them without the page's code (which starts only when the page is used).
    const { formVersion } = data[`/projects/${projectId}`] as { formVersion: number };
    expect(data[`/forms/project-owner/versions/${formVersion}`]).toMatchObject({ version: formVersion });
    const details = /aria-labelledby="details-heading"[\s\S]*?aria-labelledby="help-heading"/.exec(res.body)?.[0] ?? '';
    expect(details).toContain('Business Information');
    expect(details).not.toContain('Loading the details');
  });

  it("puts a project's text into the page as written, even with `$` patterns a string replacement would expand", async () => {
    const owner = await verifiedOwner(t.app, staff);
    const title = 'Tk $$ $` Traders';
    const id = await openProject(t.app, owner, staff, { bname: title });
    const res = await t.app.inject({ method: 'GET', url: `/projectDetails?id=${id}` });
    expect(res.body).toMatch(new RegExp(`<h1[^>]*>${title.replace(/[$`]/g, '\\$&')}</h1>`));
    expect((pageData(res.body)[`/projects/${id}`] as { title: string }).title).toBe(title);
    expect(res.body.match(/<\/html>/g)).toHaveLength(1);
  });

  it('keeps the CSP free of unsafe-inline and unsafe-eval scripts; the page inlines no executable script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    const scripts = scriptSrc(csp);
    expect(scripts).toMatch(/^'self' 'nonce-[A-Za-z0-9+/=]{20,}'$/);
    expect(csp).not.toContain('unsafe-eval');
    // Every <script> is a data block or a file from the build: nothing inline runs.
    for (const tag of res.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
      const attrs = tag[1]!;
      expect(attrs.includes('type="application/json"') || (/ src="\/(assets\/|boot\.js")/.test(attrs) && tag[2] === ''), `script${attrs}`).toBe(true);
    }
    // A second response has another nonce.
    const again = await t.app.inject({ method: 'GET', url: '/' });
    expect(scriptSrc(String(again.headers['content-security-policy']))).not.toBe(scripts);
  });

  it('renders the sign-in and sign-up forms from their published versions, and carries those versions for hydration', async () => {
    for (const [path, formId, fields] of [
      ['/login', 'sign-in', ['root_email', 'root_password']],
      ['/signup', 'sign-up', ['root_email', 'root_password']],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('data-server-rendered');
      for (const id of fields) expect(res.body).toMatch(new RegExp(`<input[^>]* id="${id}"`));
      expect(res.body).not.toContain('Loading the form');
      const published = (await t.app.inject({ method: 'GET', url: `/api/v1/forms/${formId}` })).json<{ version: number; validatorUrl: string }>();
      const carried = pageData(res.body)[`/forms/${formId}`] as { version: number; validatorUrl: string };
      expect(carried.version).toBe(published.version);
      expect(carried.validatorUrl).toBe(published.validatorUrl);
    }
  });

  it("starts a rendered page's code when it is used (boot.js); a page drawn in the browser at once", async () => {
    const rendered = (await t.app.inject({ method: 'GET', url: '/' })).body;
    expect(rendered).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const boot = /<script defer src="\/boot\.js" data-entry="([^"]+)" data-preload="([^"]*)"><\/script>/.exec(rendered);
    expect(boot, 'the boot script').not.toBeNull();
    // The sign-in form too; until its code has it, its submit is a plain button, so the bare form is never sent.
    const form = (await t.app.inject({ method: 'GET', url: '/login' })).body;
    expect(form).toMatch(/<script defer src="\/boot\.js" data-entry="[^"]+" data-preload="[^"]*"><\/script>/);
    expect(form).toMatch(/<button[^>]*type="button"[^>]*data-needs-code=""[^>]*>Sign in<\/button>|<button[^>]*data-needs-code=""[^>]*type="button"[^>]*>Sign in<\/button>/);
    expect(form).not.toMatch(/type="submit"/);
    // It names the built entry and its preloads, files that exist.
    for (const file of [boot![1]!, ...boot![2]!.split(' ')]) {
      expect(existsSync(join(CLIENT, file)), file).toBe(true);
    }
    expect(existsSync(join(CLIENT, 'boot.js'))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/boot.js' })).statusCode).toBe(200);
    // A page the browser draws (signed-in pages) has nothing to show before its code: it loads at once.
    const drawn = (await t.app.inject({ method: 'GET', url: '/dashboard/profile' })).body;
    expect(drawn).toContain(`<script type="module" fetchpriority="low" crossorigin src="${boot![1]}"></script>`);
    expect(drawn).not.toContain('boot.js');
  });

  it('leaves forms that start from the browser (history state, a draft, a record) to it', async () => {
    // Reset password starts from the e-mail the previous step left in the history state, which the server cannot see.
    const res = await t.app.inject({ method: 'GET', url: '/resetPass/code' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('leaves signed-in pages to the browser', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dashboard/profile' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('page-data');
  });
});
