/** The gateway's records: checkout sessions opened for pledges, and every callback received (staff read them). */
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB, GatewayEventsTable, PaymentSessionsTable } from '../../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

export async function insertPaymentSession(db: Db, session: Insertable<PaymentSessionsTable>): Promise<void> {
  await db.insertInto('payment_sessions').values(session).execute();
}

/** The checkout session of a transaction id, or undefined. */
export function paymentSession(db: Db, tranId: string) {
  return db.selectFrom('payment_sessions').selectAll().where('tran_id', '=', tranId).executeTakeFirst();
}

export async function insertGatewayEvent(db: Db, event: Insertable<GatewayEventsTable>): Promise<void> {
  await db.insertInto('gateway_events').values(event).execute();
}

/** Whether a payment (its val_id) already confirmed a pledge. */
export async function paymentAccepted(db: Db, valId: string): Promise<boolean> {
  return (await db.selectFrom('gateway_events').select('id').where('val_id', '=', valId).where('outcome', '=', 'confirmed').executeTakeFirst()) !== undefined;
}

/** The latest 100 callbacks, newest first, with the reference of the donation each named. */
export function latestGatewayEvents(db: Db) {
  return db
    .selectFrom('gateway_events as e')
    .leftJoin('donations as d', 'd.id', 'e.donation_id')
    .select(['e.id', 'e.gateway', 'e.kind', 'e.tran_id', 'e.val_id', 'e.outcome', 'e.reason', 'e.amount', 'e.currency', 'e.created_at', 'd.reference'])
    .orderBy('e.id', 'desc')
    .limit(100)
    .execute();
}
