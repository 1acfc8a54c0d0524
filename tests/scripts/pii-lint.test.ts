/**
 * Personal data cannot be published by a schema edit (issue 31 §7): the schema lint, and `npm run schemas:check`
 * on a copy of the schemas, refuse a personal field marked public and a personal field whose "x-pii" mark is gone,
 * naming the field; "x-pii" itself is only `true`, on a field.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { lintForms } from '../../scripts/lib/schema-lint';
import { loadSchemas, loadUiSchemas } from '../../src/shared/forms/load-schemas';
import { PII_FIELDS, piiMarked } from '../../src/shared/forms/pii';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- free-form JSON edits

const ROOT = resolve(import.meta.dirname, '../..');
const tmp = mkdtempSync(join(tmpdir(), 'pii-lint-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function forms(): { schemas: Record<string, Json>; ui: Record<string, Json> } {
  return { schemas: structuredClone(loadSchemas()), ui: structuredClone(loadUiSchemas()) };
}
const messages = async (schemas: Record<string, Json>, ui: Record<string, Json>) => (await lintForms(schemas, ui)).map((p) => `${p.file} ${p.pointer}: ${p.message}`);

describe('personal data in the schemas', () => {
  it('marks every listed personal field "x-pii": true in the shipped schemas', () => {
    const schemas = loadSchemas();
    for (const [form, fields] of Object.entries(PII_FIELDS)) expect([...piiMarked(schemas[form])].sort(), form).toEqual([...fields].sort());
  });

  it('refuses a personal field marked public, and one whose mark is removed, naming the field', async () => {
    const { schemas, ui } = forms();
    schemas.verification!.properties.nid['x-visibility'] = 'public';
    delete schemas['project-owner']!.properties.email['x-pii'];
    // A field the shipped list does not name, marked personal and public in the same edit.
    schemas['project-owner']!.properties.regen['x-pii'] = true;
    schemas['project-owner']!.properties.regen['x-visibility'] = 'public';
    expect(await messages(schemas, ui)).toEqual([
      'schemas/project-owner.schema.json /properties/email: "email" holds personal data: it must keep "x-pii": true (its mark cannot be removed)',
      'schemas/project-owner.schema.json /properties/regen: "regen" holds personal data ("x-pii"): it cannot be "x-visibility": "public" (use "owner", "contact" or "staff")',
      'schemas/verification.schema.json /properties/nid: "nid" holds personal data ("x-pii"): it cannot be "x-visibility": "public" (use "owner", "contact" or "staff")',
    ]);
  });

  it('accepts a personal field kept private, or shared as a contact detail', async () => {
    const { schemas, ui } = forms();
    schemas.verification!.properties.nid['x-visibility'] = 'staff';
    schemas['project-owner']!.properties.phone['x-visibility'] = 'contact';
    expect(await messages(schemas, ui)).toEqual([]);
  });

  it('checks "x-pii": true only, on a field only', async () => {
    const { schemas, ui } = forms();
    schemas.profile!.properties.email['x-pii'] = false;
    schemas.profile!['x-pii'] = true;
    expect(await messages(schemas, ui)).toEqual([
      'schemas/profile.schema.json /x-pii: "x-pii" belongs on a field (a property of the form)',
      'schemas/profile.schema.json /properties/email/x-pii: "x-pii" must be true (a field holding personal data keeps its mark)',
      'schemas/profile.schema.json /properties/email: "email" holds personal data: it must keep "x-pii": true (its mark cannot be removed)',
    ]);
  });

  it('makes npm run schemas:check fail with the field named', async () => {
    const dir = join(tmp, 'schemas');
    cpSync(join(ROOT, 'schemas'), dir, { recursive: true });
    const file = join(dir, 'verification.schema.json');
    const schema = JSON.parse(readFileSync(file, 'utf8')) as Json;
    schema.properties.passport['x-visibility'] = 'public';
    delete schema.properties.nidImage['x-pii'];
    writeFileSync(file, JSON.stringify(schema, null, 2));
    const err = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/schemas-check.ts'], { cwd: ROOT, env: { ...process.env, SCHEMAS_DIR: dir } }).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(err?.code).toBe(1);
    expect(err?.stderr).toContain('schemas/verification.schema.json /properties/passport: "passport" holds personal data ("x-pii"): it cannot be "x-visibility": "public"');
    expect(err?.stderr).toContain('schemas/verification.schema.json /properties/nidImage: "nidImage" holds personal data: it must keep "x-pii": true');
    expect(err?.stderr).toContain('schemas:check: 2 problem(s)');
  }, 120_000);
});
