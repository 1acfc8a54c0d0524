/**
 * The risk statement over HTTP (issue 31 §4): anyone reads the current statement; a signed-in person reads whether
 * they have acknowledged it and acknowledges it (stored with the statement's version and the time, audited). An
 * agreement request checks the acknowledgment (modules/agreements/requests.ts) unless RISK_ACK_REQUIRED is off.
 */
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../../plugins/auth';
import { acknowledgeRisk, myRiskAcknowledgment, RISK_ACK_PLACE, riskStatement, type RiskLanguage } from '../service';
import { acknowledgeBody, acknowledgedSchema, languageQuery, myAcknowledgmentSchema, statementSchema } from '../schemas';

export default async function riskStatementRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { lang?: RiskLanguage } }>(
    '/risk-statement',
    { schema: { tags: ['agreements'], description: 'The current risk statement and its version (what an investor acknowledges before an agreement request).', querystring: languageQuery, response: { 200: statementSchema } } },
    (request) => riskStatement(app, request.query.lang ?? request.language),
  );

  app.get<{ Querystring: { lang?: RiskLanguage } }>(
    '/me/risk-acknowledgment',
    {
      schema: {
        tags: ['agreements'],
        security: [{ bearer: [] }],
        description: `Whether I have acknowledged the current risk statement (\`current\`), when, and the statement; \`required\`: whether an agreement request needs it here. Acknowledge on ${RISK_ACK_PLACE}.`,
        querystring: languageQuery,
        response: { 200: myAcknowledgmentSchema },
      },
      onRequest: app.requireUser,
    },
    (request) => myRiskAcknowledgment(app, currentUser(request), request.query.lang ?? request.language),
  );

  app.post<{ Body: { version: number; language?: RiskLanguage } }>(
    '/me/risk-acknowledgment',
    {
      schema: {
        tags: ['agreements'],
        security: [{ bearer: [] }],
        description: 'I have read and understand the risks: acknowledges the version of the statement I read (the current one; 409 when it has changed since). Audited; acknowledging again is harmless.',
        body: acknowledgeBody,
        response: { 200: acknowledgedSchema, 201: acknowledgedSchema },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const { created, answer } = await acknowledgeRisk(app, currentUser(request), request.body);
      return reply.status(created ? 201 : 200).send(answer);
    },
  );
}
