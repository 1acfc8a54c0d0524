/**
 * The hosted-checkout gateway's routes (SSLCommerz, when PAYMENT_GATEWAY is set): "Pay now" opens a session for a
 * pledge; the gateway's IPN and the donor's return to the success URL are checked and may confirm it
 * (../payment-gateway.ts); fail and cancel only send the donor back to the receipt. Staff read every callback.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badGateway, notFound } from '../../../errors';
import { receiptPath, RECEIPT_KEY_HEADER } from '../../../../shared/donations/receipt-link';
import { noticeSite } from '../../notices/service';
import { arrayOf, idParams, object, redirect, string } from '../../../routes/schemas';
import { gatewayEventSchema, gatewayFormBody, gatewayOutcome, receiptKeyHeaders } from '../schemas';
import { donationOfTransaction, gatewayEvents, GatewayError, handleCallback, openCheckout } from '../payment-gateway';

const FORM_LIMIT = 32 * 1024;

/** The site's origin for the gateway's return and IPN URLs: PUBLIC_URL, or the address this request came to. */
function origin(app: FastifyInstance, request: FastifyRequest): string {
  return app.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

export default async function gatewayRoutes(app: FastifyInstance): Promise<void> {
  // Scoped to this plugin: no other route accepts form-encoded bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.post<{ Params: { id: string }; Headers: { 'x-receipt-key'?: string } }>(
    '/donations/:id/checkout',
    {
      schema: {
        tags: ['donations'],
        description: 'Opens a hosted-checkout session for a pledge (its donor signed in, or whoever sends its receipt key); answers the gateway page to send the browser to.',
        response: { 200: object({ url: { ...string, description: "The gateway's hosted payment page." } }) },
        params: idParams,
        headers: receiptKeyHeaders,
      },
      config: { rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' } },
    },
    async (request) =>
      openCheckout(app, request.params.id, await app.readSession(request), request.headers[RECEIPT_KEY_HEADER], origin(app, request), request.log),
  );

  app.post<{ Body: Record<string, string> }>(
    '/payments/sslcommerz/ipn',
    { schema: { tags: ['payments'], description: "The gateway's Instant Payment Notification (form-encoded).", body: gatewayFormBody, response: { 200: object({ outcome: gatewayOutcome, reason: string }) } } },
    async (request, reply) => {
      if (!app.payments.gateway) throw notFound('This endpoint');
      try {
        const result = await handleCallback(app.db, app.payments.gateway, 'ipn', request.body, noticeSite(app.config));
        if (result.outcome === 'confirmed') app.mail.kick();
        // Answered 200 whatever the outcome: the callback was received and recorded; only staff act on a rejection.
        return reply.send({ outcome: result.outcome, reason: result.reason });
      } catch (err) {
        // Unconfirmed because the gateway could not be asked: a 502 makes it send the IPN again later.
        if (err instanceof GatewayError) throw badGateway(err.message);
        throw err;
      }
    },
  );

  // The donor's browser comes back here, posting the gateway's fields. Success is checked like an IPN (the IPN may
  // be late or blocked); then the donor lands on the receipt, which shows what happened.
  for (const result of ['success', 'fail', 'cancel'] as const) {
    app.post<{ Body: Record<string, string> }>(
      `/payments/sslcommerz/${result}`,
      { schema: { tags: ['payments'], description: `Where the gateway sends the donor's browser after a ${result}.`, body: gatewayFormBody, response: { 303: redirect('To the donation\'s receipt (or the donate page when the transaction is unknown).') } } },
      async (request, reply) => {
        if (!app.payments.gateway) throw notFound('This endpoint');
        let donationId: string | null = null;
        let payment: string = result;
        if (result === 'success') {
          try {
            const outcome = await handleCallback(app.db, app.payments.gateway, 'success', request.body, noticeSite(app.config));
            if (outcome.outcome === 'confirmed') app.mail.kick();
            donationId = outcome.donationId;
            payment = outcome.outcome === 'rejected' ? 'unverified' : 'success';
          } catch (err) {
            if (!(err instanceof GatewayError)) throw err;
            payment = 'unverified';
          }
        }
        if (!donationId && typeof request.body.tran_id === 'string') donationId = await donationOfTransaction(app.db, request.body.tran_id);
        // Back to the receipt, without its key: these addresses answer anyone who posts a transaction id (fail and
        // cancel carry no signature), so they must not hand out the key. The page that sent the donor to the
        // gateway kept the key in this tab's session storage and takes it from there.
        const target = donationId ? receiptPath(donationId, undefined, { payment }) : '/donate';
        return reply.redirect(target, 303);
      },
    );
  }

  app.get(
    '/staff/gateway-events',
    { schema: { tags: ['staff'], security: [{ bearer: [] }], description: 'The latest 100 gateway callbacks, newest first.', response: { 200: object({ items: arrayOf(gatewayEventSchema) }) } }, onRequest: app.requireStaff },
    async () => gatewayEvents(app.db),
  );
}
