/** The next-steps module's route: `GET /me/next-steps`, what is waiting for the signed-in user (the dashboard's list). */
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth';
import { nextSteps } from './service';
import { nextStepsSchema } from './schemas';

export default async function nextStepRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/me/next-steps',
    {
      schema: { tags: ['dashboard'], security: [{ bearer: [] }], description: 'What is waiting for the signed-in user, with counts and links.', response: { 200: nextStepsSchema } },
      onRequest: app.requireUser,
    },
    async (request) => nextSteps(app.db, currentUser(request), request.language),
  );
}
