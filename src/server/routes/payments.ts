/**
 * The hosted-checkout gateway (SSLCommerz), when PAYMENT_GATEWAY is set: "Pay now" opens a session for a pledge;
 * the gateway's IPN and the donor's return to the success URL are checked (signature, then the validation API) and
 * confirm the pledge; fail and cancel only send the donor back to the receipt. Every callback is recorded for staff
 * (GET /staff/gateway-events). Agreement investments never go through the gateway: only donations have sessions.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { badGateway, conflict, notFound } from '../errors';
import { receiptKeyHeaders, viewableDonation } from './donations';
import { receiptPath, RECEIPT_KEY_HEADER } from '../../shared/donations/receipt-link';
import { noticeSite } from '../notices/links';
import { handleCallback } from '../payments/callbacks';
import { createSession, GatewayError } from '../payments/sslcommerz';
import type { DonateForm } from '../../shared/generated/form-types';
import { arrayOf, dateTime, idParams, object, redirect, string, stringOrNull } from './schemas';

const outcome = { type: 'string', enum: ['confirmed', 'unchanged', 'rejected'] } as const;

/** A gateway callback as staff read it. */
const gatewayEventSchema = object({
  id: { type: 'string', pattern: '^[0-9]+$' },
  gateway: string,
  kind: string,
  tranId: stringOrNull,
  valId: stringOrNull,
  reference: { ...stringOrNull, description: "The donation's payment reference, when the callback named one." },
  outcome,
  reason: string,
  amount: { ...stringOrNull, description: 'As the gateway sent it.' },
  currency: stringOrNull,
  at: dateTime,
});

/** The gateway posts its fields form-encoded; they are read as a flat string map and checked in code. */
const formBody = { type: 'object', additionalProperties: { type: 'string' }, maxProperties: 100 } as const;
const FORM_LIMIT = 32 * 1024;

/** The site's origin for the gateway's return and IPN URLs: PUBLIC_URL, or the address this request came to. */
function origin(app: FastifyInstance, request: FastifyRequest): string {
  return app.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

export default async function paymentRoutes(app: FastifyInstance): Promise<void> {
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
    async (request) => {
      const { row } = await viewableDonation(app, request.params.id, await app.readSession(request), request.headers[RECEIPT_KEY_HEADER]);
      const gateway = app.payments.gateway;
      if (row.status !== 'pledged') throw conflict(`This donation is already ${row.status}.`);
      if (!gateway || !app.payments.canPayOnline(row.payment_method, row.amount)) {
        throw conflict(`Online payment is not available for ${row.payment_method} pledges: pay as the receipt says.`);
      }
      const tranId = `${row.reference}-${randomBytes(4).toString('hex').toUpperCase()}`;
      const data = row.data as Partial<DonateForm>;
      const donor = row.donor_id ? await app.db.selectFrom('users').select(['email', 'phone']).where('id', '=', row.donor_id).executeTakeFirst() : undefined;
      const base = origin(app, request);
      const back = `${base}/api/v1/payments/sslcommerz`;
      try {
        const session = await createSession(gateway, {
          tranId,
          amount: row.amount,
          currency: 'BDT',
          successUrl: `${back}/success`,
          failUrl: `${back}/fail`,
          cancelUrl: `${back}/cancel`,
          ipnUrl: `${back}/ipn`,
          productName: `Donation ${row.reference}: ${row.project_title}`,
          customer: { name: data.name || 'Donor', email: data.email || donor?.email || 'donor@invalid.example', phone: donor?.phone || '01000000000' },
        });
        await app.db.insertInto('payment_sessions').values({ tran_id: tranId, donation_id: row.id, gateway: 'sslcommerz', amount: row.amount, currency: 'BDT', session_key: session.sessionKey }).execute();
        return { url: session.pageUrl };
      } catch (err) {
        if (err instanceof GatewayError) {
          request.log.warn({ err }, 'payment gateway session failed');
          throw badGateway(`Online payment is not available right now: ${err.message}. You can still pay as the receipt says.`);
        }
        throw err;
      }
    },
  );

  app.post<{ Body: Record<string, string> }>(
    '/payments/sslcommerz/ipn',
    { schema: { tags: ['payments'], description: "The gateway's Instant Payment Notification (form-encoded).", body: formBody, response: { 200: object({ outcome, reason: string }) } } },
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
      { schema: { tags: ['payments'], description: `Where the gateway sends the donor's browser after a ${result}.`, body: formBody, response: { 303: redirect('To the donation\'s receipt (or the donate page when the transaction is unknown).') } } },
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
        if (!donationId && typeof request.body.tran_id === 'string') {
          const session = await app.db.selectFrom('payment_sessions').select('donation_id').where('tran_id', '=', request.body.tran_id).executeTakeFirst();
          donationId = session?.donation_id ?? null;
        }
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
    async () => {
      const rows = await app.db
        .selectFrom('gateway_events as e')
        .leftJoin('donations as d', 'd.id', 'e.donation_id')
        .select(['e.id', 'e.gateway', 'e.kind', 'e.tran_id', 'e.val_id', 'e.outcome', 'e.reason', 'e.amount', 'e.currency', 'e.created_at', 'd.reference'])
        .orderBy('e.id', 'desc')
        .limit(100)
        .execute();
      return {
        items: rows.map((r) => ({
          id: r.id,
          gateway: r.gateway,
          kind: r.kind,
          tranId: r.tran_id,
          valId: r.val_id,
          reference: r.reference,
          outcome: r.outcome,
          reason: r.reason,
          amount: r.amount,
          currency: r.currency,
          at: r.created_at.toISOString(),
        })),
      };
    },
  );
}
