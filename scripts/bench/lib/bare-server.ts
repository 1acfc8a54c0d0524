/** The peer of an API route: Fastify with nothing else, answering GET BARE_PATH with the constant JSON BARE_BODY. */
import Fastify from 'fastify';

const path = process.env.BARE_PATH ?? '/';
const body = process.env.BARE_BODY ?? '{}';
const app = Fastify({ logger: false });
app.get(path, async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 0) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
