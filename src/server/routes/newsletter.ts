import type { FastifyInstance } from 'fastify';
import type { NewsletterForm } from '../../shared/generated/form-types';
import { normalizeEmail } from '../auth/identity';

/** `POST /newsletter`: subscribes an email; subscribing twice is the same as once. */
export default async function newsletterRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: NewsletterForm }>(
    '/newsletter',
    {
      schema: {
        tags: ['site'],
        body: { $ref: 'newsletter#' },
        response: { 200: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } },
      },
      config: { rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' } },
    },
    async (request) => {
      const email = normalizeEmail(request.body.email);
      const inserted = await app.db
        .insertInto('newsletter_subscribers')
        .values({ email })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('email')
        .executeTakeFirst();
      return {
        message: inserted
          ? `Thank you! ${email} is subscribed to our newsletter.`
          : `${email} is already subscribed. Thank you for staying with us!`,
      };
    },
  );
}
