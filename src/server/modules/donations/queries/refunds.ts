/** Staff's refund queue: donations due a refund or refunded, with their donor's contact and the project. */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;
export type RefundStatus = 'refund_due' | 'refunded';

/** One donation of the queue: what to send back, to whom, how they paid, and the refund once recorded. */
function refundRows(db: Db) {
  return db
    .selectFrom('donations as d')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .leftJoin('users as u', 'u.id', 'd.donor_id')
    .leftJoin('users as r', 'r.id', 'd.refunded_by')
    .select([
      'd.id', 'd.reference', 'd.status', 'd.amount', 'd.payment_method', 'd.data', 'd.decided_at', 'd.refund_reference', 'd.refunded_at',
      'p.id as project_id', 'p.title as project_title', 'p.closed_at', 'u.email as donor_email', 'u.phone as donor_phone', 'r.email as refunded_by',
    ]);
}

export type RefundRow = Awaited<ReturnType<ReturnType<typeof refundRows>['execute']>>[number];

/** Up to 200 of one status: due ones oldest first (the queue), refunded ones newest first. */
export function refundsOf(db: Db, status: RefundStatus): Promise<RefundRow[]> {
  const due = status === 'refund_due';
  return refundRows(db)
    .where('d.status', '=', status)
    .orderBy(due ? 'd.created_at' : 'd.refunded_at', due ? 'asc' : 'desc')
    .limit(200)
    .execute();
}

/** One donation as the queue shows it. */
export function refundRow(db: Db, id: string): Promise<RefundRow> {
  return refundRows(db).where('d.id', '=', id).executeTakeFirstOrThrow();
}

/** Records the refund of a donation due one; undefined when it is not due one (or does not exist). */
export function markRefunded(trx: Transaction<DB>, id: string, refund: { reference: string; at: Date; by: string }) {
  return trx
    .updateTable('donations')
    .set({ status: 'refunded', refund_reference: refund.reference, refunded_at: refund.at, refunded_by: refund.by })
    .where('id', '=', id)
    .where('status', '=', 'refund_due')
    .returning(['id', 'donor_id', 'amount', 'reference', 'receipt_key', 'data', 'language'])
    .executeTakeFirst();
}
