/**
 * `npm run schemas:check` refuses a form whose words are not all in Bengali (issue 29 §2): a missing text, a
 * Bengali message that only repeats the English, a word kept for a text the form no longer has, a missing file.
 */
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { loadSchemas, loadTranslations, loadUiSchemas } from '../../src/shared/forms/load-schemas';
import { lintTranslations } from '../../src/shared/i18n/translation-lint';

const ROOT = resolve(import.meta.dirname, '../..');

function lint(edit: (t: ReturnType<typeof loadTranslations>, schemas: Record<string, any>) => void): string[] { // eslint-disable-line @typescript-eslint/no-explicit-any -- free-form JSON edits
  const schemas = structuredClone(loadSchemas());
  const translations = structuredClone(loadTranslations());
  edit(translations, schemas);
  return lintTranslations(schemas, loadUiSchemas(), translations).map((p) => `${p.file} ${p.pointer}: ${p.message}`);
}

describe('the translation lint', () => {
  it('passes the forms as committed: every text of all of them has its Bengali', () => {
    expect(lint(() => {})).toEqual([]);
    expect(Object.keys(loadTranslations()).sort()).toEqual(Object.keys(loadSchemas()).sort());
  });

  it('refuses a missing word, a message that repeats the English, a stale word and a missing file', () => {
    expect(
      lint((t, schemas) => {
        delete t['sign-up']!.bn!['Confirm Password'];
        t['sign-up']!.bn!['Passwords do not match'] = 'Passwords do not match';
        schemas['sign-in'].properties.password.errorMessage.type = 'Please type your password';
        delete t['newsletter'];
      }),
    ).toEqual([
      'schemas/i18n/newsletter.bn.json : the form has no Bengali words: add schemas/i18n/newsletter.bn.json with a translation of each of its 7 texts',
      'schemas/i18n/sign-in.bn.json /Please type your password: no Bengali for "Please type your password" (schemas/sign-in.schema.json /properties/password/errorMessage/type)',
      'schemas/i18n/sign-up.bn.json /Confirm Password: no Bengali for "Confirm Password" (schemas/sign-up.schema.json /properties/retype_password/title)',
      'schemas/i18n/sign-up.bn.json /Passwords do not match: the Bengali message only repeats the English "Passwords do not match": translate it',
    ]);
  });

  it('refuses a word kept for a text the form no longer has; a label may stay the same (a brand name)', () => {
    expect(
      lint((t, schemas) => {
        schemas['instalment-paid'].oneOf = undefined;
        t['instalment-paid']!.bn!['bKash'] = 'bKash';
        t['verify-otp']!.bn!['Old words'] = 'পুরোনো কথা';
      }),
    ).toEqual(['schemas/i18n/verify-otp.bn.json /Old words: "Old words" is no text of this form (its English changed or went): translate the current text instead']);
  });

  it('makes npm run schemas:check fail on a copy with a missing word', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'translation-lint-'));
    try {
      cpSync(join(ROOT, 'schemas'), dir, { recursive: true });
      const file = join(dir, 'i18n/verify-otp.bn.json');
      const words = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      delete words['Verify'];
      writeFileSync(file, JSON.stringify(words));
      const run = promisify(execFile);
      const err = await run(process.execPath, ['--import', 'tsx', 'scripts/schemas-check.ts'], { cwd: ROOT, env: { ...process.env, SCHEMAS_DIR: dir } }).then(
        () => null,
        (e: { code: number; stderr: string }) => e,
      );
      expect(err?.code).toBe(1);
      expect(err?.stderr).toContain('schemas/i18n/verify-otp.bn.json /Verify: no Bengali for "Verify"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
