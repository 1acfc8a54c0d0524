/**
 * Investor limits over HTTP (issue 31 §1): what a person may still request (`GET /me/limits`). The rules are in
 * investors/retail-limits.ts; staff mark a person qualified or retail again in the identity module (routes/people.ts).
 */
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../plugins/auth';
import { limitsSchema, limitsView } from '../investors/retail-limits';
import { visibleProject } from '../modules/projects/service';

export default async function investorLimitRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { projectId: string } }>(
    '/me/limits',
    {
      schema: {
        tags: ['agreements'],
        security: [{ bearer: [] }],
        description: 'What I may still request in agreements: in this project, in 12 months, and the smaller (`left`); null where there is no limit (qualified, or a limit set to 0).',
        querystring: { type: 'object', properties: { projectId: { type: 'string', format: 'uuid' } }, required: ['projectId'], additionalProperties: false },
        response: { 200: limitsSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const me = currentUser(request);
      // A project this person cannot see (another's draft, one in review) is 404, as everywhere.
      const { row: project } = await visibleProject(app.db, request.query.projectId, me);
      return limitsView(app.db, app.config, me.id, project.id, app.now());
    },
  );
}
