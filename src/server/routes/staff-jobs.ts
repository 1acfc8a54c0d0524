/** Staff see each scheduled job: what it does, when it runs, and its last run with its result. */
import type { FastifyInstance } from 'fastify';

export default async function staffJobRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/staff/jobs',
    { schema: { tags: ['staff'], security: [{ bearer: [] }], description: 'The scheduled jobs and their last runs.' }, onRequest: app.requireStaff },
    async () => ({ items: await app.jobs.status() }),
  );
}
