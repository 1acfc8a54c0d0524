/** What the agreements' routes answer and take, as JSON Schema (the views' contracts; views.ts makes the answers). */
import { OWN_PAGE_QUERY } from '../../db/cursor';
import {
  arrayOf, boolean, date, dateOrNull, dateTime, dateTimeOrNull, freeForm, integer, integerOrNull, money, nextCursor, object, pageOf, string, stringOrNull, uuid, uuidOrNull,
} from '../../routes/schemas';

const AGREEMENT_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn', 'expired', 'cancelled'];
const documentRefSchema = object({ description: string, fileId: uuidOrNull, fileName: stringOrNull });

/** A party's consent (AgreementConsentView). */
export const consentSchema = object({
  party: { type: 'string', enum: ['investor', 'owner'] },
  name: string,
  sha256: string,
  statement: string,
  at: dateTime,
});

/** The schema of documentView's answer. */
export const documentSchema = object({
  number: string,
  fileName: string,
  path: { ...string, description: 'Under /api/v1; needs the session.' },
  sha256: string,
  statements: object({ investor: string, owner: string }),
  consents: object({ investor: { ...consentSchema, type: ['object', 'null'] }, owner: { ...consentSchema, type: ['object', 'null'] } }),
});

/** The schema of agreementView's answer. */
export const agreementSchema = object({
  id: uuid,
  projectId: uuid,
  status: { type: 'string', enum: AGREEMENT_STATUSES },
  investDate: stringOrNull,
  investorType: stringOrNull,
  investorName: stringOrNull,
  investorAddress: stringOrNull,
  amount: money,
  currency: { type: 'string', enum: ['BDT'] },
  investmentType: string,
  documents: arrayOf(documentRefSchema),
  acceptanceDocuments: arrayOf(documentRefSchema),
  declineReason: stringOrNull,
  // Free-form: the stored agreement-request and agreement-accept forms, in the fields of the form versions they were
  // validated with (formVersion, acceptanceFormVersion); the browser shows them from those versions' schemas.
  data: freeForm('The stored agreement-request form (its version: formVersion).'),
  acceptance: { ...freeForm('The stored agreement-accept form (its version: acceptanceFormVersion); null until accepted.'), type: ['object', 'null'] },
  formVersion: integer,
  acceptanceFormVersion: integerOrNull,
  decidedAt: dateTimeOrNull,
  cancelledAt: dateTimeOrNull,
  cancelReason: { type: ['string', 'null'], enum: ['cooling_off', 'goal_not_reached', null] },
  createdAt: dateTime,
  document: { ...documentSchema, type: ['object', 'null'] },
});

/** A project's proposal cards, as its owner and staff read them. */
export const projectRequestsSchema = object({
  project: object({ id: uuid, title: string, status: string }),
  totalInvestors: integer,
  backers: integer,
  waiting: integer,
  items: arrayOf(agreementSchema),
  nextCursor,
});

/** A project's requests' page query: the shared page query and one state to keep. */
export const projectRequestsQuery = { ...OWN_PAGE_QUERY, properties: { status: { type: 'string', enum: AGREEMENT_STATUSES }, ...OWN_PAGE_QUERY.properties } };

/** The requests an investor sent, with until when each may be cancelled. */
export const myRequestsSchema = pageOf(
  object({ ...agreementSchema.properties, projectTitle: string, cancellableUntil: { ...dateTimeOrNull, description: 'Until when I may still cancel it (cooling-off); null when I may not.' } }),
);

/** One agreement as its page shows it: the proposal card, the project's title, the reader's part and the terms. */
export const agreementPageSchema = object({
  ...agreementSchema.properties,
  projectTitle: string,
  viewerParty: { type: ['string', 'null'], enum: ['investor', 'owner', null], description: 'Null for staff.' },
  // Free-form: the terms exactly as stored when the document was made (shared/agreement/terms.ts at that time): an
  // old document's terms keep the shape they were made with, and the page shows them as they are.
  terms: { ...freeForm('The terms the document was made from (null before there is a document).'), type: ['object', 'null'] },
});

/** The schema of lateChargeView's answer. */
export const lateChargeSchema = object({
  id: uuid,
  status: string,
  amount: money,
  currency: { type: 'string', enum: ['BDT'] },
  ratePa: { ...string, description: 'Percent a year, as a decimal string.' },
  graceDays: integer,
  accruesFrom: date,
  paidOn: dateOrNull,
  settledAt: dateTimeOrNull,
  reference: stringOrNull,
  owedTo: { type: 'string', enum: ['charity'] },
});

/** The schema of instalmentView's answer (`lateCharge` only in the owner's answers). */
export const instalmentSchema = object(
  {
    id: uuid,
    agreementId: uuid,
    projectId: uuid,
    projectTitle: string,
    investorName: stringOrNull,
    principal: money,
    seq: integer,
    dueOn: date,
    amount: money,
    currency: { type: 'string', enum: ['BDT'] },
    status: { type: 'string', enum: ['due', 'paid', 'confirmed'] },
    overdue: boolean,
    paidAt: dateTimeOrNull,
    confirmedAt: dateTimeOrNull,
    // Free-form: the stored instalment-paid form (method, reference…), in the fields of its version
    // (paymentFormVersion), shown from that version's schema; null while due.
    payment: { ...freeForm('How the owner paid: the stored instalment-paid form; null while due.'), type: ['object', 'null'] },
    paymentFormVersion: integerOrNull,
    agreementInDefaultSince: dateTimeOrNull,
    lateCharge: { ...lateChargeSchema, type: ['object', 'null'], description: "Owner only: the owner's late charge for charity on it." },
  },
  ['lateCharge'],
);

const statusSums = (item: object) => object({ scheduled: item, due: item, paid: item, confirmed: item });

/** A page of a person's instalments, with the totals and counts of all of them (`lateCharges` for the owner). */
export const schedulePageSchema = object(
  {
    items: arrayOf(instalmentSchema),
    nextCursor,
    count: integer,
    totals: statusSums(money),
    counts: statusSums(integer),
    lateCharges: object({ owing: money, settled: money, count: integer }),
  },
  ['lateCharges'],
);

export type ScheduleQuery = { cursor?: string; limit: number; agreement?: string };
/** The shared page query, with longer pages (a schedule is a table of short rows) and one agreement's filter. */
export const scheduleQuery = {
  ...OWN_PAGE_QUERY,
  properties: {
    ...OWN_PAGE_QUERY.properties,
    limit: { ...OWN_PAGE_QUERY.properties.limit, maximum: 100, default: 50 },
    agreement: { type: 'string', format: 'uuid' },
  },
} as const;

/** An owner's repayment record (RepaymentRecordView). */
export const repaymentRecordSchema = object({
  onTime: integer,
  late: integer,
  overdue: integer,
  inDefault: integer,
  upcoming: integer,
  agreementsInDefault: integer,
  defaultAfterDays: { ...integer, description: 'DEFAULT_AFTER_DAYS: how long overdue an instalment puts its agreement in default.' },
});

/** An agreement in default as staff chase it. */
export const defaultSchema = object({
  agreementId: uuid,
  projectId: uuid,
  projectTitle: string,
  owner: object({ email: string, phone: string }),
  investorEmail: string,
  principal: money,
  acceptedAt: dateTimeOrNull,
  inDefaultSince: dateTime,
  overdue: object({ count: integer, amount: money, oldestDueOn: dateOrNull, daysOverdue: integer }),
  outstanding: object({ count: integer, amount: money }),
  charityOwing: money,
});

/** The charity account's sums. */
export const charityTotalsSchema = object({ accruing: money, owed: money, received: money, disbursed: money, balance: money });

/** A late charge in the charity account's lists: the charge, its instalment and who settled it. */
const charityChargeSchema = object({
  ...lateChargeSchema.properties,
  instalmentId: uuid,
  instalmentSeq: integer,
  agreementId: uuid,
  projectId: uuid,
  projectTitle: string,
  ownerEmail: string,
  overdueAmount: money,
  dueOn: date,
  settledBy: stringOrNull,
  note: stringOrNull,
});

const disbursementFields = { id: uuid, amount: money, recipient: string, reference: string, paidOn: date, note: stringOrNull };

/** The charity account as staff read it. */
export const charitySchema = object({
  totals: charityTotalsSchema,
  owing: arrayOf(charityChargeSchema),
  received: arrayOf(charityChargeSchema),
  disbursements: arrayOf(object({ ...disbursementFields, recordedBy: string, recordedAt: dateTime })),
});

/** A payment out of the charity account, with the account's totals after it. */
export const disbursementSchema = object({ ...disbursementFields, totals: charityTotalsSchema });
