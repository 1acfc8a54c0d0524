/**
 * The receipt e-mail of a pledge, sent when the donor gave an e-mail address ("for your receipt"): what was pledged,
 * the payment reference, how to pay the chosen method (so the e-mail alone is enough to pay), and the receipt's
 * own address, which opens it again on any device without signing in.
 */
import type { PaymentInstructions } from '../../shared/api/views';
import { formatMoney } from '../../shared/domain/money';

export interface ReceiptMailInput {
  reference: string;
  amount: string;
  paymentMethod: string;
  projectTitle: string;
  instructions: PaymentInstructions | null;
  /** The receipt's absolute address, key included. */
  link: string;
}

/** The subject and plain text of the receipt e-mail. */
export function receiptMail(r: ReceiptMailInput): { subject: string; text: string } {
  const lines = [
    `Thank you for your pledge of ${formatMoney(r.amount)} to "${r.projectTitle}".`,
    '',
    `Payment reference: ${r.reference} (quote it with your payment)`,
    `Payment method: ${r.paymentMethod}`,
  ];
  const how = r.instructions;
  if (how) {
    lines.push('', `How to pay by ${how.method}: ${how.summary}`);
    for (const d of how.details) lines.push(`  ${d.label}: ${d.value}`);
    lines.push(`  Reference to quote: ${r.reference}`);
    if (how.sample) lines.push('', 'These are sample payment details: the platform has not published its real accounts yet. Do not send money to them; contact us instead.');
  }
  lines.push(
    '',
    'Staff confirm your donation when the money arrives; it shows as raised from then on.',
    '',
    'Your receipt, to open again at any time:',
    r.link,
    'Anyone who has this link can see the receipt (without your name or e-mail): keep it to yourself.',
  );
  return { subject: `Halal Fund: your donation receipt ${r.reference}`, text: lines.join('\n') };
}
