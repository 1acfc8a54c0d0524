/** The donations themselves: a pledge stored, read for its receipt or a list, and decided by staff or the gateway. */
import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { DB, DonationsTable } from '../../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** Stores a pledge; answers its row. */
export function insertDonation(trx: Transaction<DB>, values: Insertable<DonationsTable>) {
  return trx.insertInto('donations').values(values).returningAll().executeTakeFirstOrThrow();
}

/** A donation with its project's title, or undefined. */
export function donationWithProject(db: Db, id: string) {
  return db
    .selectFrom('donations as d')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .selectAll('d')
    .select('p.title as project_title')
    .where('d.id', '=', id)
    .executeTakeFirst();
}

/** A donor's donations with their projects' titles, for a newest-first page (on the donor's index: donor_id, created_at, id). */
export function donationsOfDonor(db: Db, donorId: string) {
  return db
    .selectFrom('donations as d')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .selectAll('d')
    .select(['p.title as project_title', sql<string>`d.created_at::text`.as('created_key')])
    .where('d.donor_id', '=', donorId);
}

/** Staff's list, oldest first, up to 200: the donations of one payment reference (any status), else of one status. */
export function staffDonations(db: Db, by: { reference: string } | { status: 'pledged' | 'confirmed' | 'cancelled' }) {
  const query = db.selectFrom('donations as d').innerJoin('projects as p', 'p.id', 'd.project_id').selectAll('d').select(['p.title as project_title']);
  return ('reference' in by ? query.where('d.reference', '=', by.reference) : query.where('d.status', '=', by.status)).orderBy('d.created_at', 'asc').limit(200).execute();
}

/** Decides a pledge (only while it is pledged); undefined when it is not one any more, or does not exist. */
export function decidePledge(trx: Transaction<DB>, id: string, set: Updateable<DonationsTable>) {
  return trx.updateTable('donations').set(set).where('id', '=', id).where('status', '=', 'pledged').returningAll().executeTakeFirst();
}

/** A donation's status, or undefined when there is no such donation. */
export async function statusOf(db: Db, id: string) {
  return (await db.selectFrom('donations').select('status').where('id', '=', id).executeTakeFirst())?.status;
}

/** What the confirmation notice of a donation says: its amount, reference, receipt, donor and project. */
export function confirmedNoticeRow(trx: Transaction<DB>, id: string) {
  return trx
    .selectFrom('donations as d')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .select(['d.id', 'd.donor_id', 'd.amount', 'd.reference', 'd.receipt_key', 'd.data', 'd.language', 'p.title'])
    .where('d.id', '=', id)
    .executeTakeFirstOrThrow();
}

/** A signed-in donor's e-mail and phone (the gateway's checkout asks for them). */
export function donorContact(db: Db, userId: string) {
  return db.selectFrom('users').select(['email', 'phone']).where('id', '=', userId).executeTakeFirst();
}
