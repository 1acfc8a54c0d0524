/** People's acknowledgments of a version of the risk statement (table risk_acknowledgments, migration 027). */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** When the person acknowledged statement version `version` (null: never). */
export async function acknowledgedAt(db: Db, userId: string, version: number): Promise<Date | null> {
  const row = await db.selectFrom('risk_acknowledgments').select('acknowledged_at').where('user_id', '=', userId).where('statement_version', '=', version).executeTakeFirst();
  return row?.acknowledged_at ?? null;
}

/** Stores an acknowledgment once; when it was stored, or null when the person had acknowledged that version already. */
export async function insertAcknowledgment(trx: Transaction<DB>, userId: string, version: number): Promise<Date | null> {
  const inserted = await trx
    .insertInto('risk_acknowledgments')
    .values({ user_id: userId, statement_version: version })
    .onConflict((oc) => oc.columns(['user_id', 'statement_version']).doNothing())
    .returning('acknowledged_at')
    .executeTakeFirst();
  return inserted?.acknowledged_at ?? null;
}
