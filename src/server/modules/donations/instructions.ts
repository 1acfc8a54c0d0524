/**
 * Payment instructions: how to pay each method of the donate form, from a JSON file product staff edit
 * (src/server/modules/donations/instructions.json, its schema beside it). Checked at start-up and by `npm run schemas:check`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAjv } from '../../../shared/validation/ajv-setup';
import { repoRoot } from '../../../shared/forms/load-schemas';
import { ConfigError } from '../../config';
import type { PaymentInstructions } from '../../../shared/api/views';
import type { Language } from '../../../shared/i18n/language';
import DONATE_BN from '../../../../schemas/i18n/donate.bn.json';

export const INSTRUCTIONS_SCHEMA_FILE = join(repoRoot(), 'src/server/modules/donations/instructions.schema.json');

/** What the donor reads, per language (a plain text is English, shown in every language). */
export type Saying = string | { en: string; bn?: string };

interface MethodBase {
  summary: Saying;
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

/** A saying in a language: its own words, else the English. */
export function say(saying: Saying, language: Language): string {
  return typeof saying === 'string' ? saying : (saying[language] ?? saying.en);
}

/** The lines' labels in Bengali (the values are the accounts as staff typed them). */
const LABELS_BN: Record<string, string> = {
  'Account name': 'হিসাবের নাম',
  'Account number': 'হিসাব নম্বর',
  Bank: 'ব্যাংক',
  Branch: 'শাখা',
  'Routing number': 'রাউটিং নম্বর',
  Office: 'অফিস',
  'Opening hours': 'খোলার সময়',
  Payee: 'প্রাপক',
  'Send or bring it to': 'যেখানে পাঠাবেন বা নিয়ে আসবেন',
  'merchant number': 'মার্চেন্ট নম্বর',
};

/** The mobile wallets as Bangladeshis write them in Bengali (the glossary's: বিকাশ / নগদ / রকেট). */
const PROVIDERS_BN: Record<string, string> = { bKash: 'বিকাশ', Nagad: 'নগদ', Rocket: 'রকেট', Upay: 'উপায়' };

/** A mobile wallet's name in a language (one not listed keeps the name staff typed). */
export function providerName(provider: string, language: Language): string {
  return language === 'bn' ? (PROVIDERS_BN[provider] ?? provider) : provider;
}

/** The donate form's words: its payment methods as the form shows them ("Mobile Banking" → মোবাইল ব্যাংকিং). */
const DONATE_WORDS: Record<string, string> = DONATE_BN;

/** A payment method (the value stored, "Mobile Banking") as a person reads it in a language. */
export function paymentMethodName(method: string, language: Language): string {
  return language === 'bn' ? (DONATE_WORDS[method] ?? method) : method;
}

/** A line's label in a language (a wallet's is its provider's name and "merchant number"). */
function labelIn(label: string, language: Language): string {
  if (language === 'en') return label;
  const wallet = / merchant number$/.exec(label);
  if (wallet) return `${providerName(label.slice(0, wallet.index), language)} ${LABELS_BN['merchant number']}`;
  return LABELS_BN[label] ?? label;
}

/**
 * The instructions of one method in a language, as label/value lines; null for a method the file does not describe.
 */
export function instructionsFor(file: PaymentInstructionsFile, method: string, language: Language = 'en'): InstructionsView | null {
  const view = (summary: Saying, details: [string, string | undefined][]): InstructionsView => ({
    method,
    summary: say(summary, language),
    details: details.filter((d): d is [string, string] => Boolean(d[1])).map(([label, value]) => ({ label: labelIn(label, language), value })),
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
