/** What the donations module answers: a donation, its receipt, a donation of the refund queue, a gateway callback. */
import type { Selectable } from 'kysely';
import type { DonationsTable, GatewayOutcome } from '../../db/schema';
import type { DonateForm } from '../../../shared/generated/form-types';
import type { Language } from '../../../shared/i18n/language';
import { bengaliDigits } from '../../../shared/format/digits';
import type { Payments } from './plugin';
import type { RefundRow, RefundStatus } from './queries/refunds';

/**
 * The notes the system writes on a donation (an expired pledge, a payment the gateway confirmed, a pledge of a campaign
 * that missed its goal), stored in English like a note staff type, said in the reader's language when read.
 */
const SYSTEM_NOTES_BN: [RegExp, (...parts: string[]) => string][] = [
  [/^Not paid within (\d+) days\.$/, (days) => `${bengaliDigits(days)} দিনের মধ্যে পরিশোধ করা হয়নি।`],
  [/^Paid online through SSLCommerz \((.+)\)\.$/s, (ids) => `SSLCommerz-এর মাধ্যমে অনলাইনে পরিশোধ করা হয়েছে (${ids})।`],
  [/^The all-or-nothing campaign ended below its goal: do not pay this pledge\.$/, () => '‘সব অথবা কিছুই না’ ক্যাম্পেইনটি লক্ষ্যে না পৌঁছেই শেষ হয়েছে: এই অঙ্গীকারের টাকা পরিশোধ করবেন না।'],
];

/** A donation's note in a language: a note the system wrote in Bengali for `bn`; one staff typed as it was typed. */
export function donationNote(note: string | null, language: Language): string | null {
  if (note === null || language !== 'bn') return note;
  for (const [pattern, say] of SYSTEM_NOTES_BN) {
    const m = pattern.exec(note);
    if (m) return say(...m.slice(1));
  }
  return note;
}

/** A donation as shown to its donor (and, with contact details, to staff), its system notes in the reader's language. */
export function donationView(row: Selectable<DonationsTable>, forStaff = false, language: Language = 'en') {
  const data = row.data as Partial<DonateForm>;
  return {
    id: row.id,
    reference: row.reference,
    projectId: row.project_id,
    status: row.status,
    amount: row.amount,
    currency: 'BDT',
    paymentMethod: row.payment_method,
    anonymous: row.anonymous,
    donorName: row.anonymous ? 'Anonymous' : (data.name ?? null),
    formVersion: row.form_version,
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    note: donationNote(row.staff_note, language),
    ...(forStaff ? { email: data.email ?? null, name: data.name ?? null } : {}),
  };
}

/** A donation in a list, with its project's title. */
export function listedDonationView(row: Selectable<DonationsTable> & { project_title: string }, forStaff: boolean, language: Language) {
  return { ...donationView(row, forStaff, language), projectTitle: row.project_title };
}

function withoutContact(data: Partial<DonateForm>): Partial<DonateForm> {
  const { name: _name, email: _email, ...rest } = data;
  return rest;
}

/** The receipt: the donation, how to pay its method (in the reader's language), and whether "Pay now" is offered. */
export function receiptView(payments: Payments, row: Selectable<DonationsTable>, projectTitle: string, withContact: boolean, language: Language) {
  const view = donationView(row, false, language);
  const data = row.data as Partial<DonateForm>;
  return {
    ...view,
    ...(withContact ? {} : { donorName: row.anonymous ? 'Anonymous' : null }),
    projectTitle,
    instructions: payments.instructionsFor(row.payment_method, language),
    payOnline: row.status === 'pledged' && payments.canPayOnline(row.payment_method, row.amount),
    ...(withContact ? { email: data.email ?? null } : {}),
    /** The stored donate form, shown from its schema; without the donor's contact when the viewer is not the donor. */
    data: withContact ? data : withoutContact(data),
  };
}

/** One donation of the refund queue: what to send back, to whom, how they paid, and the refund once recorded. */
export function refundView(r: RefundRow) {
  const data = r.data as Partial<DonateForm>;
  return {
    id: r.id,
    reference: r.reference,
    status: r.status as RefundStatus,
    amount: r.amount,
    currency: 'BDT',
    paymentMethod: r.payment_method,
    donorName: data.name ?? null,
    email: r.donor_email ?? data.email ?? null,
    phone: r.donor_phone ?? null,
    projectId: r.project_id,
    projectTitle: r.project_title,
    confirmedAt: r.decided_at?.toISOString() ?? null,
    closedAt: r.closed_at?.toISOString() ?? null,
    refundReference: r.refund_reference,
    refundedAt: r.refunded_at?.toISOString() ?? null,
    refundedBy: r.refunded_by,
  };
}

/** A gateway callback as staff read it. */
export function gatewayEventView(r: {
  id: string; gateway: string; kind: string; tran_id: string | null; val_id: string | null; reference: string | null;
  outcome: GatewayOutcome; reason: string; amount: string | null; currency: string | null; created_at: Date;
}) {
  return {
    id: r.id,
    gateway: r.gateway,
    kind: r.kind,
    tranId: r.tran_id,
    valId: r.val_id,
    reference: r.reference,
    outcome: r.outcome,
    reason: r.reason,
    amount: r.amount,
    currency: r.currency,
    at: r.created_at.toISOString(),
  };
}
