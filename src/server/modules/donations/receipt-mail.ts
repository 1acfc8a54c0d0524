/**
 * The receipt e-mail of a pledge, sent when the donor gave an e-mail address ("for your receipt"): what was pledged,
 * the payment reference, how to pay the chosen method (so the e-mail alone is enough to pay), and the receipt's
 * own address, which opens it again on any device without signing in.
 */
import type { PaymentInstructions } from '../../../shared/api/views';
import { formatMoney } from '../../../shared/format/money';
import type { Language } from '../../../shared/i18n/language';
import { mailSubject } from '../notices/service';
import { paymentMethodName } from './instructions';

export interface ReceiptMailInput {
  reference: string;
  amount: string;
  paymentMethod: string;
  projectTitle: string;
  instructions: PaymentInstructions | null;
  /** The receipt's absolute address, key included. */
  link: string;
}

/** The receipt e-mail's own words in each language; the payment details are the platform's, as configured. */
const WORDS = {
  en: {
    thanks: (amount: string, project: string) => `Thank you for your pledge of ${amount} to "${project}".`,
    reference: (ref: string) => `Payment reference: ${ref} (quote it with your payment)`,
    method: (m: string) => `Payment method: ${m}`,
    howTo: (m: string, summary: string) => `How to pay by ${m}: ${summary}`,
    quote: (ref: string) => `  Reference to quote: ${ref}`,
    sample: 'These are sample payment details: the platform has not published its real accounts yet. Do not send money to them; contact us instead.',
    confirm: 'Staff confirm your donation when the money arrives; it shows as raised from then on.',
    open: 'Your receipt, to open again at any time:',
    keep: 'Anyone who has this link can see the receipt (without your name or e-mail): keep it to yourself.',
    subject: (ref: string) => mailSubject(`your donation receipt ${ref}`, 'en'),
  },
  bn: {
    thanks: (amount: string, project: string) => `"${project}" প্রকল্পে ${amount} দানের অঙ্গীকারের জন্য আপনাকে ধন্যবাদ।`,
    reference: (ref: string) => `পেমেন্ট রেফারেন্স: ${ref} (টাকা পাঠানোর সময় এটি উল্লেখ করুন)`,
    method: (m: string) => `পেমেন্টের মাধ্যম: ${m}`,
    howTo: (m: string, summary: string) => `${m} দিয়ে যেভাবে টাকা পাঠাবেন: ${summary}`,
    quote: (ref: string) => `  যে রেফারেন্স উল্লেখ করবেন: ${ref}`,
    sample: 'এগুলো নমুনা পেমেন্ট তথ্য: প্ল্যাটফর্ম এখনো তার আসল হিসাব প্রকাশ করেনি। এগুলোতে টাকা পাঠাবেন না; বরং আমাদের সঙ্গে যোগাযোগ করুন।',
    confirm: 'টাকা পৌঁছালে কর্মীরা আপনার দান নিশ্চিত করবেন; তখন থেকে এটি সংগৃহীত অর্থে দেখাবে।',
    open: 'আপনার রসিদ, যেকোনো সময় আবার খোলার জন্য:',
    keep: 'এই লিংক যাঁর কাছে থাকবে তিনিই রসিদটি দেখতে পারবেন (আপনার নাম বা ইমেইল ছাড়া): লিংকটি নিজের কাছে রাখুন।',
    subject: (ref: string) => mailSubject(`আপনার দানের রসিদ ${ref}`, 'bn'),
  },
} satisfies Record<Language, unknown>;

/** The subject and plain text of the receipt e-mail, in the donor's language (English unless told). */
export function receiptMail(r: ReceiptMailInput, language: Language = 'en'): { subject: string; text: string } {
  const w = WORDS[language];
  const lines = [w.thanks(formatMoney(r.amount, language), r.projectTitle), '', w.reference(r.reference), w.method(paymentMethodName(r.paymentMethod, language))];
  const how = r.instructions;
  if (how) {
    lines.push('', w.howTo(paymentMethodName(how.method, language), how.summary));
    for (const d of how.details) lines.push(`  ${d.label}: ${d.value}`);
    lines.push(w.quote(r.reference));
    if (how.sample) lines.push('', w.sample);
  }
  lines.push('', w.confirm, '', w.open, r.link, w.keep);
  return { subject: w.subject(r.reference), text: lines.join('\n') };
}
