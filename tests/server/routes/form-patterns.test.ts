/**
 * A form's `pattern` against hostile text (issue 27 §3), on PGlite and PostgreSQL: staff cannot publish a pattern that
 * backtracks (or one RE2 cannot run), and one already stored (a version published before the lint refused it) is
 * harmless: the server matches on RE2, so the text that made a backtracking engine work for hours is answered at
 * once and the process keeps serving everyone else meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../helpers';
import { api, makeStaff, type Person } from '../market-helpers';
import { loadSchemas, loadUiSchemas } from '../../../src/shared/forms/load-schemas';
import { bengaliFor } from '../form-words';

type Schema = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON documents

const NICKNAME_MESSAGE = 'A nickname is made of the letter a';

/** The newsletter form with an optional field whose pattern is `pattern`. */
function newsletterWith(pattern: string): Schema {
  const s = structuredClone(loadSchemas().newsletter!) as Schema;
  s.properties.nickname = { type: 'string', title: 'Nickname', maxLength: 200, pattern, errorMessage: { pattern: NICKNAME_MESSAGE } };
  return s;
}

/** 40 a's and a `!`: a backtracking engine tries about 2^40 ways to match `^(a+)+$` against it (hours). */
const EVIL = `${'a'.repeat(40)}!`;

describe.each(DB_KINDS)('form patterns on %s', (kind) => {
  let t: TestApp;
  let staff: Person;
  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await makeStaff(t.app);
  });
  afterAll(() => t?.close());

  it('refuses to publish a pattern that backtracks or that RE2 cannot run, naming the field and why', async () => {
    const ui = loadUiSchemas().newsletter;
    const nested = await api(t.app, 'POST', '/forms/newsletter/publish', staff, { baseVersion: 1, schema: newsletterWith('^(a+)+$'), uiSchema: ui, note: 'nickname' });
    expect(nested.status).toBe(422);
    expect(nested.body.message).toBe('This draft cannot be published: 1 problem to fix first.');
    expect(nested.body.errors).toEqual([
      { path: 'schema/properties/nickname/pattern', message: expect.stringMatching(/^"pattern" \^\(a\+\)\+\$ can take exponential time on some text .*rewrite it so every character can be matched one way only/) },
    ]);
    const lookahead = await api(t.app, 'POST', '/forms/newsletter/publish', staff, { baseVersion: 1, schema: newsletterWith('^(?!admin)'), uiSchema: ui, note: 'nickname' });
    expect(lookahead.status).toBe(422);
    expect(lookahead.body.errors).toEqual([
      { path: 'schema/properties/nickname/pattern', message: expect.stringContaining("has a look-ahead or look-behind ((?= (?! (?<= (?<!), which the server's linear-time engine (RE2) cannot run") },
    ]);
    // The studio's check says the same before any publish.
    const check = await api(t.app, 'POST', '/forms/newsletter/check', staff, { schema: newsletterWith('^(a+)+$'), uiSchema: ui });
    expect(check.body.lint).toEqual([{ in: 'schema', path: '/properties/nickname/pattern', message: nested.body.errors[0].message }]);
    // Nothing was published; a linear pattern is.
    expect((await api(t.app, 'GET', '/forms/newsletter')).body.version).toBe(1);
    const linear = await api(t.app, 'POST', '/forms/newsletter/publish', staff, { baseVersion: 1, schema: newsletterWith('^a+$'), uiSchema: ui, translations: bengaliFor('newsletter', newsletterWith('^a+$'), ui), note: 'nickname' });
    expect(linear.status).toBe(201);
  });

  it('answers hostile text against a stored backtracking pattern at once, and keeps serving /health meanwhile', async () => {
    // A version stored before the lint refused it: written into the table, as an older server would have.
    const current = (await api(t.app, 'GET', '/forms/newsletter')).body.version as number;
    const stored = newsletterWith('^(a+)+$');
    stored.properties.code = { type: 'string', title: 'Code', maxLength: 20, pattern: '^(?=x)x+$', errorMessage: { pattern: 'A code is x' } };
    await t.app.db
      .insertInto('form_versions')
      .values({ form_id: 'newsletter', version: current + 1, schema: JSON.stringify(stored), ui_schema: JSON.stringify(loadUiSchemas().newsletter), note: 'stored before the lint refused it' })
      .execute();
    await vi.waitFor(async () => expect((await api(t.app, 'GET', '/forms/newsletter')).body.version).toBe(current + 1), { timeout: 5000 });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const post = (body: unknown) => fetch(`${base}/api/v1/newsletter`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    // The version's check is compiled by the first request that uses it.
    expect((await post({ email: 'first@example.com', nickname: 'aaa' })).status).toBe(200);

    const started = performance.now();
    const timed = async (res: Promise<Response>) => {
      const r = await res;
      return { status: r.status, body: (await r.json()) as Schema, ms: performance.now() - started };
    };
    const [evil, health] = await Promise.all([timed(post({ email: 'evil@example.com', nickname: EVIL })), timed(fetch(`${base}/api/v1/health`))]);
    expect(evil.status).toBe(400);
    expect(evil.body.errors).toEqual([{ path: '/nickname', message: NICKNAME_MESSAGE }]);
    expect(health.status).toBe(200);
    // A backtracking engine would take hours on this text and answer neither; RE2 takes microseconds. The bound is wide
    // so a busy machine cannot fail it, and still far from what a regression would take.
    expect(evil.ms).toBeLessThan(2000);
    expect(health.ms).toBeLessThan(2000);

    // A stored pattern RE2 cannot run (a look-ahead) refuses every value with its own message instead of backtracking;
    // the field left out is still fine.
    const code = await post({ email: 'code@example.com', code: 'xxx' });
    expect(code.status).toBe(400);
    expect(((await code.json()) as Schema).errors).toEqual([{ path: '/code', message: 'A code is x' }]);
    expect((await post({ email: 'plain@example.com' })).status).toBe(200);
  });
});
