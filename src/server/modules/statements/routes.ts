/**
 * The statements module's routes (issue 30 §2): the income years a person moved money in, and one year's statement as
 * JSON, CSV or PDF, streamed; their own, and for staff anyone's (audited).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { currentUser } from '../../plugins/auth';
import { myStatement, myYears, statementForStaff, yearsForStaff, type StatementFile, type StatementFormat } from './service';
import { DESCRIBE_STATEMENT, formatQuery, personParams, personYearParams, statementResponse, yearParams, yearsAnswer } from './schemas';

/** Sends a statement's stream with its headers: never kept by a cache, a download unless it is JSON. */
function send(reply: FastifyReply, file: StatementFile) {
  reply.header('content-type', file.type).header('cache-control', 'private, no-store');
  if (file.fileName) reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
  return reply.send(file.body);
}

export default async function statementRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/me/statements',
    {
      schema: { tags: ['statements'], security: [{ bearer: [] }], description: 'The income years in which I moved money, newest first.', response: { 200: yearsAnswer } },
      onRequest: app.requireUser,
    },
    async (request) => myYears(app.db, currentUser(request).id),
  );

  app.get<{ Params: { year: string }; Querystring: { format: StatementFormat } }>(
    '/me/statements/:year',
    {
      schema: { tags: ['statements'], security: [{ bearer: [] }], description: DESCRIBE_STATEMENT, params: yearParams, querystring: formatQuery, response: statementResponse },
      onRequest: app.requireUser,
    },
    async (request, reply) => send(reply, await myStatement(app, currentUser(request).id, request.params.year, request.query.format, request.language)),
  );

  app.get<{ Params: { id: string } }>(
    '/staff/people/:id/statements',
    {
      schema: { tags: ['staff', 'statements'], security: [{ bearer: [] }], description: "Staff: the income years in which a person moved money (audited).", params: personParams, response: { 200: yearsAnswer } },
      onRequest: app.requireStaff,
    },
    async (request) => yearsForStaff(app.db, currentUser(request), request.params.id),
  );

  app.get<{ Params: { id: string; year: string }; Querystring: { format: StatementFormat } }>(
    '/staff/people/:id/statements/:year',
    {
      schema: {
        tags: ['staff', 'statements'],
        security: [{ bearer: [] }],
        description: `Staff: a person's statement, each one produced written to the audit log. ${DESCRIBE_STATEMENT}`,
        params: personYearParams,
        querystring: formatQuery,
        response: statementResponse,
      },
      onRequest: app.requireStaff,
    },
    async (request, reply) => send(reply, await statementForStaff(app, currentUser(request), request.params.id, request.params.year, request.query.format, request.language)),
  );
}
