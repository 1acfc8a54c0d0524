/**
 * What happens when the gateway calls back (IPN, or the donor's browser returning to the success URL with the same
 * signed fields). Nothing changes unless the signature is right, the tran_id is one of our sessions, this val_id
 * was not used before, and the gateway's validation API says VALID for that tran_id with the session's exact amount
 * in taka. Then the pledge is confirmed by itself, audited like a staff confirmation. Every callback leaves a row in
 * gateway_events, which staff see.
 */
import type { Kysely } from 'kysely';
import type { DB, GatewayOutcome } from '../db/schema';
import { audit } from '../audit';
import { notifyDonationConfirmed } from '../notices/notify';
import { settleProject } from '../market/projects';
import { toPaisa } from '../../shared/domain/money';
import { GatewayError, signatureValid, validatePayment, type SslcommerzSettings } from './sslcommerz';
import type { NoticeSite } from '../notices/links';

export interface CallbackResult {
  outcome: GatewayOutcome;
  reason: string;
  donationId: string | null;
}

const GATEWAY = 'sslcommerz';
const MAX_FIELD = 500;

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

  const record = async (outcome: GatewayOutcome, reason: string): Promise<CallbackResult> => {
    await db
      .insertInto('gateway_events')
      .values({ gateway: GATEWAY, kind, tran_id: tranId, val_id: valId, donation_id: donationId, outcome, reason, amount: fields.amount ?? null, currency: fields.currency ?? null, payload: JSON.stringify(fields) })
      .execute();
    return { outcome, reason, donationId };
  };

  if (!tranId || !valId) return record('rejected', 'Missing tran_id or val_id.');
  if (!signatureValid(fields, s.storePassword)) return record('rejected', 'Signature (verify_sign) does not match: forged or altered callback.');
  const session = await db.selectFrom('payment_sessions').selectAll().where('tran_id', '=', tranId).executeTakeFirst();
  if (!session) return record('rejected', `Unknown tran_id ${tranId}: no checkout session of ours.`);
  donationId = session.donation_id;

  const used = await db.selectFrom('gateway_events').select('id').where('val_id', '=', valId).where('outcome', '=', 'confirmed').executeTakeFirst();
  if (used) return record('unchanged', 'Replayed callback: this payment (val_id) was already accepted.');
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
    const confirmed = await trx
      .updateTable('donations')
      .set({ status: 'confirmed', staff_note: note, decided_at: new Date() })
      .where('id', '=', session.donation_id)
      .where('status', '=', 'pledged')
      .returning(['id', 'project_id'])
      .executeTakeFirst();
    const event = (outcome: GatewayOutcome, reason: string) =>
      trx
        .insertInto('gateway_events')
        .values({ gateway: GATEWAY, kind, tran_id: tranId, val_id: valId, donation_id: donationId, outcome, reason, amount: fields.amount ?? null, currency: fields.currency ?? null, payload: JSON.stringify(fields) })
        .execute();
    if (!confirmed) {
      const now = await trx.selectFrom('donations').select('status').where('id', '=', session.donation_id).executeTakeFirstOrThrow();
      await event('unchanged', `The pledge is already ${now.status}; nothing changed.`);
      return { outcome: 'unchanged' as const, reason: `The pledge is already ${now.status}.`, donationId };
    }
    await event('confirmed', 'Signature and validation API agree: pledge confirmed.');
    await audit(trx, { actorId: null, action: 'donation.confirm', subjectType: 'donation', subjectId: confirmed.id, before: 'pledged', after: 'confirmed', note });
    await settleProject(trx, confirmed.project_id, null);
    await notifyDonationConfirmed(trx, confirmed.id, site);
    return { outcome: 'confirmed' as const, reason: 'Pledge confirmed.', donationId };
  });
}
