/** Rows → answers: what the agreements' routes send (their schemas are in schemas.ts). */
import type { AgreementRequestForm } from '../../../shared/generated/form-types';
import type { AgreementConsentView, AgreementDocumentView, ConsentParty } from '../../../shared/api/views';
import { consentStatement } from '../../../shared/agreement/content';
import { lateCharge } from '../../../shared/domain/late-charge';
import { fromPaisa, toPaisa } from '../../../shared/domain/money';
import { addDays, type CalendarDate } from '../../../shared/format/dhaka-calendar';
import type { AgreementRow } from './queries/requests';
import type { DocumentRow } from './queries/documents';
import type { InstalmentRow } from './queries/instalments';
import type { LateChargeRow } from './queries/late-charges';
import type { CharityChargeRow } from './queries/staff';

export type DocumentView = AgreementDocumentView;

/** The documents a stored form lists, each with the id of its stored file. */
export function documentsOf(doc: unknown): { description: string; fileId: string | null }[] {
  const docs = (doc as { documents?: { description?: string; file?: string }[] } | null)?.documents ?? [];
  return docs.map((d) => ({ description: d.description ?? '', fileId: d.file?.startsWith('file:') ? d.file.slice(5) : null }));
}

/** A proposal card: what the owner and the investor see of a request. */
export function agreementView(row: AgreementRow, fileNames: Map<string, string> = new Map(), documents: Map<string, DocumentView> = new Map()) {
  const d = row.data as Partial<AgreementRequestForm>;
  const withNames = (list: ReturnType<typeof documentsOf>) =>
    list.map((x) => ({ ...x, fileName: x.fileId ? (fileNames.get(x.fileId) ?? null) : null }));
  return {
    id: row.id,
    projectId: row.project_id,
    status: row.status,
    investDate: d.investDate ?? null,
    investorType: d.investorType ?? null,
    investorName: d.investorName ?? null,
    investorAddress: d.investorAddress ?? null,
    amount: row.amount,
    currency: 'BDT',
    investmentType: row.investment_type,
    documents: withNames(documentsOf(row.data)),
    acceptanceDocuments: withNames(documentsOf(row.acceptance)),
    declineReason: row.decline_reason,
    /** The stored request and acceptance forms, shown from their schemas by the browser's read-only view. */
    data: row.data as Record<string, unknown>,
    acceptance: (row.acceptance ?? null) as Record<string, unknown> | null,
    formVersion: row.form_version,
    acceptanceFormVersion: row.acceptance_form_version,
    decidedAt: row.decided_at?.toISOString() ?? null,
    cancelledAt: row.cancelled_at?.toISOString() ?? null,
    cancelReason: row.cancel_reason,
    createdAt: row.created_at.toISOString(),
    /** The Murabaha agreement document, once accepted (null for a donation-type proposal, which has no schedule). */
    document: documents.get(row.id) ?? null,
  };
}

export const documentFileName = (number: string) => `${number}-murabaha-agreement.pdf`;

/** The view of one agreement's document from its `documentJson` value. */
export function documentView(agreementId: string, d: DocumentRow | null): DocumentView | null {
  if (!d) return null;
  const { terms } = d;
  const nameOf = (party: ConsentParty) => (party === 'investor' ? terms.investor.name : terms.owner.name);
  const consentOf = (party: ConsentParty): AgreementConsentView | null => {
    const c = d.consents.find((x) => x.party === party);
    return c ? { party, name: nameOf(party), sha256: c.sha256, statement: c.statement, at: new Date(c.at).toISOString() } : null;
  };
  return {
    number: d.number,
    fileName: documentFileName(d.number),
    path: `/agreement-requests/${agreementId}/document.pdf`,
    sha256: d.sha256,
    statements: { investor: consentStatement('investor', terms), owner: consentStatement('owner', terms) },
    consents: { investor: consentOf('investor'), owner: consentOf('owner') },
  };
}

/** The charge in taka: what it has accrued to `today` while accruing, its fixed amount once the instalment is paid. */
export function chargeAmount(c: Pick<LateChargeRow, 'status' | 'amount' | 'overdue_amount' | 'due_on' | 'grace_days' | 'rate_pa'>, today: CalendarDate): string {
  if (c.status !== 'accruing') return c.amount!;
  return fromPaisa(lateCharge({ overduePaisa: toPaisa(c.overdue_amount), dueDate: c.due_on, graceDays: c.grace_days, ratePa: c.rate_pa, asOf: today }));
}

/** A charge as its owner (and staff) read it. */
export function lateChargeView(c: LateChargeRow, today: CalendarDate) {
  return {
    id: c.id,
    status: c.status,
    /** Accrued to today while accruing; fixed once the instalment is marked paid. */
    amount: chargeAmount(c, today),
    currency: 'BDT',
    ratePa: c.rate_pa,
    graceDays: c.grace_days,
    /** The first day that accrues a charge. */
    accruesFrom: addDays(c.due_on, c.grace_days + 1),
    paidOn: c.paid_on,
    settledAt: c.settled_at?.toISOString() ?? null,
    reference: c.reference,
    /** Who the money is owed to: always the platform's charity account. */
    owedTo: 'charity' as const,
  };
}

/** `charge`: the owner's late charge for charity on it (never shown as the investor's, never in a return). */
export function instalmentView(r: InstalmentRow, charge?: ReturnType<typeof lateChargeView> | null) {
  return {
    id: r.id,
    agreementId: r.agreement_id,
    projectId: r.project_id,
    projectTitle: r.project_title,
    investorName: r.investor_name,
    principal: r.agreement_amount,
    seq: r.seq,
    dueOn: r.due_on,
    amount: r.amount,
    currency: 'BDT',
    status: r.status,
    /** Still due after its due date (marked by the scheduled job). */
    overdue: r.status === 'due' && r.overdue_at !== null,
    paidAt: r.paid_at?.toISOString() ?? null,
    confirmedAt: r.confirmed_at?.toISOString() ?? null,
    /** How the owner paid (the instalment-paid form's answer), seen by both parties; null while due. */
    payment: r.payment,
    paymentFormVersion: r.payment_form_version,
    /** Its agreement is in default (an instalment overdue DEFAULT_AFTER_DAYS): since when, or null. */
    agreementInDefaultSince: r.in_default_since?.toISOString() ?? null,
    ...(charge !== undefined ? { lateCharge: charge } : {}),
  };
}

/** A late charge in the charity account's lists. */
export function charityChargeView(c: CharityChargeRow, today: CalendarDate) {
  return {
    ...lateChargeView(c, today),
    instalmentId: c.instalment_id,
    instalmentSeq: c.seq,
    agreementId: c.agreement_id,
    projectId: c.project_id,
    projectTitle: c.title,
    ownerEmail: c.owner_email,
    overdueAmount: c.overdue_amount,
    dueOn: c.due_on,
    settledBy: c.settled_by_email,
    note: c.note,
  };
}

/** A payment out of the charity account. */
export function disbursementView(d: { id: string; amount: string; recipient: string; reference: string; paid_on: string; note: string | null }) {
  return { id: d.id, amount: d.amount, recipient: d.recipient, reference: d.reference, paidOn: d.paid_on, note: d.note };
}
