import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { migrationFiles } from '../db/migrate';
import { letThrough } from '../plugins/pressure';
import { OVERLOADED } from '../errors';
import { isPoolExhausted } from '../db/unavailable';

const statusSchema = {
  type: 'object',
  properties: { status: { type: 'string' }, message: { type: 'string' } },
  required: ['status'],
} as const;

/**
 * `GET /health`: 200 `{ status: "ok" }` when the process answers and the database does (liveness).
 * `GET /ready`: 200 `{ status: "ready" }` when the database is reachable and every migration this build knows is
 * applied; otherwise 503 `{ status: "unavailable", message }` saying which, so a load balancer sends no traffic
 * to a process whose database is down or behind its code, or that is shedding load.
 */
export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  // Both answer while the server sheds load: a load balancer must tell "busy" from "dead".
  app.get('/health', { schema: { tags: ['meta'], response: { 200: statusSchema } }, config: { pressureHandler: letThrough } }, async () => {
    await sql`SELECT 1`.execute(app.db);
    return { status: 'ok' };
  });

  const unavailable = (reply: FastifyReply, message: string) => {
    reply.header('retry-after', '5');
    return reply.code(503).send({ status: 'unavailable', message });
  };

  app.get('/ready', { schema: { tags: ['meta'], response: { 200: statusSchema, 503: statusSchema } }, config: { pressureHandler: letThrough } }, async (_req, reply) => {
    // Overloaded: not ready for more traffic until the load falls (checked first: it costs no query).
    if (app.isOverloaded()) return unavailable(reply, OVERLOADED);
    let applied: Set<string>;
    try {
      const rows = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(app.db);
      applied = new Set(rows.rows.map((r) => r.name));
    } catch (err) {
      // Every pooled connection in use for the whole wait: the database is up and this process is busy.
      if (isPoolExhausted(err)) return unavailable(reply, OVERLOADED);
      app.log.warn({ err }, 'readiness: the database is not reachable');
      return unavailable(reply, `The database is not reachable: ${(err as Error).message}`);
    }
    const pending = migrationFiles().filter((f) => !applied.has(f));
    if (pending.length > 0) return unavailable(reply, `Database migrations not applied: ${pending.join(', ')}`);
    return { status: 'ready' };
  });
}
