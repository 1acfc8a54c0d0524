import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/** `GET /health`: 200 `{ status: "ok" }` when the database answers. */
export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/health',
    {
      schema: {
        tags: ['meta'],
        response: { 200: { type: 'object', properties: { status: { type: 'string' } }, required: ['status'] } },
      },
    },
    async () => {
      await sql`SELECT 1`.execute(app.db);
      return { status: 'ok' };
    },
  );
}
