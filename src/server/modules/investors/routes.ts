/**
 * The investors module's routes (issue 31 §1): what a person may still request (`GET /me/limits`). Staff mark a
 * person qualified or retail again in the identity module (routes/people.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../../plugins/auth';
import { visibleProject } from '../projects/service';
import { myLimits } from './service';
import { limitsQuery, limitsSchema } from './schemas';

type LimitsRequest = FastifyRequest<{ Querystring: { projectId: string } }>;

export default async function investorRoutes(app: FastifyInstance): Promise<void> {
  /** The guard beside the sign-in: a project this person cannot see (another's draft, one in review) is 404, as everywhere. */
  async function projectVisible(request: LimitsRequest): Promise<void> {
    await visibleProject(app.db, request.query.projectId, currentUser(request));
  }

  app.get<{ Querystring: { projectId: string } }>(
    '/me/limits',
    {
      schema: {
        tags: ['agreements'],
        security: [{ bearer: [] }],
        description: 'What I may still request in agreements: in this project, in 12 months, and the smaller (`left`); null where there is no limit (qualified, or a limit set to 0).',
        querystring: limitsQuery,
        response: { 200: limitsSchema },
      },
      onRequest: app.requireUser,
      preHandler: projectVisible,
    },
    async (request) => myLimits(app.db, app.config, currentUser(request).id, request.query.projectId, app.now()),
  );
}
