/**
 * Payment instructions: how to pay each method of the donate form, from a JSON file product staff edit
 * (src/server/payments/instructions.json, its schema beside it). Checked at start-up and by `npm run schemas:check`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAjv } from '../../shared/validation/ajv-setup';
import { repoRoot } from '../../shared/forms/load-schemas';
import { ConfigError } from '../config';
import type { PaymentInstructions } from '../../shared/api/views';
import { arrayOf, boolean, object, string } from '../routes/schemas';

export const INSTRUCTIONS_SCHEMA_FILE = join(repoRoot(), 'src/server/payments/instructions.schema.json');

interface MethodBase {
  summary: string;
  payOnline: boolean;
}

/** The file's shape (its schema is the authority; this is what the code reads). */
export interface PaymentInstructionsFile {
  sample: boolean;
  methods: {
    'Mobile Banking': MethodBase & { wallets: { provider: string; merchantNumber: string }[] };
    Bank: MethodBase & { accountName: string; accountNumber: string; bank: string; branch: string; routingNumber: string };
    Cash: MethodBase & { officeAddress: string; hours: string };
    Cheque: MethodBase & { payee: string; deliverTo: string };
    Card: MethodBase & { officeAddress?: string };
  };
}

/** What a receipt shows for its method (the shape the client reads). */
export type InstructionsView = PaymentInstructions;

/** The schema of instructionsFor's answer. */
export const instructionsSchema = object({ method: string, summary: string, details: arrayOf(object({ label: string, value: string })), sample: boolean });

/** Reads and checks the instructions file; a bad file stops the server with the file, the place and the problem. */
export function loadPaymentInstructions(file: string): PaymentInstructionsFile {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ConfigError(`PAYMENT_INSTRUCTIONS_FILE ${file} could not be read as JSON: ${(err as Error).message}`);
  }
  const validate = createAjv().compile(JSON.parse(readFileSync(INSTRUCTIONS_SCHEMA_FILE, 'utf8')) as object);
  if (!validate(data)) {
    const where = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`).join('; ');
    throw new ConfigError(`PAYMENT_INSTRUCTIONS_FILE ${file} is not valid: ${where}`);
  }
  return data as PaymentInstructionsFile;
}

/** The instructions of one method, as label/value lines; null for a method the file does not describe. */
export function instructionsFor(file: PaymentInstructionsFile, method: string): InstructionsView | null {
  const view = (summary: string, details: [string, string | undefined][]): InstructionsView => ({
    method,
    summary,
    details: details.filter((d): d is [string, string] => Boolean(d[1])).map(([label, value]) => ({ label, value })),
    sample: file.sample,
  });
  const m = file.methods;
  switch (method) {
    case 'Mobile Banking':
      return view(m['Mobile Banking'].summary, m['Mobile Banking'].wallets.map((w) => [`${w.provider} merchant number`, w.merchantNumber]));
    case 'Bank':
      return view(m.Bank.summary, [
        ['Account name', m.Bank.accountName],
        ['Account number', m.Bank.accountNumber],
        ['Bank', m.Bank.bank],
        ['Branch', m.Bank.branch],
        ['Routing number', m.Bank.routingNumber],
      ]);
    case 'Cash':
      return view(m.Cash.summary, [['Office', m.Cash.officeAddress], ['Opening hours', m.Cash.hours]]);
    case 'Cheque':
      return view(m.Cheque.summary, [['Payee', m.Cheque.payee], ['Send or bring it to', m.Cheque.deliverTo]]);
    case 'Card':
      return view(m.Card.summary, [['Office', m.Card.officeAddress]]);
    default:
      return null;
  }
}

/** Whether the file lets a method be paid through the hosted-checkout gateway. */
export function payableOnline(file: PaymentInstructionsFile, method: string): boolean {
  return (file.methods as Record<string, MethodBase | undefined>)[method]?.payOnline === true;
}
