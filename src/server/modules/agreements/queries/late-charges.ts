/** The late payments' queries: late charges for charity, agreements into and out of default. */
import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, LateChargesTable } from '../../../db/schema';
import type { CalendarDate } from '../../../../shared/format/dhaka-calendar';

export type LateChargeRow = Selectable<LateChargesTable>;

/** The charges of instalments by id (the owner's, shown on their schedule). */
export function chargesOfInstalments(db: Kysely<DB>, instalmentIds: string[]): Promise<LateChargeRow[]> {
  return db.selectFrom('late_charges').selectAll().where('instalment_id', 'in', instalmentIds).execute();
}

export function chargeOfInstalment(db: Kysely<DB>, instalmentId: string) {
  return db.selectFrom('late_charges').selectAll().where('instalment_id', '=', instalmentId).executeTakeFirst();
}

/** An owner's charges (of one agreement when given). */
export function chargesOfOwner(db: Kysely<DB>, ownerId: string, agreement: string | undefined): Promise<LateChargeRow[]> {
  let query = db.selectFrom('late_charges').selectAll().where('owner_id', '=', ownerId);
  if (agreement) query = query.where('agreement_id', '=', agreement);
  return query.execute();
}

/** Unpaid instalments due before `dueBefore` that have no charge yet, soonest due first. */
export function chargeCandidates(trx: Transaction<DB>, dueBefore: CalendarDate) {
  return trx
    .selectFrom('instalments as i')
    .innerJoin('projects as p', 'p.id', 'i.project_id')
    .leftJoin('late_charges as c', 'c.instalment_id', 'i.id')
    .select(['i.id', 'i.agreement_id', 'i.project_id', 'i.owner_id', 'i.amount', 'i.due_on', 'i.seq', 'p.title'])
    .where('i.status', '=', 'due')
    .where('i.due_on', '<', dueBefore)
    .where('c.id', 'is', null)
    .orderBy('i.due_on')
    .execute();
}

/** Opens a charge once per instalment; undefined when it already had one. */
export function insertCharge(trx: Transaction<DB>, values: Insertable<LateChargesTable>) {
  return trx.insertInto('late_charges').values(values).onConflict((oc) => oc.column('instalment_id').doNothing()).returning('id').executeTakeFirst();
}

/** An instalment's charge, locked while it is fixed. */
export function lockChargeOf(trx: Transaction<DB>, instalmentId: string) {
  return trx.selectFrom('late_charges').selectAll().where('instalment_id', '=', instalmentId).forUpdate().executeTakeFirst();
}

export async function deleteCharge(trx: Transaction<DB>, id: string): Promise<void> {
  await trx.deleteFrom('late_charges').where('id', '=', id).execute();
}

export async function fixCharge(trx: Transaction<DB>, id: string, amount: string, paidOn: CalendarDate): Promise<void> {
  await trx.updateTable('late_charges').set({ status: 'owed', amount, paid_on: paidOn }).where('id', '=', id).execute();
}

/** Accepted agreements not in default with an instalment due on or before `dueBy`, with their oldest such due date. */
export function defaultCandidates(trx: Transaction<DB>, dueBy: CalendarDate) {
  return trx
    .selectFrom('instalments as i')
    .innerJoin('agreement_requests as a', 'a.id', 'i.agreement_id')
    .innerJoin('projects as p', 'p.id', 'i.project_id')
    .select(['a.id', 'a.amount', 'i.owner_id', 'i.investor_id', 'p.title', sql<string>`min(i.due_on)::text`.as('oldest')])
    .where('i.status', '=', 'due')
    .where('i.due_on', '<=', dueBy)
    .where('a.status', '=', 'accepted')
    .where('a.in_default_since', 'is', null)
    .groupBy(['a.id', 'a.amount', 'i.owner_id', 'i.investor_id', 'p.title'])
    .orderBy('a.id')
    .execute();
}

/** Puts an agreement in default, once; whether it did. */
export async function setInDefault(trx: Transaction<DB>, agreementId: string, now: Date): Promise<boolean> {
  const set = await trx.updateTable('agreement_requests').set({ in_default_since: now }).where('id', '=', agreementId).where('in_default_since', 'is', null).executeTakeFirst();
  return Boolean(set.numUpdatedRows);
}

/** Agreements in default (all, or the one given) with no instalment due before `today` leave default; their ids. */
export function clearInDefault(trx: Transaction<DB>, today: CalendarDate, agreementId?: string) {
  let query = trx
    .updateTable('agreement_requests as a')
    .set({ in_default_since: null })
    .where('a.in_default_since', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('instalments as i').select('i.id').whereRef('i.agreement_id', '=', 'a.id').where('i.status', '=', 'due').where('i.due_on', '<', today))),
    );
  if (agreementId) query = query.where('a.id', '=', agreementId);
  return query.returning('a.id').execute();
}

/** A charge fixed at once (an instalment paid late before any job opened its charge). */
export async function insertOwedCharge(trx: Transaction<DB>, values: Insertable<LateChargesTable>): Promise<void> {
  await trx.insertInto('late_charges').values(values).execute();
}
