/**
 * Four eyes on what staff publish (issue 31 §6), through the API on PGlite and PostgreSQL: with one staff member
 * (STUDIO_REQUIRE_APPROVAL=auto) a publish is live at once; with two it waits and the live version stays current;
 * the author cannot approve their own (403); another staff member approves (live) or returns it with a note; a
 * superseded or stale proposal is refused (409); a restore waits the same way; the site content likewise; audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../helpers';
import { api, makeStaff, type Person } from '../market-helpers';
import { bengaliFor as contentBengali } from '../content-words';
import { loadSchemas, loadUiSchemas } from '../../../src/shared/forms/load-schemas';
import { bengaliFor } from '../form-words';

const files = loadSchemas();
const uiFiles = loadUiSchemas();
const titled = (title: string) => ({ ...files.invest, title });
const publish = (t: TestApp, who: Person, baseVersion: number, title: string, note = title) =>
  api(t.app, 'POST', '/forms/invest/publish', who, { baseVersion, schema: titled(title), uiSchema: uiFiles.invest, translations: bengaliFor('invest', titled(title), uiFiles.invest), note });
const liveForm = async (t: TestApp) => (await api(t.app, 'GET', '/forms/invest')).body as { version: number; schema: { title: string } };

describe.each(DB_KINDS)('four eyes on the studio on %s', (kind) => {
  let t: TestApp;
  let author: Person;
  let checker: Person;
  beforeAll(async () => {
    t = await startTestApp(kind);
    author = await makeStaff(t.app);
  });
  afterAll(() => t?.close());

  const formAudit = async () =>
    (await t.app.db.selectFrom('audit_log').selectAll().where('subject_type', '=', 'form').where('subject_id', '=', 'invest').orderBy('id').execute()).map((a) => [a.action, a.before_status, a.after_status, a.note]);

  it('publishes at once while there is one staff member (auto)', async () => {
    const res = await publish(t, author, 1, 'Invest (one step)');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ version: 2 });
    expect(await liveForm(t)).toMatchObject({ version: 2, schema: { title: 'Invest (one step)' } });
  });

  it('with a second staff member a publish waits; the author cannot approve it (403); the other approves and it is live', async () => {
    checker = await makeStaff(t.app);
    const res = await publish(t, author, 2, 'Invest (four eyes)');
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ version: 3, status: 'pending_approval' });
    // The live form is still version 2, for everyone and for the server's checks.
    expect(await liveForm(t)).toMatchObject({ version: 2, schema: { title: 'Invest (one step)' } });
    const versions = await api(t.app, 'GET', '/forms/invest/versions', checker);
    expect(versions.body[0]).toMatchObject({ version: 3, status: 'pending_approval', baseVersion: 2, publishedBy: author.email, decidedBy: null });
    expect(versions.body[1]).toMatchObject({ version: 2, status: 'live' });
    // Nobody but staff reads a version that is not live, nor its validator; staff read it uncached.
    expect((await api(t.app, 'GET', '/forms/invest/versions/3')).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/forms/invest/versions/3/validator.js' })).statusCode).toBe(404);
    const staffRead = await t.app.inject({ method: 'GET', url: '/api/v1/forms/invest/versions/3', headers: checker.auth });
    expect(staffRead.statusCode).toBe(200);
    expect(staffRead.headers['cache-control']).toBe('private, no-store');
    const list = await api(t.app, 'GET', '/forms', checker);
    expect(list.body.find((f: { formId: string }) => f.formId === 'invest')).toMatchObject({ version: 2, pending: { version: 3, by: author.email, mine: false } });

    const own = await api(t.app, 'POST', '/forms/invest/versions/3/approve', author, {});
    expect(own.status).toBe(403);
    expect(own.body.message).toMatch(/another staff member must approve it/);
    expect((await api(t.app, 'POST', '/forms/invest/versions/3/return', author, { note: 'withdrawn' })).status).toBe(403);
    expect((await liveForm(t)).version).toBe(2);
    expect((await api(t.app, 'POST', '/forms/invest/versions/99/approve', checker, {})).status).toBe(404);
    expect((await api(t.app, 'POST', '/forms/no-such-form/versions/3/approve', checker, {})).status).toBe(404);

    const ok = await api(t.app, 'POST', '/forms/invest/versions/3/approve', checker, { note: 'Looks right' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ version: 3, status: 'live' });
    expect(await liveForm(t)).toMatchObject({ version: 3, schema: { title: 'Invest (four eyes)' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/forms/invest/versions/3' })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const after = await api(t.app, 'GET', '/forms/invest/versions', author);
    expect(after.body[0]).toMatchObject({ version: 3, status: 'live', decidedBy: checker.email, decisionNote: 'Looks right' });
    // Deciding it again: it no longer waits.
    const again = await api(t.app, 'POST', '/forms/invest/versions/3/approve', checker, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/live already/);
    expect(await formAudit()).toEqual([
      ['form.publish', 'version 1', 'version 2', 'Invest (one step)'],
      ['form.propose', 'version 2', 'version 3 waiting for approval', 'Invest (four eyes)'],
      ['form.approve', 'version 2', 'version 3', 'Looks right'],
    ]);
  });

  it('returns a version to its author with a note (a note is required); it never goes live', async () => {
    expect((await publish(t, author, 3, 'Invest (typo)')).body).toEqual({ version: 4, status: 'pending_approval' });
    const empty = await api(t.app, 'POST', '/forms/invest/versions/4/return', checker, { note: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([{ path: '/note', message: 'Write a note for the author' }]);
    const returned = await api(t.app, 'POST', '/forms/invest/versions/4/return', checker, { note: 'The title has a typo' });
    expect(returned.status).toBe(200);
    expect(returned.body).toEqual({ version: 4, status: 'returned' });
    const versions = await api(t.app, 'GET', '/forms/invest/versions', author);
    expect(versions.body[0]).toMatchObject({ version: 4, status: 'returned', decidedBy: checker.email, decisionNote: 'The title has a typo' });
    const late = await api(t.app, 'POST', '/forms/invest/versions/4/approve', checker, {});
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/returned to its author/);
    expect((await liveForm(t)).version).toBe(3);
    expect((await formAudit()).at(-1)).toEqual(['form.return', 'version 4 waiting for approval', 'version 4 returned', 'The title has a typo']);
  });

  it('refuses to approve a superseded proposal, or one made before another version went live (409)', async () => {
    expect((await publish(t, author, 3, 'Invest (first try)')).body).toEqual({ version: 5, status: 'pending_approval' });
    // The checker's own proposal, from the same live version, supersedes it.
    expect((await publish(t, checker, 3, 'Invest (second try)')).body).toEqual({ version: 6, status: 'pending_approval' });
    const superseded = await api(t.app, 'POST', '/forms/invest/versions/5/approve', checker, {});
    expect(superseded.status).toBe(409);
    expect(superseded.body.message).toMatch(/superseded by a newer proposal/);
    expect((await formAudit()).at(-2)).toEqual(['form.supersede', 'version 5 waiting for approval', 'superseded by version 6', null]);

    // Another version goes live while 6 waits (as the files edited by hand do at start, from another process).
    expect((await liveForm(t)).version).toBe(3); // this process now trusts "3 is current" for a second
    await t.app.db.insertInto('form_versions').values({ form_id: 'invest', version: 7, schema: JSON.stringify(titled('From the files')), ui_schema: JSON.stringify(uiFiles.invest), note: 'files' }).execute();
    // A publish from version 3 is refused inside its transaction, whatever this process last read.
    const late = await publish(t, author, 3, 'Invest (too late)');
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/^Version 7 was published by the files on .* after your draft was started from version 3/);
    const stale = await api(t.app, 'POST', '/forms/invest/versions/6/approve', author, {});
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/^Version 6 was made from version 3, but version 7 has gone live since/);
    expect((await api(t.app, 'GET', '/forms/invest/versions', author)).body[1]).toMatchObject({ version: 6, status: 'pending_approval' });
    // It can still be returned.
    expect((await api(t.app, 'POST', '/forms/invest/versions/6/return', author, { note: 'Redo it on version 7' })).status).toBe(200);
  });

  it('a restore of an old version waits for approval like any publish', async () => {
    await new Promise((r) => setTimeout(r, 1100)); // the registry trusts "current" for a second; version 7 came from outside
    const current = await liveForm(t);
    expect(current.version).toBe(7);
    const v2 = await api(t.app, 'GET', '/forms/invest/versions/2');
    const restore = await api(t.app, 'POST', '/forms/invest/publish', author, { baseVersion: 7, schema: v2.body.schema, uiSchema: v2.body.uiSchema, translations: v2.body.translations, note: 'Restored version 2' });
    expect(restore.status).toBe(202);
    expect(restore.body).toEqual({ version: 8, status: 'pending_approval' });
    expect((await liveForm(t)).schema.title).toBe('From the files');
    expect((await api(t.app, 'POST', '/forms/invest/versions/8/approve', checker, {})).status).toBe(200);
    expect(await liveForm(t)).toMatchObject({ version: 8, schema: { title: 'Invest (one step)' } });
  });

  it('the site content waits the same way: the author cannot approve, another staff member can', async () => {
    const now = (await api(t.app, 'GET', '/content')).body as { version: number; content: Record<string, unknown>; translations: Record<string, string> };
    const next = { ...now.content, tagline: 'Checked by two people' };
    const res = await api(t.app, 'POST', '/content/publish', author, { baseVersion: now.version, content: next, translations: contentBengali(next, now.translations), note: 'Tagline' });
    expect(res.status).toBe(202);
    const v = res.body.version as number;
    expect((await api(t.app, 'GET', '/content')).body.version).toBe(now.version);
    expect((await api(t.app, 'GET', '/content/versions', checker)).body[0]).toMatchObject({ version: v, status: 'pending_approval', publishedBy: author.email });
    expect((await api(t.app, 'POST', `/content/versions/${v}/approve`, author, {})).status).toBe(403);
    expect((await api(t.app, 'POST', `/content/versions/${v}/approve`, checker, {})).status).toBe(200);
    expect((await api(t.app, 'GET', '/content')).body).toEqual({ version: v, content: next, translations: contentBengali(next, now.translations) });
    const audit = await t.app.db.selectFrom('audit_log').select(['action', 'after_status']).where('subject_type', '=', 'content').orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'content.propose', after_status: `version ${v} waiting for approval` },
      { action: 'content.approve', after_status: `version ${v}` },
    ]);
  });
});
