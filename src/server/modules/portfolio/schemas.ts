/**
 * The portfolio's answers as JSON Schema (the contract of src/shared/api/portfolio.ts): Fastify serialises by them,
 * so nothing undeclared leaves the server, and the OpenAPI document at /api/docs shows them.
 */
const money = { type: 'string', pattern: '^-?\\d+\\.\\d{2}$' } as const;
const date = { type: 'string', format: 'date' } as const;
const uuid = { type: 'string', format: 'uuid' } as const;
const rate = { type: ['number', 'null'], description: 'A decimal fraction (0.1934 is 19.34 %); null when not available.' } as const;
const reason = {
  type: ['string', 'null'],
  enum: ['no_agreements', 'no_schedule', 'too_early', 'no_solution', null],
  description: 'Why the rate is not available (null when it is): nothing held, no schedule, all the money moved on one day so far, no rate in (−0.9999, 100) solves the flows.',
} as const;
const cursor = { type: ['string', 'null'] } as const;

const object = <P extends Record<string, unknown>>(properties: P, description?: string) =>
  ({ type: 'object', additionalProperties: false, properties, required: Object.keys(properties), ...(description ? { description } : {}) }) as const;
/** An object or null (a type list rather than anyOf: the serialiser then needs no validation to pick a branch). */
const objectOrNull = <P extends Record<string, unknown>>(properties: P) => ({ ...object(properties), type: ['object', 'null'] }) as const;

const rates = {
  xirr: { ...rate, description: 'Expected XIRR: each instalment on its confirmation date, or its due date while not confirmed.' },
  xirrReason: reason,
  xirrToDate: { ...rate, description: 'XIRR to date: confirmed money only, and the principal not yet repaid counted back today at face value.' },
  xirrToDateReason: reason,
};

export const agreementSchema = object({
  id: uuid,
  projectId: uuid,
  projectTitle: { type: 'string' },
  amount: money,
  status: { type: 'string' },
  investmentType: { type: 'string' },
  acceptedOn: date,
  inDefaultSince: { ...date, type: ['string', 'null'] },
  total: money,
  received: money,
  outstanding: money,
  overdue: money,
  profitReceived: money,
  instalments: { type: 'integer' },
  confirmedInstalments: { type: 'integer' },
  nextInstalment: objectOrNull({ seq: { type: 'integer' }, dueOn: date, amount: money, overdue: { type: 'boolean' } }),
  ...rates,
  scheduleLink: { type: 'string' },
});

export const agreementsPageSchema = object({ items: { type: 'array', items: agreementSchema }, nextCursor: cursor });

export const ownerProjectSchema = object({
  id: uuid,
  title: { type: 'string' },
  status: { type: 'string' },
  raised: money,
  repaid: money,
  due: money,
  overdue: money,
  next: objectOrNull({ dueOn: date, amount: money, instalments: { type: 'integer' }, overdue: { type: 'boolean' } }),
  scheduleLink: { type: 'string' },
});

export const ownerProjectsPageSchema = object({ items: { type: 'array', items: ownerProjectSchema }, nextCursor: cursor });

const zakatStep = {
  type: 'object',
  additionalProperties: false,
  properties: { step: { type: 'string', enum: ['holdings', 'nisab', 'rate', 'due'] }, amount: money, reached: { type: 'boolean' }, percent: { type: 'string' } },
  required: ['step', 'amount'],
} as const;

export const portfolioSchema = object(
  {
    currency: { type: 'string', enum: ['BDT'] },
    asOf: date,
    totals: object({ invested: money, received: money, outstanding: money, awaitingConfirmation: money, overdue: money, profitReceived: money }),
    ...rates,
    months: { type: 'array', items: object({ month: { type: 'string', pattern: '^\\d{4}-\\d{2}$' }, out: money, received: money, expected: money }) },
    agreements: agreementsPageSchema,
    zakat: object(
      {
        estimate: { type: 'boolean', enum: [true] },
        asOf: date,
        holdings: money,
        nisab: { ...money, type: ['string', 'null'] },
        due: { ...money, type: ['string', 'null'] },
        steps: { type: 'array', items: zakatStep },
      },
      'An estimate to confirm with a scholar: 2.5 % of the outstanding receivables on the date when they reach the nisab (ZAKAT_NISAB_BDT).',
    ),
    owner: object({
      totals: object({ raised: money, repaid: money, due: money, overdue: money }),
      next: objectOrNull({ dueOn: date, amount: money, overdue: { type: 'boolean' } }),
      projects: ownerProjectsPageSchema,
    }),
  },
  "The signed-in person's portfolio as investor (held agreements: accepted and repaid under a schedule) and as project owner.",
);
