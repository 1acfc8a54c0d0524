/** The server refuses to start on a broken payment instructions file, naming the file, the place and the problem. */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/server/config';
import { instructionsFor, loadPaymentInstructions } from '../../src/server/modules/donations/instructions';

const dir = mkdtempSync(join(tmpdir(), 'instructions-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const shipped = loadConfig({}).paymentInstructionsFile;

describe('payment instructions at start-up', () => {
  it('reads the shipped file', () => {
    const file = loadPaymentInstructions(shipped);
    expect(instructionsFor(file, 'Cheque')?.details.map((d) => d.label)).toEqual(['Payee', 'Send or bring it to']);
    expect(instructionsFor(file, 'Bitcoin')).toBeNull();
  });

  it('stops on a file that breaks its schema, or is not JSON', () => {
    const data = JSON.parse(readFileSync(shipped, 'utf8'));
    data.methods.Bank.routingNumber = 'ABC';
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify(data));
    expect(() => loadPaymentInstructions(bad)).toThrow(`PAYMENT_INSTRUCTIONS_FILE ${bad} is not valid: /methods/Bank/routingNumber must match pattern "^[0-9]{9}$"`);
    writeFileSync(bad, '{ nope');
    expect(() => loadPaymentInstructions(bad)).toThrow(/could not be read as JSON/);
  });

  it('refuses a gateway without its settings', () => {
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'sslcommerz', SSLCOMMERZ_STORE_ID: 'x', SSLCOMMERZ_STORE_PASSWORD: 'y' })).toThrow(/SSLCOMMERZ_URL/);
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'paypal' })).toThrow(/PAYMENT_GATEWAY must be one of off, sslcommerz/);
    expect(loadConfig({}).paymentGateway).toBe('off');
  });
});
