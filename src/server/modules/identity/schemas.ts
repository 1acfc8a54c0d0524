/** The identity module's answer schemas: a profile, a verification as its person and as staff see it, a person. */
import { auditEntrySchema } from '../../audit';
import { personLimitsSchema } from '../investors/service';
import {
  arrayOf, boolean, dateTime, dateTimeOrNull, freeForm, integer, object, objectOrNull, string, stringOrNull, uuid, uuidOrNull,
} from '../../routes/schemas';

export const VERIFICATION_STATUSES = ['submitted', 'verified', 'rejected'] as const;
const status = { type: 'string', enum: [...VERIFICATION_STATUSES] } as const;

/** A person's own verification. */
export const verificationSchema = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['not submitted', 'submitted', 'verified', 'rejected'] },
    note: { type: ['string', 'null'] },
    submittedAt: { type: ['string', 'null'] },
    reviewedAt: { type: ['string', 'null'] },
    formVersion: { type: ['integer', 'null'] },
    data: { type: ['object', 'null'], additionalProperties: true },
  },
  required: ['status', 'note', 'submittedAt', 'reviewedAt'],
} as const;

export const profileAnswer = {
  type: 'object',
  properties: {
    profile: { type: ['object', 'null'], additionalProperties: true },
    formVersion: { type: ['integer', 'null'] },
    defaults: { type: 'object', properties: { email: { type: 'string' }, phone: { type: 'string' } } },
    completeness: { type: 'integer', enum: [0, 40, 60, 100] },
    verification: verificationSchema,
  },
  required: ['profile', 'defaults', 'completeness', 'verification'],
} as const;

/** Staff's queue: submissions of one status (waiting ones unless asked). */
export const queueQuery = {
  type: 'object',
  properties: { status: { type: 'string', enum: [...VERIFICATION_STATUSES], default: 'submitted' } },
  additionalProperties: false,
} as const;

/** A submission in the queue. */
const queueItemSchema = object({
  id: uuid,
  status,
  name: stringOrNull,
  email: string,
  phone: string,
  nid: { ...stringOrNull, description: 'The national ID number given.' },
  submittedAt: dateTime,
  reviewedAt: dateTimeOrNull,
  note: stringOrNull,
});
export const queueSchema = object({ items: arrayOf(queueItemSchema) });

/** One submission as staff review it. */
export const submissionSchema = object({
  id: uuid,
  status,
  current: { ...boolean, description: 'False once a newer submission replaced it.' },
  // Free-form: the stored verify-profile form and the person's stored profile form, in the fields of their versions,
  // shown from those versions' schemas.
  data: freeForm('The stored verification form (its version: formVersion).'),
  formVersion: integer,
  files: { ...arrayOf(string), description: 'The ids of the files the submission holds.' },
  profile: { ...freeForm("The person's stored profile form; null when they have none."), type: ['object', 'null'] },
  email: string,
  phone: string,
  note: stringOrNull,
  submittedAt: dateTime,
  reviewedAt: dateTimeOrNull,
  history: arrayOf(auditEntrySchema),
});

export const decisionSchema = object({ id: uuid, status, note: stringOrNull });

export const peopleQuery = { type: 'object', properties: { q: { type: 'string', minLength: 2, maxLength: 200 } }, required: ['q'], additionalProperties: false } as const;
export const peopleSchema = object({ items: arrayOf(object({ id: uuid, email: string, phone: string, name: stringOrNull, qualified: boolean })) });

/** One person's investor status, limits and the history of the status. */
export const personSchema = object({
  id: uuid,
  email: string,
  phone: string,
  name: stringOrNull,
  qualification: objectOrNull({ note: string, evidenceFileId: uuidOrNull, at: dateTime, by: stringOrNull }),
  limits: personLimitsSchema,
  history: arrayOf(auditEntrySchema),
});

/** A qualification decided: the person's state now, and whether this request changed it. */
export const qualifiedSchema = object({ id: uuid, qualified: boolean, changed: boolean });
