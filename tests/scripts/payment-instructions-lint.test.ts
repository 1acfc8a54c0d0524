/**
 * The payment instructions file is checked by the schema lint: the shipped file passes, a broken copy is reported
 * with its place, and `npm run schemas:check` fails on it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { lintPaymentInstructions } from '../../scripts/lib/schema-lint';
import { loadSchemas } from '../../src/shared/forms/load-schemas';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- free-form JSON edits

const ROOT = resolve(import.meta.dirname, '../..');
const read = (file: string): Json => JSON.parse(readFileSync(join(ROOT, file), 'utf8'));
const shipped = () => read('src/server/modules/donations/instructions.json');
const schema = read('src/server/modules/donations/instructions.schema.json');
const lint = (data: Json, donate: Json = loadSchemas().donate as Json) =>
  lintPaymentInstructions(data, schema, donate).map((p) => `${p.file} ${p.pointer}: ${p.message}`);
const tmp = mkdtempSync(join(tmpdir(), 'instructions-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('payment instructions lint', () => {
  it('passes the shipped file, which says its accounts are samples', () => {
    expect(lint(shipped())).toEqual([]);
    expect(shipped().sample).toBe(true);
  });

  it('reports a bad routing number, a missing method and an unknown field with their places', () => {
    const data = shipped();
    data.methods.Bank.routingNumber = '12345';
    delete data.methods.Cheque;
    data.methods.Cash.phone = '017';
    expect(lint(data)).toEqual([
      'src/server/modules/donations/instructions.json /methods: must have required property \'Cheque\'',
      'src/server/modules/donations/instructions.json /methods/Bank/routingNumber: must match pattern "^[0-9]{9}$"',
      'src/server/modules/donations/instructions.json /methods/Cash: must NOT have additional properties ("phone")',
      'src/server/modules/donations/instructions.json /methods: the donate form offers "Cheque" but it has no instructions: add methods["Cheque"]',
    ]);
  });

  it('reports a summary a Bengali reader would read in English', () => {
    const data = shipped();
    data.methods.Cash.summary = 'Bring the cash to our office.';
    data.methods.Bank.summary = { en: 'Transfer it.' };
    data.methods.Card.summary = { en: 'Pay by card.', bn: 'Pay by card.' };
    expect(lint(data)).toEqual([
      'src/server/modules/donations/instructions.json /methods/Bank/summary: has no Bengali: write it as { "en": "…", "bn": "…" }',
      'src/server/modules/donations/instructions.json /methods/Cash/summary: has no Bengali: write it as { "en": "…", "bn": "…" }',
      'src/server/modules/donations/instructions.json /methods/Card/summary: its Bengali repeats the English',
    ]);
  });

  it('reports a method the donate form offers that has no instructions', () => {
    const donate = structuredClone(loadSchemas().donate) as Json;
    donate.allOf[0].then.properties.paymentMethod.enum.push('Rocket');
    expect(lint(shipped(), donate)).toContain('src/server/modules/donations/instructions.json /methods: the donate form offers "Rocket" but it has no instructions: add methods["Rocket"]');
  });

  it('makes npm run schemas:check fail on a broken file', async () => {
    const data = shipped();
    data.methods['Mobile Banking'].wallets[0].merchantNumber = 'call us';
    const file = join(tmp, 'broken.json');
    writeFileSync(file, JSON.stringify(data));
    const err = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/schemas-check.ts'], {
      cwd: ROOT,
      env: { ...process.env, PAYMENT_INSTRUCTIONS_FILE: file },
    }).then(() => null, (e: { code: number; stderr: string }) => e);
    expect(err?.code).toBe(1);
    expect(err?.stderr).toContain(`${file} /methods/Mobile Banking/wallets/0/merchantNumber: must match pattern`);
  }, 60_000);
});
