/**
 * The form studio's server side through the API, on PGlite and PostgreSQL: published versions, drafts, checks, the
 * refusals (stale draft, lint, a code-read field removed), ETags, the served validator agreeing with the server, the
 * server validating with a new version at once, and each stored submission keeping the version it was validated with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, ROOT, signUpVerified, startTestApp, type TestApp } from '../helpers';
import { buildApp } from '../../../src/server/app';
import { acceptForm, agreementForm, api, fixture, makeStaff, openProject, projectForm, verifiedOwner, type Person } from '../market-helpers';
import { loadSchemas, loadTranslations, loadUiSchemas } from '../../../src/shared/forms/load-schemas';
import { bengaliFor } from '../form-words';
import { FORMATS_GLOBAL, formats, shareFormats } from '../../../src/shared/validation/standalone-formats.js';
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** `npm run validate -- …` as npm runs it (node on the built bundle): exit code and output. */
function validateCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, ['scripts/validate.mjs', ...args], { cwd: ROOT }, (err, stdout, stderr) =>
      done({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

type Schema = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON documents

const files = loadSchemas();
const uiFiles = loadUiSchemas();
const translationFiles = loadTranslations();

/** The invest form with one more required field (and, unless told not to, its message). */
function investWithReferral(withMessage = true): Schema {
  const s = structuredClone(files.invest!) as Schema;
  s.properties.referral = { type: 'string', title: 'Referral code', maxLength: 20, errorMessage: { type: 'Referral code is required' } };
  s.required = [...s.required, 'referral'];
  if (withMessage) s.errorMessage.required.referral = 'Enter the referral code you were given';
  return s;
}

/** Imports a served validator module the way the form engine does: after sharing the page's format table. */
async function importModule(code: string): Promise<Record<string, unknown>> {
  shareFormats();
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as Record<string, unknown>;
}

describe.each(DB_KINDS)('form versions on %s', (kind) => {
  let t: TestApp;
  let staff: Person;
  let otherStaff: Person;
  beforeAll(async () => {
    // One-step publishing (the four-eyes step has its own tests, studio-approvals.test.ts).
    t = await startTestApp(kind, { studioRequireApproval: 'off' });
    staff = await makeStaff(t.app);
    otherStaff = await makeStaff(t.app);
  });
  afterAll(() => t?.close());

  it('serves version 1 of every form from the files, with a strong ETag and 304', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/forms/invest' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ formId: 'invest', version: 1, schema: files.invest, uiSchema: uiFiles.invest, translations: translationFiles.invest, validatorUrl: '/api/v1/forms/invest/versions/1/validator.js' });
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await t.app.inject({ method: 'GET', url: '/api/v1/forms/invest', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/forms/invest', headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/forms/no-such-form' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/forms/invest/versions/99' })).statusCode).toBe(404);
  });

  it('answers 401, 403 and 404 on the staff routes to others', async () => {
    const user = await signUpVerified(t.app);
    const routes: ['GET' | 'PUT' | 'POST' | 'DELETE', string, unknown?][] = [
      ['GET', '/forms'],
      ['GET', '/forms/invest/versions'],
      ['GET', '/forms/invest/draft'],
      ['PUT', '/forms/invest/draft', { baseVersion: 1, schema: files.invest, uiSchema: uiFiles.invest }],
      ['DELETE', '/forms/invest/draft'],
      ['POST', '/forms/invest/check', { schema: files.invest, uiSchema: uiFiles.invest }],
      ['POST', '/forms/invest/publish', { baseVersion: 1, schema: files.invest, uiSchema: uiFiles.invest, note: 'x' }],
    ];
    for (const [method, url, body] of routes) {
      expect((await api(t.app, method, url, null, body)).status, `${method} ${url} anonymous`).toBe(401);
      expect((await api(t.app, method, url, user, body)).status, `${method} ${url} user`).toBe(403);
    }
    expect((await api(t.app, 'GET', '/forms/nope/versions', staff)).status).toBe(404);
    expect((await api(t.app, 'POST', '/forms/nope/publish', staff, { baseVersion: 1, schema: {}, uiSchema: {}, note: '' })).status).toBe(404);
    // Nothing was published by the refused calls.
    expect((await api(t.app, 'GET', '/forms/invest')).body.version).toBe(1);
  });

  it('keeps one draft per staff member and shows who else has one', async () => {
    const draft = { baseVersion: 1, schema: investWithReferral(), uiSchema: uiFiles.invest, cases: [{ name: 'empty', data: {} }] };
    expect((await api(t.app, 'GET', '/forms/invest/draft', staff)).status).toBe(404);
    const saved = await api(t.app, 'PUT', '/forms/invest/draft', staff, draft);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ baseVersion: 1, cases: [{ name: 'empty', data: {} }] });
    expect((await api(t.app, 'PUT', '/forms/invest/draft', otherStaff, { ...draft, cases: [] })).status).toBe(200);
    const mine = await api(t.app, 'GET', '/forms/invest/draft', staff);
    expect(mine.body.schema).toEqual(draft.schema);
    expect(mine.body.others).toEqual([{ author: otherStaff.email, updatedAt: expect.any(String), baseVersion: 1 }]);
    const list = await api(t.app, 'GET', '/forms', staff);
    const invest = list.body.find((f: Schema) => f.formId === 'invest');
    expect(invest).toMatchObject({ title: files.invest!.title, version: 1, publishedBy: null });
    expect(invest.drafts).toEqual(
      expect.arrayContaining([
        { author: staff.email, updatedAt: expect.any(String), baseVersion: 1, mine: true },
        { author: otherStaff.email, updatedAt: expect.any(String), baseVersion: 1, mine: false },
      ]),
    );
    expect((await api(t.app, 'PUT', '/forms/invest/draft', staff, { ...draft, baseVersion: 7 })).status).toBe(400);
    expect((await api(t.app, 'DELETE', '/forms/invest/draft', otherStaff)).status).toBe(204);
    expect((await api(t.app, 'DELETE', '/forms/invest/draft', otherStaff)).status).toBe(404);
  });

  it('checks a draft: the lint, the code-read fields and the server answer for each sample', async () => {
    const noMessage = await api(t.app, 'POST', '/forms/invest/check', staff, { schema: investWithReferral(false), uiSchema: uiFiles.invest, cases: [{ name: 'empty', data: {} }] });
    expect(noMessage.status).toBe(200);
    expect(noMessage.body.lint).toEqual([
      { in: 'schema', path: '/required', message: 'required field "referral" has no message: add errorMessage.required.referral' },
    ]);
    expect(noMessage.body.protected).toEqual([]);
    const removed = structuredClone(files.invest!) as Schema;
    delete removed.properties.investmentType;
    removed.required = removed.required.filter((f: string) => f !== 'investmentType');
    delete removed.errorMessage.required.investmentType;
    const retyped = structuredClone(files.invest!) as Schema;
    retyped.properties.investmentType = { ...retyped.properties.investmentType, type: 'number' };
    expect((await api(t.app, 'POST', '/forms/invest/check', staff, { schema: removed, uiSchema: {} })).body.protected).toEqual([
      { field: 'investmentType', problem: 'the code reads "investmentType" (string); it cannot be removed or renamed' },
    ]);
    expect((await api(t.app, 'POST', '/forms/invest/check', staff, { schema: retyped, uiSchema: {} })).body.protected).toEqual([
      { field: 'investmentType', problem: 'the code reads "investmentType" as string; it cannot become number' },
    ]);
    const withCases = await api(t.app, 'POST', '/forms/invest/check', staff, {
      schema: investWithReferral(),
      uiSchema: uiFiles.invest,
      cases: [
        { name: 'without referral', data: fixture('invest') },
        { name: 'with referral', data: { ...fixture('invest'), referral: 'R1' } },
      ],
    });
    expect(withCases.body.lint).toEqual([]);
    expect(withCases.body.cases).toEqual([
      { name: 'without referral', valid: false, errors: [{ path: '/referral', message: 'Enter the referral code you were given' }] },
      { name: 'with referral', valid: true, errors: [] },
    ]);
  });

  it('refuses to publish with lint errors or a code-read field removed, and changes nothing', async () => {
    const lint = await api(t.app, 'POST', '/forms/invest/publish', staff, { baseVersion: 1, schema: investWithReferral(false), uiSchema: uiFiles.invest, note: 'referral' });
    expect(lint.status).toBe(422);
    expect(lint.body.message).toBe('This draft cannot be published: 1 problem to fix first.');
    expect(lint.body.lint[0].message).toContain('"referral" has no message');
    expect(lint.body.errors).toEqual([{ path: 'schema/required', message: lint.body.lint[0].message }]);
    const removed = structuredClone(files.invest!) as Schema;
    removed.properties.amountTotal = removed.allOf[0].then.properties.totalAmount;
    delete removed.allOf[0].then.properties.totalAmount;
    removed.allOf[0].then.required = removed.allOf[0].then.required.map((f: string) => (f === 'totalAmount' ? 'amountTotal' : f));
    const renamed = await api(t.app, 'POST', '/forms/invest/publish', staff, { baseVersion: 1, schema: removed, uiSchema: uiFiles.invest, note: 'rename' });
    expect(renamed.status).toBe(422);
    expect(renamed.body.protected).toEqual([{ field: 'totalAmount', problem: 'the code reads "totalAmount" (number); it cannot be removed or renamed' }]);
    expect(renamed.body.errors).toContainEqual({ path: 'schema/properties/totalAmount', message: 'the code reads "totalAmount" (number); it cannot be removed or renamed' });
    expect((await api(t.app, 'GET', '/forms/invest')).body.version).toBe(1);
    expect((await api(t.app, 'GET', '/forms/invest/versions', staff)).body).toHaveLength(1);
  });

  it('refuses to publish while a Bengali word is missing or only repeats the English (the check of schemas:check), and changes nothing', async () => {
    // New texts with no Bengali: the base version's words do not have them.
    const bare = await api(t.app, 'POST', '/forms/invest/publish', staff, { baseVersion: 1, schema: investWithReferral(), uiSchema: uiFiles.invest, note: 'referral' });
    expect(bare.status).toBe(400);
    expect(bare.body.message).toMatch(/^This draft cannot be published: \d+ texts have no translation yet/);
    expect(bare.body.errors).toContainEqual({ path: 'translations/bn', message: 'No Bengali for “Enter the referral code you were given”.' });
    // A message that only repeats the English, and an empty word.
    const words = bengaliFor('invest', investWithReferral(), uiFiles.invest);
    const repeats = { bn: { ...words.bn, 'Enter the referral code you were given': 'Enter the referral code you were given ' } };
    const echo = await api(t.app, 'POST', '/forms/invest/publish', staff, { baseVersion: 1, schema: investWithReferral(), uiSchema: uiFiles.invest, translations: repeats, note: 'referral' });
    expect(echo.status).toBe(400);
    expect(echo.body.errors).toEqual([{ path: 'translations/bn', message: 'The Bengali message only repeats the English “Enter the referral code you were given”: translate it.' }]);
    const empty = await api(t.app, 'POST', '/forms/invest/publish', staff, { baseVersion: 1, schema: files.invest, uiSchema: uiFiles.invest, translations: { bn: {} }, note: 'no words' });
    expect(empty.status).toBe(400);
    expect((await api(t.app, 'GET', '/forms/invest')).body.version).toBe(1);
    expect((await api(t.app, 'GET', '/forms/invest/versions', staff)).body).toHaveLength(1);
  });

  it('publishes a version the server applies at once; each submission keeps its version; a stale draft is refused; rollback', async () => {
    const investor = await signUpVerified(t.app);
    const before = await api(t.app, 'POST', '/offers', investor, fixture('invest'));
    expect(before.status).toBe(201);
    expect(before.body.formVersion).toBe(1);
    const oldEtag = (await t.app.inject({ method: 'GET', url: '/api/v1/forms/invest' })).headers.etag;

    // The draft keeps its Bengali words as typed, whole (a missing one included: the check is at publish).
    const words = bengaliFor('invest', investWithReferral(), uiFiles.invest);
    const partial = { bn: { ...words.bn, 'Enter the referral code you were given': '' } };
    await api(t.app, 'PUT', '/forms/invest/draft', staff, { baseVersion: 1, schema: investWithReferral(), uiSchema: uiFiles.invest, translations: partial });
    expect((await api(t.app, 'GET', '/forms/invest/draft', staff)).body.translations).toEqual(partial);
    await api(t.app, 'PUT', '/forms/invest/draft', staff, { baseVersion: 1, schema: investWithReferral(), uiSchema: uiFiles.invest, translations: words });
    expect((await api(t.app, 'GET', '/forms/invest/draft', staff)).body.translations).toEqual(words);
    const published = await api(t.app, 'POST', '/forms/invest/publish', staff, { baseVersion: 1, schema: investWithReferral(), uiSchema: uiFiles.invest, translations: words, note: 'Referral codes' });
    expect(published.status).toBe(201);
    expect(published.body).toEqual({ version: 2 });
    // The draft is gone; the version is listed and audited.
    expect((await api(t.app, 'GET', '/forms/invest/draft', staff)).status).toBe(404);
    const versions = await api(t.app, 'GET', '/forms/invest/versions', staff);
    expect(versions.body[0]).toMatchObject({ version: 2, note: 'Referral codes', publishedBy: staff.email, submissions: 0 });
    expect(versions.body[1]).toMatchObject({ version: 1, publishedBy: null, submissions: 1 });
    const audit = await t.app.db.selectFrom('audit_log').selectAll().where('subject_type', '=', 'form').where('subject_id', '=', 'invest').execute();
    expect(audit.map((a) => [a.action, a.before_status, a.after_status, a.note])).toEqual([['form.publish', 'version 1', 'version 2', 'Referral codes']]);

    // Browsers get the new version (a new ETag); the old one no longer matches.
    const current = await t.app.inject({ method: 'GET', url: '/api/v1/forms/invest', headers: { 'if-none-match': oldEtag as string } });
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({ version: 2, validatorUrl: '/api/v1/forms/invest/versions/2/validator.js' });

    // The server validates with version 2 at once, with its message.
    const refused = await api(t.app, 'POST', '/offers', investor, fixture('invest'));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: '/referral', message: 'Enter the referral code you were given' }]);
    // `npm run validate -- --from` the running server agrees; without --from it applies the files.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const dir = mkdtempSync(join(tmpdir(), 'forms-cli-'));
    try {
      writeFileSync(join(dir, 'offer.json'), JSON.stringify(fixture('invest')));
      writeFileSync(join(dir, 'with-referral.json'), JSON.stringify({ ...fixture('invest'), referral: 'FRIEND' }));
      const fromServer = await validateCli(['--from', address, 'invest', join(dir, 'offer.json')]);
      expect(fromServer).toMatchObject({ code: 1, stdout: `${join(dir, 'offer.json')}: /referral: Enter the referral code you were given\n` });
      expect((await validateCli([`--from=${address}`, 'invest', join(dir, 'with-referral.json')])).code).toBe(0);
      expect((await validateCli(['invest', join(dir, 'offer.json')])).code).toBe(0);
      expect(await validateCli(['--from', address, 'nope', join(dir, 'offer.json')])).toMatchObject({ code: 2, stderr: `validate: unknown form id "nope" on ${address}\n` });
      // `npm run forms:export -- --from` writes the published version back (into a copy here, so gen is not run).
      cpSync(join(ROOT, 'schemas'), join(dir, 'schemas'), { recursive: true });
      cpSync(join(ROOT, 'ui-schemas'), join(dir, 'ui-schemas'), { recursive: true });
      const exported = await new Promise<{ code: number; stdout: string }>((done) =>
        execFile(process.execPath, ['--import', 'tsx', 'scripts/forms-export.ts', '--from', address], {
          cwd: ROOT,
          env: { ...process.env, SCHEMAS_DIR: join(dir, 'schemas'), UI_SCHEMAS_DIR: join(dir, 'ui-schemas') },
        }, (err, stdout) => done({ code: err ? 1 : 0, stdout })),
      );
      expect(exported.code).toBe(0);
      // The schema and its Bengali words (the new texts' included).
      expect(exported.stdout).toContain('invest: version 2 written (2 files)');
      expect(JSON.parse(readFileSync(join(dir, 'schemas/i18n/invest.bn.json'), 'utf8'))).toEqual(words.bn);
      expect(exported.stdout).toContain('donate: version 1 unchanged');
      expect(JSON.parse(readFileSync(join(dir, 'schemas/invest.schema.json'), 'utf8'))).toEqual(investWithReferral());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const after = await api(t.app, 'POST', '/offers', investor, { ...fixture('invest'), referral: 'FRIEND' });
    expect(after.status).toBe(201);
    expect(after.body.formVersion).toBe(2);
    const mine = (await api(t.app, 'GET', '/me/offers', investor)).body;
    const byId = new Map(((mine.items ?? mine) as Schema[]).map((o) => [o.id, o.formVersion]));
    expect(byId.get(before.body.id)).toBe(1);
    expect(byId.get(after.body.id)).toBe(2);

    // A draft started from version 1 is stale now.
    const stale = await api(t.app, 'POST', '/forms/invest/publish', otherStaff, { baseVersion: 1, schema: files.invest, uiSchema: uiFiles.invest, note: 'mine' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(new RegExp(`^Version 2 was published by ${staff.email.replace(/[.+]/g, '\\$&')} on \\d{1,2} [A-Z][a-z]{2} \\d{4}, \\d{2}:\\d{2} after your draft was started`));

    // Rolling back is publishing version 1 again, as version 3.
    const v1 = (await api(t.app, 'GET', '/forms/invest/versions/1')).body;
    const rollback = await api(t.app, 'POST', '/forms/invest/publish', staff, { baseVersion: 2, schema: v1.schema, uiSchema: v1.uiSchema, note: 'Roll back to version 1' });
    expect(rollback.body).toEqual({ version: 3 });
    const again = await api(t.app, 'POST', '/offers', investor, fixture('invest'));
    expect(again.status).toBe(201);
    expect(again.body.formVersion).toBe(3);
    // An answer still carrying the field version 3 no longer has is told so (not "its section is not chosen"), and
    // a field of another form is unknown to this one.
    const stale3 = await api(t.app, 'POST', '/offers', investor, { ...fixture('invest'), referral: 'FRIEND', bname: 'Mine' });
    expect(stale3.status).toBe(400);
    expect(stale3.body.errors).toEqual([
      { path: '/referral', message: 'Field "referral" no longer exists in this version of the form' },
      { path: '/bname', message: 'Unknown field "bname": this form has no such field' },
    ]);
    const rows = await t.app.db.selectFrom('offers').select(['id', 'form_version']).where('id', 'in', [before.body.id, after.body.id, again.body.id]).execute();
    expect(new Map(rows.map((r) => [r.id, r.form_version]))).toEqual(new Map([[before.body.id, 1], [after.body.id, 2], [again.body.id, 3]]));
    // A published row cannot be changed.
    await expect(t.app.db.updateTable('form_versions').set({ note: 'edited' } as never).where('form_id', '=', 'invest').execute()).rejects.toThrow(/immutable/);
  });

  it('serves a validator module that loads without imports and agrees with the server', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/forms/invest/versions/2/validator.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // No import statement or dynamic import, no call of require (Ajv's runtime names one only inside a string).
    expect(res.body).not.toMatch(/(^|[\n;])\s*import[\s{*]|\bimport\(|[^'"\w.]require\(/);
    // Nothing that needs 'unsafe-eval' under the page's Content-Security-Policy.
    expect(res.body).not.toMatch(/new Function|\beval\(/);
    // It carries no copy of the format functions (ajv-formats' table, libphonenumber's metadata): it reads the page's.
    expect(res.body).not.toMatch(/uri-reference|country_calling_codes/);
    const shared = globalThis as Record<string, unknown>;
    delete shared[FORMATS_GLOBAL];
    // (A distinct copy: a module whose evaluation failed stays failed under its URL.)
    const unshared = `${res.body}\n// without the table`;
    await expect((async () => import(`data:text/javascript;base64,${Buffer.from(unshared).toString('base64')}`))()).rejects.toThrow(/shareFormats\(\)/);
    const mod = await importModule(res.body);
    expect(shared[FORMATS_GLOBAL]).toBe(formats);
    const schema = (await api(t.app, 'GET', '/forms/invest/versions/2')).body.schema;
    const { default: createPrecompiledValidator } = await import('@rjsf/validator-ajv8/lib/createPrecompiledValidator.js');
    const validator = createPrecompiledValidator(mod.default as never, schema);
    const samples = [
      fixture('invest'),
      { ...fixture('invest'), referral: 'OK' },
      { ...fixture('invest'), referral: 'OK', phone: 'not a phone' },
      { ...fixture('invest'), referral: 'x'.repeat(21) },
    ];
    const investor = await signUpVerified(t.app);
    // The server validates with version 3 now; check the samples against version 2 through /check.
    const server = await api(t.app, 'POST', '/forms/invest/check', staff, { schema, uiSchema: {}, cases: samples.map((data, i) => ({ name: String(i), data })) });
    for (const [i, data] of samples.entries()) {
      const browser = validator.validateFormData(data, schema);
      expect(browser.errors.length === 0, `sample ${i}`).toBe(server.body.cases[i].valid);
    }
    expect(server.body.cases.map((c: Schema) => c.valid)).toEqual([false, true, false, false]);
    // And version 3 (the files' rules) agrees with the live route.
    const v3 = (await api(t.app, 'GET', '/forms/invest')).body;
    const mod3 = await importModule((await t.app.inject({ method: 'GET', url: v3.validatorUrl })).body);
    const validator3 = createPrecompiledValidator(mod3.default as never, v3.schema);
    for (const data of [fixture('invest'), { ...fixture('invest'), phone: 'nope' }, { ...fixture('invest'), surprise: 1 }]) {
      const live = await api(t.app, 'POST', '/offers', investor, data);
      expect(validator3.validateFormData(data, v3.schema).errors.length === 0).toBe(live.status === 201);
    }
  });

  it('records the version of the acceptance form an agreement was accepted with, beside the request’s own', async () => {
    const owner = await verifiedOwner(t.app, staff);
    const investor = await signUpVerified(t.app);
    const id = await openProject(t.app, owner, staff);
    const first = await api(t.app, 'POST', `/projects/${id}/agreement-requests`, investor, agreementForm(30000));
    const second = await api(t.app, 'POST', `/projects/${id}/agreement-requests`, investor, agreementForm(40000));
    expect(first.body).toMatchObject({ acceptanceFormVersion: null });
    const v1 = (await api(t.app, 'GET', '/forms/agreement-accept')).body;
    const acceptedBefore = await api(t.app, 'POST', `/agreement-requests/${first.body.id}/accept`, owner, acceptForm());
    expect(acceptedBefore.body).toMatchObject({ status: 'accepted', acceptanceFormVersion: v1.version, formVersion: first.body.formVersion });

    const pub = await api(t.app, 'POST', '/forms/agreement-accept/publish', staff, { baseVersion: v1.version, schema: v1.schema, uiSchema: v1.uiSchema, note: 'Same rules, new version' });
    expect(pub.status).toBe(201);
    const acceptedAfter = await api(t.app, 'POST', `/agreement-requests/${second.body.id}/accept`, owner, acceptForm());
    expect(acceptedAfter.body.acceptanceFormVersion).toBe(pub.body.version);
    // Both sides read the versions back; the first acceptance keeps its own.
    const listed = (await api(t.app, 'GET', `/projects/${id}/agreement-requests`, owner)).body;
    const versions = new Map(((listed.items ?? listed) as Schema[]).map((r) => [r.id, r.acceptanceFormVersion]));
    expect(versions).toEqual(new Map([[first.body.id, v1.version], [second.body.id, pub.body.version]]));
    const counts = (await api(t.app, 'GET', '/forms/agreement-accept/versions', staff)).body as Schema[];
    expect(counts.find((v) => v.version === pub.body.version)).toMatchObject({ submissions: 1 });
  });

  it('shows each field of a project to whom its x-visibility allows, by the version it was submitted with', async () => {
    const owner = await verifiedOwner(t.app, staff);
    const v1 = (await api(t.app, 'GET', '/forms/project-owner')).body;
    const next = structuredClone(v1.schema) as Schema;
    next.properties.tagline = { 'x-visibility': 'public', type: 'string', title: 'Tagline', maxLength: 80 };
    next.properties.riskNote = { 'x-visibility': 'staff', type: 'string', title: 'Risk note', maxLength: 200 };
    // A field that holds no personal data may be made public (a personal one may not: tests/server/routes/pii.test.ts).
    next.properties.regen['x-visibility'] = 'public';
    const pub = await api(t.app, 'POST', '/forms/project-owner/publish', staff, { baseVersion: v1.version, schema: next, uiSchema: v1.uiSchema, translations: bengaliFor('project-owner', next, v1.uiSchema), note: 'tagline' });
    expect(pub.status).toBe(201);
    const id = await openProject(t.app, owner, staff, { tagline: 'Fresh food for all', riskNote: 'weather' });
    const anyone = (await api(t.app, 'GET', `/projects/${id}`)).body;
    expect(anyone.formVersion).toBe(pub.body.version);
    expect(anyone.details.tagline).toBe('Fresh food for all');
    expect(anyone.details).not.toHaveProperty('riskNote');
    expect(anyone.details).not.toHaveProperty('accountNum');
    expect(anyone.details.regen).toBe(projectForm().regen);
    expect(anyone.details).not.toHaveProperty('nid');
    const own = (await api(t.app, 'GET', `/projects/${id}`, owner)).body;
    expect(own.details).not.toHaveProperty('riskNote');
    expect(own.details).toHaveProperty('accountNum');
    const staffView = (await api(t.app, 'GET', `/projects/${id}`, staff)).body;
    expect(staffView.details.riskNote).toBe('weather');
    // A project submitted with version 1 keeps version 1's marks (regen was not public then).
    const back = await api(t.app, 'POST', '/forms/project-owner/publish', staff, { baseVersion: pub.body.version, schema: v1.schema, uiSchema: v1.uiSchema, note: 'back' });
    expect(back.status).toBe(201);
    const old = await openProject(t.app, owner, staff);
    const oldView = (await api(t.app, 'GET', `/projects/${old}`)).body;
    expect(oldView.formVersion).toBe(back.body.version);
    expect(oldView.details).not.toHaveProperty('regen');
    expect(oldView.details).toHaveProperty('bname');
    expect((await api(t.app, 'GET', `/projects/${id}`)).body.details.regen).toBe(projectForm().regen);
  });

  it('publishes files edited since the server last read them as the next version at start, once', async () => {
    const before = (await api(t.app, 'GET', '/forms/newsletter')).body;
    const investVersions = (await api(t.app, 'GET', '/forms/invest/versions', staff)).body.length;
    const dir = mkdtempSync(join(tmpdir(), 'forms-files-'));
    try {
      cpSync(join(ROOT, 'schemas'), dir, { recursive: true });
      const edited = structuredClone(files.newsletter!) as Schema;
      edited.title = 'Our newsletter';
      writeFileSync(join(dir, 'newsletter.schema.json'), JSON.stringify(edited));
      for (let start = 0; start < 2; start++) {
        const other = await buildApp({ config: t.config, database: t.database, schemasDir: dir, logger: false });
        await other.ready();
        await other.close();
      }
      const after = (await api(t.app, 'GET', '/forms/newsletter')).body;
      expect(after.version).toBe(before.version + 1);
      expect(after.schema).toEqual(edited);
      const versions = (await api(t.app, 'GET', '/forms/newsletter/versions', staff)).body;
      expect(versions).toHaveLength(before.version + 1);
      expect(versions[0]).toMatchObject({ publishedBy: null, note: 'From the files schemas/newsletter.schema.json and ui-schemas/newsletter.ui.json, edited since' });
      // Unchanged files publish nothing (invest's current version, a rollback to the files, stays current).
      expect((await api(t.app, 'GET', '/forms/invest/versions', staff)).body).toHaveLength(investVersions);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
