/** The donations routes' request and answer schemas. */
import { RECEIPT_KEY_HEADER } from '../../../shared/donations/receipt-link';
import { arrayOf, boolean, dateTime, dateTimeOrNull, freeForm, integer, money, object, orNull, pageOf, string, stringOrNull, uuid } from '../../routes/schemas';

/** The receipt key a link holder sends (the page reads it from the address's fragment). */
export const receiptKeyHeaders = {
  type: 'object',
  properties: { [RECEIPT_KEY_HEADER]: { type: 'string', maxLength: 200, description: "The receipt key from the receipt's address (#key=…)." } },
} as const;

const DONATION_STATUSES = ['pledged', 'confirmed', 'cancelled', 'refund_due', 'refunded'] as const;

/** The schema of donationView's answer (`email` and `name` only for staff). */
export const donationSchema = object(
  {
    id: uuid,
    reference: string,
    projectId: uuid,
    status: { type: 'string', enum: [...DONATION_STATUSES] },
    amount: money,
    currency: { type: 'string', enum: ['BDT'] },
    paymentMethod: string,
    anonymous: boolean,
    donorName: stringOrNull,
    formVersion: integer,
    createdAt: dateTime,
    decidedAt: dateTimeOrNull,
    note: stringOrNull,
    email: { ...stringOrNull, description: 'Staff only.' },
    name: { ...stringOrNull, description: 'Staff only.' },
  },
  ['email', 'name'],
);

/** A donation in a list, with its project's title. */
export const listedDonationSchema = object({ ...donationSchema.properties, projectTitle: string }, ['email', 'name']);
export const myDonationsSchema = pageOf(listedDonationSchema);
export const staffDonationsSchema = object({ items: arrayOf(listedDonationSchema) });

/** The schema of instructionsFor's answer. */
export const instructionsSchema = object({ method: string, summary: string, details: arrayOf(object({ label: string, value: string })), sample: boolean });

/** The schema of receiptView's answer (and of a new pledge's, with its receipt key and message). */
export const receiptSchema = object(
  {
    ...donationSchema.properties,
    email: { ...stringOrNull, description: 'Only for its signed-in donor.' },
    projectTitle: string,
    instructions: orNull(instructionsSchema),
    payOnline: boolean,
    // Free-form: the stored donate form, in the fields of the version it was validated with (formVersion), shown
    // from that version's schema; without the donor's name and e-mail when the viewer is not the donor.
    data: freeForm('The stored donate form (its version: formVersion).'),
    receiptKey: { ...string, description: "Only in the answer to a new pledge: the secret of the receipt's own address." },
    message: { ...string, description: 'Only in the answer to a new pledge.' },
  },
  ['email', 'name', 'receiptKey', 'message'],
);

/** Staff's donations list: one status, or a payment reference typed in any way. */
export const staffDonationsQuery = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['pledged', 'confirmed', 'cancelled'], default: 'pledged' },
    q: { type: 'string', maxLength: 40 },
  },
  additionalProperties: false,
} as const;

/** One donation of the refund queue. */
export const refundSchema = object({
  id: uuid,
  reference: string,
  status: { type: 'string', enum: ['refund_due', 'refunded'] },
  amount: money,
  currency: { type: 'string', enum: ['BDT'] },
  paymentMethod: string,
  donorName: stringOrNull,
  email: stringOrNull,
  phone: stringOrNull,
  projectId: uuid,
  projectTitle: string,
  confirmedAt: dateTimeOrNull,
  closedAt: dateTimeOrNull,
  refundReference: stringOrNull,
  refundedAt: dateTimeOrNull,
  refundedBy: { ...stringOrNull, description: 'The e-mail of the staff member who recorded it.' },
});

export const refundsQuery = { type: 'object', properties: { status: { type: 'string', enum: ['refund_due', 'refunded'], default: 'refund_due' } }, additionalProperties: false } as const;

export const gatewayOutcome = { type: 'string', enum: ['confirmed', 'unchanged', 'rejected'] } as const;

/** A gateway callback as staff read it. */
export const gatewayEventSchema = object({
  id: { type: 'string', pattern: '^[0-9]+$' },
  gateway: string,
  kind: string,
  tranId: stringOrNull,
  valId: stringOrNull,
  reference: { ...stringOrNull, description: "The donation's payment reference, when the callback named one." },
  outcome: gatewayOutcome,
  reason: string,
  amount: { ...stringOrNull, description: 'As the gateway sent it.' },
  currency: stringOrNull,
  at: dateTime,
});

/** The gateway posts its fields form-encoded; they are read as a flat string map and checked in code. */
export const gatewayFormBody = { type: 'object', additionalProperties: { type: 'string' }, maxProperties: 100 } as const;
