/** What the offers' routes answer, as JSON Schema (views.ts makes the answers). */
import { projectSchema } from '../projects/service';
import { boolean, dateTime, integer, integerOrNull, object, string, stringOrNull, uuid, uuidOrNull } from '../../routes/schemas';

/** The schema of offerView's answer. */
export const offerSchema = object({
  id: uuid,
  status: { type: 'string', enum: ['open', 'withdrawn'] },
  kind: { type: 'string', enum: ['Donate', 'Investment'] },
  name: string,
  city: string,
  businessCategory: stringOrNull,
  amount: { ...stringOrNull, description: 'Taka as a decimal string.' },
  currency: stringOrNull,
  durationMonths: integerOrNull,
  returnType: { type: ['string', 'null'], enum: ['On-time', 'Recurring', null] },
  returningTime: integerOrNull,
  totalDuration: integerOrNull,
  investmentMethod: stringOrNull,
  securityPolicy: stringOrNull,
  projectId: uuidOrNull,
  projectTitle: stringOrNull,
  formVersion: integer,
  createdAt: dateTime,
  mine: boolean,
  investorOpenOffers: integer,
  contact: {
    type: ['array', 'null'],
    items: object({ field: string, label: string, kind: { type: 'string', enum: ['phone', 'email', 'text'] }, value: string }),
    description: 'Only for the investor, staff, and a project owner the investor answered or shared them with; else null.',
  },
  contactSource: { type: ['string', 'null'], enum: ['mine', 'staff', 'answered', 'shared', null] },
});

/** A card among a project's relevant investors: why it is listed and whether its investor was invited. */
export const relevantInvestorSchema = object({
  ...offerSchema.properties,
  reason: { type: 'string', enum: ['linked', 'matching'] },
  invited: boolean,
});

/** A Request For Invest as its owner's answer to sending it. */
export const invitationSentSchema = object({ id: uuid, offerId: uuid, projectId: uuid, createdAt: dateTime, message: string });

/** A Request For Invest as the invited investor sees it. */
export const invitationSchema = object(
  {
    id: uuid,
    offerId: uuid,
    offerOpen: boolean,
    createdAt: dateTime,
    contactShared: { type: ['string', 'null'], enum: ['shared', 'answered', null], description: 'Whether (and why) the owner sees the offer\'s contact details.' },
    project: projectSchema,
  },
  ['project'],
);

export const contactSharedSchema = object({ id: uuid, contactShared: { type: 'string', enum: ['shared'] }, contactSharedAt: dateTime, message: string });
