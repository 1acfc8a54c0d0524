/**
 * The risk statement over HTTP (issue 31 §4): anyone reads the current statement; a signed-in person reads whether
 * they have acknowledged it and acknowledges it (stored with the statement's version and the time, audited). An
 * agreement request checks the acknowledgment (modules/agreements/requests.ts) unless RISK_ACK_REQUIRED is off.
 */
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../plugins/auth';
import { conflict } from '../errors';
import { RISK_ACK_PLACE, RISK_LANGUAGES, type RiskLanguage } from '../content/risk-statement';
import { arrayOf, boolean, dateTime, dateTimeOrNull, integer, object, string } from './schemas';

/** The schema of a risk statement (RiskStatementView). */
const statementSchema = object({
  version: integer,
  language: { type: 'string', enum: [...RISK_LANGUAGES] },
  title: string,
  intro: string,
  points: arrayOf(string),
  acknowledge: string,
});

const acknowledgedSchema = object({ version: integer, acknowledgedAt: dateTime, current: boolean });

const languageQuery = {
  type: 'object',
  properties: { lang: { type: 'string', enum: [...RISK_LANGUAGES], description: 'the language to read it in (default: the request\'s language; English when the statement has no text in it)' } },
  additionalProperties: false,
} as const;

export default async function riskStatementRoutes(app: FastifyInstance): Promise<void> {
  const risk = app.riskStatement;

  app.get<{ Querystring: { lang?: RiskLanguage } }>(
    '/risk-statement',
    { schema: { tags: ['agreements'], description: 'The current risk statement and its version (what an investor acknowledges before an agreement request).', querystring: languageQuery, response: { 200: statementSchema } } },
    async (request) => risk.current(request.query.lang ?? request.language),
  );

  app.get<{ Querystring: { lang?: RiskLanguage } }>(
    '/me/risk-acknowledgment',
    {
      schema: {
        tags: ['agreements'],
        security: [{ bearer: [] }],
        description: `Whether I have acknowledged the current risk statement (\`current\`), when, and the statement; \`required\`: whether an agreement request needs it here. Acknowledge on ${RISK_ACK_PLACE}.`,
        querystring: languageQuery,
        response: { 200: object({ required: boolean, current: boolean, acknowledgedAt: dateTimeOrNull, statement: statementSchema }) },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const me = currentUser(request);
      const statement = await risk.current(request.query.lang ?? request.language);
      const at = await risk.acknowledgedAt(app.db, me.id, statement.version);
      return { required: app.config.riskAckRequired, current: at !== null, acknowledgedAt: at?.toISOString() ?? null, statement };
    },
  );

  app.post<{ Body: { version: number; language?: RiskLanguage } }>(
    '/me/risk-acknowledgment',
    {
      schema: {
        tags: ['agreements'],
        security: [{ bearer: [] }],
        description: 'I have read and understand the risks: acknowledges the version of the statement I read (the current one; 409 when it has changed since). Audited; acknowledging again is harmless.',
        body: {
          type: 'object',
          properties: { version: { type: 'integer', minimum: 1, maximum: 1_000_000 }, language: { type: 'string', enum: [...RISK_LANGUAGES] } },
          required: ['version'],
          additionalProperties: false,
        },
        response: { 200: acknowledgedSchema, 201: acknowledgedSchema },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const me = currentUser(request);
      const language = request.body.language ?? 'en';
      const statement = await risk.current(language);
      if (request.body.version !== statement.version) {
        throw conflict(`The risk statement has changed since you opened it (it is now version ${statement.version}). Please read the current one and acknowledge it.`);
      }
      const { at, created } = await app.db.transaction().execute((trx) => risk.acknowledge(trx, me.id, statement.version, statement.language));
      return reply.status(created ? 201 : 200).send({ version: statement.version, acknowledgedAt: at.toISOString(), current: true });
    },
  );
}
