/** `POST /newsletter`: subscribes an email; subscribing twice is the same as once. */
import type { FastifyInstance } from 'fastify';
import type { NewsletterForm } from '../../../../shared/generated/form-types';
import { subscribeNewsletter } from '../service';
import { newsletterAnswer } from '../schemas';

export default async function newsletterRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: NewsletterForm }>(
    '/newsletter',
    {
      schema: { tags: ['site'], body: { $ref: 'newsletter#' }, response: { 200: newsletterAnswer } },
      config: { rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' } },
    },
    (request) => subscribeNewsletter(app, request.body.email),
  );
}
