/** The projects module's request and answer schemas: a project as each audience sees it, its figures, the lists' queries. */
import type { ProjectStatus } from '../../db/schema';
import { PLATFORM_FIGURES, PLATFORM_FIGURE_NAMES } from '../../../shared/api/platform-figures';
import { auditEntrySchema } from '../../audit';
import {
  arrayOf, boolean, dateTime, dateTimeOrNull, freeForm, integer, integerOrNull, money, object, objectOrNull, pageOf, string, stringOrNull, uuid, uuidOrNull,
} from '../../routes/schemas';
import { OWN_PAGE_QUERY } from '../../db/cursor';

/** Every state a project can be in (the table's CHECK, migration 003), for request schemas that filter by one. */
export const PROJECT_STATUSES: readonly ProjectStatus[] = ['pending_review', 'open', 'rejected', 'funded', 'closed'];

/** The schema of figuresOf's answer (money as decimal strings in taka). */
export const figuresSchema = object({
  currency: { type: 'string', enum: ['BDT'] },
  goal: money,
  minInvestment: money,
  pledged: money,
  raised: money,
  waiting: money,
  backers: integer,
  investors: integer,
  progressPercent: integer,
  progressBar: integer,
  daysLeft: integerOrNull,
  markupPercent: money,
  annualisedReturn: object({ simplePercent: string, compoundPercent: string, basis: string }),
  repayment: object({
    type: { type: 'string', enum: ['On-time', 'Recurring'] },
    everyMonths: integerOrNull,
    overMonths: integer,
    instalments: integer,
    totalOnGoal: money,
    initialInstalment: money,
  }),
  durationMonths: integer,
});

/** A Shariah review as views.ts's shariahReviewView gives it. */
export const shariahReviewSchema = object(
  {
    decision: { type: 'string', enum: ['approved', 'changes_requested'] },
    adviser: string,
    decidedAt: dateTime,
    opinionFileId: uuidOrNull,
    note: { ...string, description: 'Public with an approval; a request for changes (and its note) only for the owner and staff.' },
  },
  ['note'],
);

/** The schema of projectView's answer. */
export const projectSchema = object(
  {
    id: uuid,
    status: { type: 'string', enum: [...PROJECT_STATUSES] },
    title: string,
    category: string,
    country: string,
    ownerName: string,
    summary: string,
    images: { type: 'array', items: string, description: 'File ids of the project images (GET /files/{id}).' },
    videoUrl: stringOrNull,
    createdAt: dateTime,
    approvedAt: dateTimeOrNull,
    endsAt: dateTimeOrNull,
    fundedAt: dateTimeOrNull,
    closedAt: dateTimeOrNull,
    figures: figuresSchema,
    fundingModel: { type: 'string', enum: ['all_or_nothing', 'keep_what_you_raise'] },
    goalNotReached: objectOrNull({ refundsDue: integer, refunded: integer }),
    mine: boolean,
    formVersion: integer,
    staffNote: { ...stringOrNull, description: 'Owner and staff only.' },
    shariahReview: { ...shariahReviewSchema, type: ['object', 'null'] },
    // Free-form: the project form's own fields (each audience sees those its `x-visibility` allows), whose names and
    // types are the form's (schemas/project-owner.schema.json, any published version), not the API's.
    details: freeForm("The project form's fields this audience may see (the form's own names and types)."),
  },
  ['staffNote'],
);

/** A page of projects. */
export const projectPageSchema = pageOf(projectSchema);

/** The public list's query string. */
export const publicListQuery = {
  type: 'object',
  properties: {
    category: { type: 'string', maxLength: 80 },
    status: { type: 'string', enum: ['open', 'funded', 'closed'] },
    sort: { type: 'string', enum: ['newest', 'most_funded'], default: 'newest' },
    cursor: { type: 'string', maxLength: 300 },
    limit: { type: 'integer', minimum: 1, maximum: 50, default: 12 },
  },
  additionalProperties: false,
} as const;

/** My projects' query string: a page of mine, of one state if asked. */
export const myProjectsQuery = { ...OWN_PAGE_QUERY, properties: { status: { type: 'string', enum: PROJECT_STATUSES }, ...OWN_PAGE_QUERY.properties } };

/** Staff's queue: the projects of one state (waiting for review unless asked). */
export const staffListQuery = {
  type: 'object',
  properties: { status: { type: 'string', enum: PROJECT_STATUSES, default: 'pending_review' } },
  additionalProperties: false,
} as const;

/** A staff decision's query string: `seen`, the submittedAt the reviewer read. */
export const reviewQuery = { type: 'object', properties: { seen: { type: 'string', format: 'date-time' } }, additionalProperties: false } as const;

/** A project as staff review it: its view, the owner's contact, when it was submitted and its history. */
export const reviewedProjectSchema = object({
  ...projectSchema.properties,
  owner: object({ email: string, phone: string }),
  submittedAt: dateTime,
  history: arrayOf(auditEntrySchema),
}, ['staffNote']);

/** The platform's figures (src/shared/api/platform-figures.ts). */
export const platformFiguresSchema = {
  type: 'object',
  properties: {
    currency: { type: 'string', const: 'BDT' },
    figures: {
      type: 'object',
      properties: Object.fromEntries(
        PLATFORM_FIGURE_NAMES.map((name) => [name, PLATFORM_FIGURES[name] === 'money' ? { type: 'string', pattern: '^\\d+\\.\\d\\d$' } : { type: 'integer', minimum: 0 }]),
      ),
      required: PLATFORM_FIGURE_NAMES,
    },
  },
  required: ['currency', 'figures'],
} as const;

/** The Summary Overview's tiles. */
export const summarySchema = object({
  currency: { type: 'string', enum: ['BDT'] },
  tiles: arrayOf(
    object({
      id: string,
      label: string,
      value: { type: ['string', 'number'], description: 'Taka as a decimal string (format money), or a count.' },
      format: { type: 'string', enum: ['money', 'count'] },
      scope: { type: 'string', enum: ['platform', 'yours'] },
    }),
  ),
});

/** A review in the history (reviewHistory): its id and who recorded it besides. */
export const shariahHistoryItemSchema = object({ id: uuid, ...shariahReviewSchema.properties, reviewer: stringOrNull }, ['note']);

/** A project's reviews and the one in force. */
export const shariahHistorySchema = object({ inForce: uuidOrNull, items: arrayOf(shariahHistoryItemSchema) });

/** A review just recorded. */
export const recordedReviewSchema = object({ id: uuid, ...shariahReviewSchema.properties }, ['note']);
