/**
 * Statements for the Bangladesh income year (issue 30 §2): the years a person has movements of money in, and one
 * year's statement as JSON, CSV or PDF, streamed from the database a page at a time (statements/produce.ts). A
 * person reads their own; staff can produce anyone's, and each time they do it is written to the audit log.
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { currentUser } from '../plugins/auth';
import { badRequest, notFound } from '../errors';
import { audit } from '../audit';
import { isIncomeYear } from '../../shared/domain/income-year';
import { statementFileName, STATEMENT_SECTIONS, type StatementPerson } from '../../shared/api/statements';
import { statementPerson } from '../statements/person';
import { statementYear, yearsWithActivity } from '../statements/sources';
import { produceStatement, type StatementWriter } from '../statements/produce';
import { jsonWriter } from '../statements/json';
import { csvWriter } from '../statements/csv';
import { pdfWriter } from '../statements/pdf';
import type { Language } from '../../shared/i18n/language';

type Format = 'json' | 'csv' | 'pdf';

const FORMATS: Record<Format, { type: string; writer: (out: PassThrough, language: Language) => StatementWriter }> = {
  json: { type: 'application/json; charset=utf-8', writer: jsonWriter },
  csv: { type: 'text/csv; charset=utf-8', writer: csvWriter },
  pdf: { type: 'application/pdf', writer: pdfWriter },
};

const yearItem = {
  type: 'object',
  properties: { year: { type: 'string', examples: ['2026-27'] }, from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' } },
  required: ['year', 'from', 'to'],
} as const;

const yearsAnswer = { type: 'object', properties: { items: { type: 'array', items: yearItem } }, required: ['items'] } as const;

const money = { type: 'string', examples: ['16814.28'] } as const;
const nullableMoney = { type: ['string', 'null'] } as const;
const statementAnswer = {
  type: 'object',
  properties: {
    ...yearItem.properties,
    currency: { const: 'BDT' },
    producedAt: { type: 'string', format: 'date-time' },
    person: {
      type: 'object',
      properties: {
        id: { type: 'string' },
        name: { type: 'string' },
        email: { type: 'string' },
        identity: {
          type: 'object',
          properties: { verified: { type: 'boolean' }, verifiedOn: { type: ['string', 'null'] }, idType: { type: ['string', 'null'] }, idNumber: { type: ['string', 'null'], description: 'Masked: only the last four characters.' } },
        },
      },
    },
    sections: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          key: { type: 'string', enum: [...STATEMENT_SECTIONS] },
          title: { type: 'string' },
          rows: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                date: { type: 'string', format: 'date', description: 'The Asia/Dhaka date the movement belongs to its year by.' },
                at: { type: 'string', format: 'date-time' },
                projectId: { type: 'string' },
                projectTitle: { type: 'string' },
                agreementId: { type: ['string', 'null'] },
                agreementNumber: { type: ['string', 'null'] },
                instalment: { type: ['object', 'null'], properties: { seq: { type: 'integer' }, of: { type: 'integer' } } },
                reference: { type: ['string', 'null'] },
                source: { type: ['string', 'null'], enum: ['investment', 'donation', null] },
                amount: money,
                principal: nullableMoney,
                profit: nullableMoney,
              },
            },
          },
          totals: { type: 'object', properties: { count: { type: 'integer' }, amount: money, principal: nullableMoney, profit: nullableMoney } },
        },
      },
    },
  },
} as const;

const yearParams = { type: 'object', properties: { year: { type: 'string', maxLength: 40 } }, required: ['year'] } as const;
const personParams = { type: 'object', properties: { id: { type: 'string', format: 'uuid' } }, required: ['id'] } as const;
const formatQuery = {
  type: 'object',
  properties: { format: { type: 'string', enum: ['json', 'csv', 'pdf'], default: 'json', errorMessage: 'must be json, csv or pdf' } },
  additionalProperties: false,
} as const;

const statementResponse = {
  200: {
    description: 'The statement: JSON (below), or with `?format=csv` a CSV file, with `?format=pdf` a PDF, streamed.',
    content: {
      'application/json': { schema: statementAnswer },
      'text/csv': { schema: { type: 'string' } },
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
    },
  },
};

const DESCRIBE_STATEMENT =
  'The income year (`2026-27`: 1 July 2026 to 30 June 2027, Asia/Dhaka dates) as a statement: investments made, instalments received with their principal and profit parts, donations made with their references, and as an owner funds raised and instalments paid; each section with totals that are the sums of its rows. A year without activity gives an empty statement.';

/** The year from the address, or a 400 that says how to write one. */
function checkedYear(text: string): string {
  const shown = text.slice(0, 20);
  if (isIncomeYear(text)) return text;
  throw badRequest(`"${shown}" is not an income year. Name one by its two calendar years, like 2026-27 (1 July 2026 to 30 June 2027).`);
}

export default async function statementRoutes(app: FastifyInstance): Promise<void> {
  /** Streams the statement in the format; the answer starts while its rows are still being read. */
  function send(reply: FastifyReply, person: StatementPerson, year: string, format: Format) {
    // A PDF is in its reader's language (staff producing someone's statement read it in theirs).
    const language = reply.request.language;
    const out = new PassThrough();
    const head = { ...statementYear(year), person, producedAt: app.now() };
    void produceStatement({ db: app.db, head, writer: FORMATS[format].writer(out, language), out, pageRows: app.config.statementPageRows });
    reply.header('content-type', FORMATS[format].type).header('cache-control', 'private, no-store');
    if (format !== 'json') reply.header('content-disposition', `attachment; filename="${statementFileName(year, format)}"`);
    return reply.send(out);
  }

  /** A person for staff, or 404. */
  async function person(id: string): Promise<StatementPerson> {
    const found = await statementPerson(app.db, id);
    if (!found) throw notFound('This person');
    return found;
  }

  app.get(
    '/me/statements',
    {
      schema: { tags: ['statements'], security: [{ bearer: [] }], description: 'The income years in which I moved money, newest first.', response: { 200: yearsAnswer } },
      onRequest: app.requireUser,
    },
    async (request) => ({ items: await yearsWithActivity(app.db, currentUser(request).id) }),
  );

  app.get<{ Params: { year: string }; Querystring: { format: Format } }>(
    '/me/statements/:year',
    {
      schema: { tags: ['statements'], security: [{ bearer: [] }], description: DESCRIBE_STATEMENT, params: yearParams, querystring: formatQuery, response: statementResponse },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const year = checkedYear(request.params.year);
      const me = (await statementPerson(app.db, currentUser(request).id))!;
      return send(reply, me, year, request.query.format);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/staff/people/:id/statements',
    {
      schema: { tags: ['staff', 'statements'], security: [{ bearer: [] }], description: "Staff: the income years in which a person moved money (audited).", params: personParams, response: { 200: yearsAnswer } },
      onRequest: app.requireStaff,
    },
    async (request) => {
      const who = await person(request.params.id);
      await audit(app.db, { actorId: currentUser(request).id, action: 'statement.years', subjectType: 'user', subjectId: who.id, before: null, after: null, note: 'listed the income years of their statements' });
      return { items: await yearsWithActivity(app.db, who.id) };
    },
  );

  app.get<{ Params: { id: string; year: string }; Querystring: { format: Format } }>(
    '/staff/people/:id/statements/:year',
    {
      schema: {
        tags: ['staff', 'statements'],
        security: [{ bearer: [] }],
        description: `Staff: a person's statement, each one produced written to the audit log. ${DESCRIBE_STATEMENT}`,
        params: { ...personParams, properties: { ...personParams.properties, ...yearParams.properties }, required: ['id', 'year'] },
        querystring: formatQuery,
        response: statementResponse,
      },
      onRequest: app.requireStaff,
    },
    async (request, reply) => {
      const year = checkedYear(request.params.year);
      const who = await person(request.params.id);
      const { format } = request.query;
      await audit(app.db, { actorId: currentUser(request).id, action: 'statement.produce', subjectType: 'user', subjectId: who.id, before: null, after: null, note: `income year ${year} as ${format.toUpperCase()}` });
      return send(reply, who, year, format);
    },
  );
}
