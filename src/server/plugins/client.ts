/**
 * Serves the built front end (when it exists) and answers unknown paths: a page route falls back to
 * `index.html` (the browser router shows the page or its 404), an unknown API path gets a JSON 404.
 */
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

export interface ClientPluginOptions {
  /** The directory of the built front end; nothing is served when it has no index.html. */
  dir: string;
}

async function clientPlugin(app: FastifyInstance, options: ClientPluginOptions): Promise<void> {
  const hasClient = existsSync(join(options.dir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: options.dir,
      index: ['index.html'],
      // `npm run build` writes .br and .gz beside each asset.
      preCompressed: true,
      // One route per built file (listed at start), not a wildcard that looks any path up on disk: an unknown or
      // absurd path (12,000 characters) never reaches the file system and gets the page or a JSON 404 below.
      wildcard: false,
      setHeaders(reply, path) {
        // Hashed assets never change; the page itself is always revalidated.
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/');
    if (wantsPage && hasClient && !/\.[a-z0-9]{1,5}$/i.test(path)) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    if (wantsPage && !hasClient && path === '/') {
      return reply
        .type('text/plain')
        .send('The front end is not built. Run `npm start` (it builds it) or `npm run build`.');
    }
    return reply.status(404).send({ message: `No such endpoint: ${request.method} ${path}` });
  });
}

export default fp(clientPlugin, { name: 'client' });
