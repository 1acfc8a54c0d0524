import type { FastifyInstance } from 'fastify';
import { arrayOf, dateTime, object, string, stringOrNull } from './schemas';
import { normalizePhone } from '../modules/accounts/service';

/**
 * `GET /dev/outbox?to=<phone>`: the messages the outbox "sent" to a phone, newest first, so a person or a test
 * running locally can read a code. Registered only while the outbox is the SMS provider.
 */
export default async function devOutboxRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { to: string } }>(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        description: 'Development only: exists while SMS_PROVIDER is the outbox.',
        querystring: {
          type: 'object',
          properties: { to: { type: 'string', minLength: 1, maxLength: 40 } },
          required: ['to'],
          additionalProperties: false,
        },
        response: { 200: object({ messages: arrayOf(object({ to: string, text: string, code: stringOrNull, createdAt: dateTime })) }) },
      },
    },
    async (request) => {
      const rows = await app.db
        .selectFrom('sms_outbox')
        .select(['to_phone', 'text', 'code', 'created_at'])
        .where('to_phone', '=', normalizePhone(request.query.to))
        .orderBy('id', 'desc')
        .limit(50)
        .execute();
      return {
        messages: rows.map((r) => ({ to: r.to_phone, text: r.text, code: r.code, createdAt: r.created_at.toISOString() })),
      };
    },
  );
}
