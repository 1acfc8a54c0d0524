/**
 * The hosted-checkout gateway (SSLCommerz), when PAYMENT_GATEWAY is set: "Pay now" opens a session for a pledge, and
 * the gateway's callbacks (IPN, or the donor's browser returning to the success URL with the same signed fields)
 * confirm it. Nothing changes unless the signature is right, the tran_id is one of our sessions, this val_id was not
 * used before, and the gateway's validation API says VALID for that tran_id with the session's exact amount in taka.
 * Then the pledge is confirmed by `confirmDonation`, audited like a staff confirmation. Every callback leaves a row in
 * gateway_events, which staff see. Agreement investments never go through the gateway: only donations have sessions.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import type { DB, GatewayOutcome } from '../../db/schema';
import type { DonateForm } from '../../../shared/generated/form-types';
import type { SessionUser } from '../../plugins/auth';
import { badGateway, conflict } from '../../errors';
import { toPaisa } from '../../../shared/domain/money';
import type { NoticeSite } from '../notices/service';
import { createSession, GatewayError, signatureValid, validatePayment, type SslcommerzSettings } from './sslcommerz';
import { donorContact, statusOf } from './queries/donations';
import { insertGatewayEvent, insertPaymentSession, latestGatewayEvents, paymentAccepted, paymentSession } from './queries/gateway';
import { confirmDonation, viewableDonation } from './service';
import { gatewayEventView } from './views';

export { GatewayError } from './sslcommerz';

export interface CallbackResult {
  outcome: GatewayOutcome;
  reason: string;
  donationId: string | null;
}

const GATEWAY = 'sslcommerz';
const MAX_FIELD = 500;

/**
 * Opens a hosted-checkout session for a pledge its viewer may see (`origin`: where the gateway sends the donor and
 * its IPN back); answers the gateway's page. 409 when the pledge cannot be paid online, 502 when the gateway fails.
 */
export async function openCheckout(app: FastifyInstance, id: string, viewer: SessionUser | null, key: string | undefined, origin: string, log: FastifyBaseLogger) {
  const { row } = await viewableDonation(app.db, id, viewer, key);
  const gateway = app.payments.gateway;
  if (row.status !== 'pledged') throw conflict(`This donation is already ${row.status}.`);
  if (!gateway || !app.payments.canPayOnline(row.payment_method, row.amount)) {
    throw conflict(`Online payment is not available for ${row.payment_method} pledges: pay as the receipt says.`);
  }
  const tranId = `${row.reference}-${randomBytes(4).toString('hex').toUpperCase()}`;
  const data = row.data as Partial<DonateForm>;
  const donor = row.donor_id ? await donorContact(app.db, row.donor_id) : undefined;
  const back = `${origin}/api/v1/payments/sslcommerz`;
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
    await insertPaymentSession(app.db, { tran_id: tranId, donation_id: row.id, gateway: 'sslcommerz', amount: row.amount, currency: 'BDT', session_key: session.sessionKey });
    return { url: session.pageUrl };
  } catch (err) {
    if (err instanceof GatewayError) {
      log.warn({ err }, 'payment gateway session failed');
      throw badGateway(`Online payment is not available right now: ${err.message}. You can still pay as the receipt says.`);
    }
    throw err;
  }
}

/** The donation a checkout transaction was opened for, or null. */
export async function donationOfTransaction(db: Kysely<DB>, tranId: string): Promise<string | null> {
  return (await paymentSession(db, tranId))?.donation_id ?? null;
}

/** The latest 100 gateway callbacks, newest first. */
export async function gatewayEvents(db: Kysely<DB>) {
  return { items: (await latestGatewayEvents(db)).map(gatewayEventView) };
}

/** Amount text from the gateway ("1000.00", "1000") in paisa, or null when it is not a plain amount. */
function paisaOf(text: unknown): bigint | null {
  if (typeof text !== 'string' || !/^\d{1,12}(\.\d{1,2})?$/.test(text.trim())) return null;
  return toPaisa(text.trim());
}

/** Checks a callback and confirms the pledge when everything agrees. `kind` says which URL it came to. */
export async function handleCallback(db: Kysely<DB>, s: SslcommerzSettings, kind: 'ipn' | 'success', raw: Record<string, unknown>, site: NoticeSite): Promise<CallbackResult> {
  // Form fields only, each bounded: what is stored for staff cannot grow without limit.
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw).slice(0, 100)) if (typeof v === 'string') fields[k] = v.slice(0, MAX_FIELD);
  const tranId = fields.tran_id ?? null;
  const valId = fields.val_id ?? null;
  let donationId: string | null = null;

  const event = (to: Kysely<DB>, outcome: GatewayOutcome, reason: string) =>
    insertGatewayEvent(to, { gateway: GATEWAY, kind, tran_id: tranId, val_id: valId, donation_id: donationId, outcome, reason, amount: fields.amount ?? null, currency: fields.currency ?? null, payload: JSON.stringify(fields) });
  const record = async (outcome: GatewayOutcome, reason: string): Promise<CallbackResult> => {
    await event(db, outcome, reason);
    return { outcome, reason, donationId };
  };

  if (!tranId || !valId) return record('rejected', 'Missing tran_id or val_id.');
  if (!signatureValid(fields, s.storePassword)) return record('rejected', 'Signature (verify_sign) does not match: forged or altered callback.');
  const session = await paymentSession(db, tranId);
  if (!session) return record('rejected', `Unknown tran_id ${tranId}: no checkout session of ours.`);
  donationId = session.donation_id;

  if (await paymentAccepted(db, valId)) return record('unchanged', 'Replayed callback: this payment (val_id) was already accepted.');
  if (fields.status !== 'VALID' && fields.status !== 'VALIDATED') return record('unchanged', `The gateway reports the payment as ${fields.status ?? 'without a status'}.`);
  if (fields.currency !== session.currency) return record('rejected', `Wrong currency: ${fields.currency ?? 'none'} instead of ${session.currency}.`);
  if (paisaOf(fields.amount) !== toPaisa(session.amount)) return record('rejected', `Wrong amount: ${fields.amount ?? 'none'} instead of ${session.amount}.`);

  let answer;
  try {
    answer = await validatePayment(s, valId);
  } catch (err) {
    if (err instanceof GatewayError) {
      await record('rejected', `Not confirmed: ${err.message}.`);
      throw err;
    }
    throw err;
  }
  // VALIDATED means someone already validated this payment: a replay, never a second confirmation.
  if (answer.status === 'VALIDATED') return record('unchanged', 'Replayed callback: the gateway says this payment was already validated.');
  if (answer.status !== 'VALID') return record('rejected', `The gateway's validation API answered ${answer.status}.`);
  if (answer.tran_id !== tranId) return record('rejected', `The validation API names another transaction (${String(answer.tran_id)}).`);
  if (answer.currency !== session.currency) return record('rejected', `Wrong currency at validation: ${String(answer.currency)} instead of ${session.currency}.`);
  if (paisaOf(answer.amount) !== toPaisa(session.amount)) return record('rejected', `Wrong amount at validation: ${String(answer.amount)} instead of ${session.amount}.`);

  const note = `Paid online through SSLCommerz (tran_id ${tranId}, val_id ${valId}${fields.bank_tran_id ? `, bank_tran_id ${fields.bank_tran_id}` : ''}).`;
  return db.transaction().execute(async (trx) => {
    const confirmed = await confirmDonation(trx, session.donation_id, { actorId: null, note, at: new Date(), site });
    if (!confirmed) {
      const now = await statusOf(trx, session.donation_id);
      await event(trx, 'unchanged', `The pledge is already ${now}; nothing changed.`);
      return { outcome: 'unchanged' as const, reason: `The pledge is already ${now}.`, donationId };
    }
    await event(trx, 'confirmed', 'Signature and validation API agree: pledge confirmed.');
    return { outcome: 'confirmed' as const, reason: 'Pledge confirmed.', donationId };
  });
}
