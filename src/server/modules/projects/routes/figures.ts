/**
 * The figures: `GET /platform/figures`, the platform-wide figures the home page's counter band shows (and the server
 * renders into the page), the same for everyone, so every reader is served from the short list cache (one
 * primary-key read per two seconds at most, and a change this process makes shows at once); and
 * `GET /dashboard/summary`, the Summary Overview tiles, platform-wide and the signed-in user's own, in one query.
 */
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../../plugins/auth';
import { platformFiguresRow, summaryCounters } from '../queries/figures';
import { platformFiguresView, summaryView } from '../views';
import { platformFiguresSchema, summarySchema } from '../schemas';

export default async function figureRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/platform/figures',
    { schema: { tags: ['platform'], description: 'Platform-wide figures (money in taka as decimal strings), from the counters the database keeps.', response: { 200: platformFiguresSchema } } },
    async (_request, reply) => {
      const text = await app.listCache.get('platform-figures', async () => JSON.stringify(platformFiguresView(await platformFiguresRow(app.db))));
      return reply.type('application/json; charset=utf-8').send(text);
    },
  );

  app.get(
    '/dashboard/summary',
    { schema: { tags: ['dashboard'], security: [{ bearer: [] }], response: { 200: summarySchema } }, onRequest: app.requireUser },
    async (request) => summaryView(await summaryCounters(app.db, currentUser(request).id)),
  );
}
