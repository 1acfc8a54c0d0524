/**
 * Donations from the donate form: anyone (signed in or not) pledges to an open project with a payment method of the
 * amount's tier (the schema decides) and gets a receipt: the payment reference, how to pay that method, and "Pay now"
 * when the gateway serves it. Staff (or the gateway's verified callback) confirm when the money arrives. Pledged money
 * counts in "Pledged"; confirmed money in "Raised" and "Backers".
 */
import type { FastifyInstance } from 'fastify';
import type { DonateForm } from '../../../../shared/generated/form-types';
import { RECEIPT_KEY_HEADER } from '../../../../shared/donations/receipt-link';
import { currentUser } from '../../../plugins/auth';
import { OWN_PAGE_QUERY } from '../../../db/cursor';
import { idParams } from '../../../routes/schemas';
import { myDonationsSchema, receiptKeyHeaders, receiptSchema } from '../schemas';
import { donationsOf, pledge, receiptFor } from '../service';

export default async function pledgeRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Params: { id: string }; Body: DonateForm }>(
    '/projects/:id/donations',
    {
      schema: {
        tags: ['donations'],
        description: 'Signed in or not. Recorded as pledged until staff confirm the money arrived.',
        params: idParams,
        response: { 201: receiptSchema },
        body: { $ref: 'donate#' },
      },
      config: { rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' }, idempotent: true },
    },
    async (request, reply) => {
      const { params, body } = request;
      // With an Idempotency-Key the answer is kept with the pledge, and a repeat gets it back instead of a second one.
      const answer = await pledge(
        app,
        { projectId: params.id, viewer: await app.readSession(request), form: body, formVersion: request.formVersion!, language: request.language },
        (work) => app.writeOnce(request, reply, 201, work),
      );
      // Delivery after the commit is best effort (it never fails the answer); the scheduled job is the guarantee.
      if (body.email?.trim()) app.mail.kick();
      return answer;
    },
  );

  app.get<{ Params: { id: string }; Headers: { 'x-receipt-key'?: string } }>(
    '/donations/:id',
    {
      schema: {
        tags: ['donations'],
        description: "The receipt of a pledge: to its donor signed in, or to whoever sends its receipt key (then without the donor's name and email); 404 to anyone else.",
        params: idParams,
        response: { 200: receiptSchema },
        headers: receiptKeyHeaders,
      },
    },
    async (request) => receiptFor(app, request.params.id, await app.readSession(request), request.headers[RECEIPT_KEY_HEADER], request.language),
  );

  app.get<{ Querystring: { cursor?: string; limit: number } }>(
    '/me/donations',
    {
      schema: { tags: ['donations'], security: [{ bearer: [] }], description: 'My donations, newest first, a page at a time (`nextCursor` asks for the next one).', querystring: OWN_PAGE_QUERY, response: { 200: myDonationsSchema } },
      onRequest: app.requireUser,
    },
    async (request) => donationsOf(app.db, currentUser(request).id, request.query.cursor, request.query.limit, request.language),
  );
}
