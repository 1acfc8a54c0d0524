import type { FastifyInstance } from 'fastify';
import { arrayOf, dateTime, dateTimeOrNull, object, string } from './schemas';

/**
 * `GET /dev/mail?to=<email>`: the e-mails queued for an address, newest first, with their delivery status, so a
 * person or a test running locally can read them. Registered only while e-mail goes to the outbox (no SMTP_URL).
 */
export default async function devMailRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { to: string } }>(
    '/dev/mail',
    {
      schema: {
        tags: ['dev'],
        description: 'Development only: exists while SMTP_URL is unset.',
        querystring: {
          type: 'object',
          properties: { to: { type: 'string', minLength: 1, maxLength: 320 } },
          required: ['to'],
          additionalProperties: false,
        },
        response: {
          200: object({ messages: arrayOf(object({ to: string, subject: string, text: string, status: string, createdAt: dateTime, sentAt: dateTimeOrNull })) }),
        },
      },
    },
    async (request) => {
      const rows = await app.db
        .selectFrom('email_outbox')
        .select(['to_email', 'subject', 'text', 'status', 'created_at', 'sent_at'])
        .where((eb) => eb(eb.fn('lower', ['to_email']), '=', request.query.to.trim().toLowerCase()))
        .orderBy('id', 'desc')
        .limit(50)
        .execute();
      return {
        messages: rows.map((r) => ({
          to: r.to_email,
          subject: r.subject,
          text: r.text,
          status: r.status,
          createdAt: r.created_at.toISOString(),
          sentAt: r.sent_at?.toISOString() ?? null,
        })),
      };
    },
  );
}
