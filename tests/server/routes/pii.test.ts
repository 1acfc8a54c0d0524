/**
 * Personal data cannot be published by a schema edit (issue 31 §7): the studio's publish refuses a version that
 * marks a personal field public or drops its "x-pii" mark (the shipped list, and every mark of the shipped schema
 * file), naming the field and changing nothing; and whatever a version says (a form file edited by hand, a version
 * from before the marks), the project views never show a personal field to the public — only to its owner and
 * staff. On PGlite and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, ROOT, startTestApp, type TestApp } from '../helpers';
import { api, fixture, makeStaff, verifiedOwner, type Person } from '../market-helpers';
import { loadSchemas, loadUiSchemas } from '../../../src/shared/forms/load-schemas';

type Schema = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- free-form JSON edits

const files = loadSchemas() as Record<string, Schema>;
const uiFiles = loadUiSchemas();
const tmp = mkdtempSync(join(tmpdir(), 'pii-schemas-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/**
 * A copy of the schemas whose project form was edited by hand past the lint: the e-mail (a listed personal field)
 * unmarked and public, and `regen` (not on the list) marked personal but public.
 */
function editedSchemasDir(): string {
  const dir = join(tmp, `schemas-${Math.random().toString(36).slice(2)}`);
  cpSync(join(ROOT, 'schemas'), dir, { recursive: true });
  const file = join(dir, 'project-owner.schema.json');
  const schema = JSON.parse(readFileSync(file, 'utf8')) as Schema;
  delete schema.properties.email['x-pii'];
  schema.properties.email['x-visibility'] = 'public';
  schema.properties.regen['x-pii'] = true;
  schema.properties.regen['x-visibility'] = 'public';
  writeFileSync(file, JSON.stringify(schema, null, 2));
  return dir;
}

describe.each(DB_KINDS)('personal data on %s', (kind) => {
  let t: TestApp;
  let staff: Person;
  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await makeStaff(t.app);
  });
  afterAll(() => t?.close());

  const publish = (formId: string, schema: Schema) => api(t.app, 'POST', `/forms/${formId}/publish`, staff, { baseVersion: 1, schema, uiSchema: uiFiles[formId], note: 'pii' });

  it('refuses to publish a personal field marked public, naming it, and changes nothing', async () => {
    const schema = structuredClone(files['project-owner']!);
    schema.properties.email['x-visibility'] = 'public';
    const res = await publish('project-owner', schema);
    expect(res.status).toBe(422);
    const problem = '"email" holds personal data ("x-pii"): it cannot be "x-visibility": "public" (use "owner", "contact" or "staff")';
    expect(res.body.protected).toEqual([{ field: 'email', problem }]);
    expect(res.body.errors).toContainEqual({ path: 'schema/properties/email', message: problem });
    expect((await api(t.app, 'GET', '/forms/project-owner')).body.version).toBe(1);
  });

  it('refuses to publish a version that drops a personal mark, naming the field', async () => {
    const schema = structuredClone(files.verification!);
    delete schema.properties.nid['x-pii'];
    delete schema.properties.passport['x-pii'];
    schema.properties.passport['x-visibility'] = 'public';
    const res = await publish('verification', schema);
    expect(res.status).toBe(422);
    expect(res.body.protected).toEqual([
      { field: 'nid', problem: '"nid" holds personal data: it must keep "x-pii": true (its mark cannot be removed)' },
      { field: 'passport', problem: '"passport" holds personal data: it must keep "x-pii": true (its mark cannot be removed)' },
      { field: 'passport', problem: '"passport" holds personal data ("x-pii"): it cannot be "x-visibility": "public" (use "owner", "contact" or "staff")' },
    ]);
    // The draft check says the same before a publish is tried.
    const check = await api(t.app, 'POST', '/forms/verification/check', staff, { schema, uiSchema: uiFiles.verification });
    expect(check.body.protected).toEqual(res.body.protected);
    expect((await api(t.app, 'GET', '/forms/verification')).body.version).toBe(1);
    // Kept private, it publishes.
    const fine = structuredClone(files.verification!);
    fine.properties.nid['x-visibility'] = 'staff';
    expect((await publish('verification', fine)).status).toBe(201);
  });
});

describe.each(DB_KINDS)('personal data in a hand-edited form file on %s', (kind) => {
  let t: TestApp;
  let staff: Person;
  beforeAll(async () => {
    t = await startTestApp(kind, {}, editedSchemasDir());
    staff = await makeStaff(t.app);
  });
  afterAll(() => t?.close());

  it('never shows a personal field to the public, whatever the version says; its owner and staff see it', async () => {
    const owner = await verifiedOwner(t.app, staff);
    const form: Schema = { ...fixture('project-owner'), email: 'owner-private@example.com', regen: 123456 };
    const created = await api(t.app, 'POST', '/projects', owner, form);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await api(t.app, 'POST', `/staff/projects/${created.body.id}/review`, staff, { decision: 'approve' })).status).toBe(200);

    const anonymous = await api(t.app, 'GET', `/projects/${created.body.id}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.details.bname).toBe(form.bname);
    expect(anonymous.body.details).not.toHaveProperty('email');
    expect(anonymous.body.details).not.toHaveProperty('regen');
    expect(anonymous.body.details).not.toHaveProperty('nid');
    const list = await api(t.app, 'GET', '/projects');
    expect(JSON.stringify(list.body)).not.toContain('owner-private@example.com');
    const stranger = await verifiedOwner(t.app, staff);
    expect((await api(t.app, 'GET', `/projects/${created.body.id}`, stranger)).body.details).not.toHaveProperty('email');

    for (const who of [owner, staff]) {
      const seen = (await api(t.app, 'GET', `/projects/${created.body.id}`, who)).body.details;
      expect(seen).toMatchObject({ email: 'owner-private@example.com', regen: 123456 });
    }
  });

  it('refuses a publish that drops a mark the shipped file has, though the list does not name the field', async () => {
    const schema = JSON.parse(JSON.stringify((await api(t.app, 'GET', '/forms/project-owner')).body.schema)) as Schema;
    schema.properties.email['x-pii'] = true;
    schema.properties.email['x-visibility'] = 'owner';
    delete schema.properties.regen['x-pii'];
    schema.properties.regen['x-visibility'] = 'owner';
    const res = await api(t.app, 'POST', '/forms/project-owner/publish', staff, { baseVersion: 1, schema, uiSchema: uiFiles['project-owner'], note: 'pii' });
    expect(res.status).toBe(422);
    expect(res.body.protected).toEqual([{ field: 'regen', problem: '"regen" holds personal data: it must keep "x-pii": true (its mark cannot be removed)' }]);
  });
});
