/**
 * `GET /platform/figures`: the platform-wide figures the home page's counter band shows (and the server renders into
 * the page). The same for everyone, so every reader is served from the short list cache: one primary-key read per
 * two seconds at most, and a change this process makes shows at once.
 */
import type { FastifyInstance } from 'fastify';
import { PLATFORM_FIGURES, PLATFORM_FIGURE_NAMES } from '../../shared/api/platform-figures';
import { readPlatformFigures } from '../market/platform-figures';

const answer = {
  type: 'object',
  properties: {
    currency: { type: 'string', const: 'BDT' },
    figures: {
      type: 'object',
      properties: Object.fromEntries(
        PLATFORM_FIGURE_NAMES.map((name) => [name, PLATFORM_FIGURES[name] === 'money' ? { type: 'string', pattern: '^\\d+\\.\\d\\d$' } : { type: 'integer', minimum: 0 }]),
      ),
      required: PLATFORM_FIGURE_NAMES,
    },
  },
  required: ['currency', 'figures'],
} as const;

export default async function platformRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/platform/figures',
    { schema: { tags: ['platform'], description: 'Platform-wide figures (money in taka as decimal strings), from the counters the database keeps.', response: { 200: answer } } },
    async (_request, reply) => {
      const text = await app.listCache.get('platform-figures', async () => JSON.stringify(await readPlatformFigures(app.db)));
      return reply.type('application/json; charset=utf-8').send(text);
    },
  );
}
