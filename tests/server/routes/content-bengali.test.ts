/**
 * The site content's Bengali (issue 29 §3), on PGlite and PostgreSQL: each version carries its words (English text →
 * Bengali); publishing is refused, changing nothing, while a text has no Bengali or its Bengali only repeats the
 * English (the message in the request's language); published with every word, a Bengali reader (Accept-Language or
 * the `lang` cookie) gets the new Bengali on a server-rendered page at once, and an English reader the English.
 * Needs the built front end (`npm run build`).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, ROOT, startTestApp, type TestApp } from '../helpers';
import { api, makeStaff, type Person } from '../market-helpers';
import { bengaliFor } from '../content-words';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- free-form JSON edits

const HEADING = 'Halal funding that speaks your language';
const HEADING_BN = 'আপনার ভাষায় হালাল অর্থায়ন';
const ABOUT = 'A halal platform for causes and businesses across Bangladesh.';
const ABOUT_BN = 'সারা বাংলাদেশের কল্যাণমূলক উদ্যোগ ও ব্যবসার জন্য একটি হালাল প্ল্যাটফর্ম।';

describe.each(DB_KINDS)('the site content in Bengali on %s', (kind) => {
  let t: TestApp;
  let staff: Person;
  beforeAll(async () => {
    if (!existsSync(join(ROOT, 'dist/ssr/entry-server.js'))) throw new Error('the front end is not built: run `npm run build` first');
    t = await startTestApp(kind, { clientDir: join(ROOT, 'dist/client'), studioRequireApproval: 'off' });
    staff = await makeStaff(t.app);
  });
  afterAll(() => t?.close());

  const versions = async () => Number((await t.app.db.selectFrom('content_versions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const page = async (headers: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/', headers })).body;

  it('refuses a text without its Bengali, or whose Bengali repeats the English, and changes nothing', async () => {
    const now = (await api(t.app, 'GET', '/content')).body as { version: number; content: Doc; translations: Record<string, string> };
    expect(now.translations['Raise your hand to promote the best products']).toBeTruthy();
    const next = structuredClone(now.content);
    next.home.hero.heading = HEADING;
    const before = await versions();

    const words = bengaliFor(now.content, now.translations);
    const missing = await api(t.app, 'POST', '/content/publish', staff, { baseVersion: now.version, content: next, translations: words, note: 'New heading' });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('This content cannot be published: 1 text has no Bengali yet.');
    expect(missing.body.errors).toEqual([{ path: '/translations', message: `No Bengali for “${HEADING}”.` }]);

    const repeated = await t.app.inject({
      method: 'POST',
      url: '/api/v1/content/publish',
      headers: { ...staff.auth, 'accept-language': 'bn' },
      payload: { baseVersion: now.version, content: next, translations: { ...words, [HEADING]: ` ${HEADING}` }, note: 'New heading' },
    });
    expect(repeated.statusCode).toBe(422);
    expect(repeated.json().message).toBe('এই বিষয়বস্তু প্রকাশ করা যাবে না: ১টি লেখার এখনও বাংলা নেই।');
    expect(repeated.json().errors).toEqual([{ path: '/translations', message: `“${HEADING}”-এর বাংলা ঘরে ইংরেজিটাই আবার লেখা: বাংলায় অনুবাদ করুন।` }]);

    // Without `translations`, the base version's words are used: the new heading has none.
    const none = await api(t.app, 'POST', '/content/publish', staff, { baseVersion: now.version, content: next, note: 'New heading' });
    expect(none.status).toBe(422);
    expect(none.body.errors).toContainEqual({ path: '/translations', message: `No Bengali for “${HEADING}”.` });

    expect(await versions()).toBe(before);
    expect((await api(t.app, 'GET', '/content')).body).toEqual(now);
    expect(await page({ 'accept-language': 'bn' })).not.toContain(HEADING);
  });

  it('publishes with every Bengali: a Bengali reader gets the new words on the server-rendered page, an English one the English', async () => {
    const now = (await api(t.app, 'GET', '/content')).body as { version: number; content: Doc; translations: Record<string, string> };
    const next = structuredClone(now.content);
    next.home.hero.heading = HEADING;
    next.footer.about = ABOUT;
    const translations: Record<string, string> = { ...bengaliFor(next, now.translations), [HEADING]: HEADING_BN, [ABOUT]: ABOUT_BN, 'No longer a text of the content': 'বাদ' };
    // A Bengali for a text the bundled words already say, changed by staff: the published one wins.
    translations['Explore Projects'] = 'প্রকল্পগুলো ঘুরে দেখুন';

    const draft = await api(t.app, 'PUT', '/content/draft', staff, { baseVersion: now.version, content: next, translations });
    expect(draft.status).toBe(200);
    expect((await api(t.app, 'GET', '/content/draft', staff)).body.translations[HEADING]).toBe(HEADING_BN);

    const published = await api(t.app, 'POST', '/content/publish', staff, { baseVersion: now.version, content: next, translations, note: 'Heading in two languages' });
    expect(published.status).toBe(201);
    const v = published.body.version as number;
    const live = (await api(t.app, 'GET', '/content')).body;
    expect(live.version).toBe(v);
    expect(live.translations[HEADING]).toBe(HEADING_BN);
    expect(live.translations).not.toHaveProperty('No longer a text of the content');
    expect((await api(t.app, 'GET', `/content/versions/${v}`, staff)).body.translations[ABOUT]).toBe(ABOUT_BN);

    for (const headers of [{ 'accept-language': 'bn-BD,bn;q=0.9' }, { cookie: 'lang=bn' }] as Record<string, string>[]) {
      const bn = await page(headers);
      expect(bn).toMatch(/<html[^>]* lang="bn"/);
      expect(bn).toContain(HEADING_BN);
      expect(bn).toContain(ABOUT_BN);
      expect(bn).toContain('প্রকল্পগুলো ঘুরে দেখুন');
      // The English stays only in the content the page carries, not in what it shows.
      expect(bn.slice(bn.indexOf('<div id="root"'), bn.indexOf('id="page-data"'))).not.toContain(HEADING);
      // The page carries the version's words, so the browser says them as the server did.
      const script = /<script type="application\/json" id="site-content"[^>]*>([\s\S]*?)<\/script>/.exec(bn);
      expect(JSON.parse(script![1]!).translations[HEADING]).toBe(HEADING_BN);
    }
    const en = await page({ 'accept-language': 'en' });
    expect(en).toContain(HEADING);
    expect(en).not.toContain(HEADING_BN);
    expect(en).not.toMatch(/"translations"/);
  });
});
