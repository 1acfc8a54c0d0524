/** Staff's late-payment queries: the agreements in default and the charity account (charges and payments out). */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../../db/schema';

/** How many rows each of staff's lists shows. */
const LIST_LIMIT = 200;
/** One disbursement at a time: the balance it is checked against cannot change under it. */
const CHARITY_LOCK = 0x6c617465;

/** Agreements in default, longest first, with their parties' contacts, and their unpaid instalments and open charges. */
export async function agreementsInDefault(db: Kysely<DB>) {
  const agreements = await db
    .selectFrom('agreement_requests as a')
    .innerJoin('projects as p', 'p.id', 'a.project_id')
    .innerJoin('users as o', 'o.id', 'p.owner_id')
    .innerJoin('users as inv', 'inv.id', 'a.investor_id')
    .select(['a.id', 'a.amount', 'a.in_default_since', 'a.decided_at', 'p.id as project_id', 'p.title', 'o.email as owner_email', 'o.phone as owner_phone', 'inv.email as investor_email'])
    .where('a.in_default_since', 'is not', null)
    .orderBy('a.in_default_since')
    .orderBy('a.id')
    .limit(LIST_LIMIT)
    .execute();
  const ids = agreements.map((a) => a.id);
  const unpaid = ids.length
    ? await db.selectFrom('instalments').select(['agreement_id', 'amount', 'due_on']).where('agreement_id', 'in', ids).where('status', '=', 'due').orderBy('due_on').execute()
    : [];
  const charges = ids.length ? await db.selectFrom('late_charges').selectAll().where('agreement_id', 'in', ids).where('status', '<>', 'settled').execute() : [];
  return { agreements, unpaid, charges };
}

/** The charity account's sums by charge status, the accruing charges, and what was paid out (in `db`). */
export async function charitySums(db: Kysely<DB>) {
  const sums = await db
    .selectFrom('late_charges')
    .select(['status', sql<string>`coalesce(sum(amount), 0)::text`.as('amount')])
    .groupBy('status')
    .execute();
  const accruing = await db.selectFrom('late_charges').selectAll().where('status', '=', 'accruing').execute();
  const disbursed = await db.selectFrom('charity_disbursements').select(sql<string>`coalesce(sum(amount), 0)::text`.as('amount')).executeTakeFirstOrThrow();
  return { sums, accruing, disbursed: disbursed.amount };
}

/** The charges owing (accruing first, then owed, soonest due) and received (newest), with their instalment and people. */
export async function charityCharges(db: Kysely<DB>) {
  const charges = () =>
    db
      .selectFrom('late_charges as c')
      .innerJoin('projects as p', 'p.id', 'c.project_id')
      .innerJoin('instalments as i', 'i.id', 'c.instalment_id')
      .innerJoin('users as o', 'o.id', 'c.owner_id')
      .leftJoin('users as s', 's.id', 'c.settled_by')
      .selectAll('c')
      .select(['p.title', 'i.seq', 'o.email as owner_email', 's.email as settled_by_email']);
  const owing = await charges().where('c.status', '<>', 'settled').orderBy('c.status', 'desc').orderBy('c.due_on').orderBy('c.id').limit(LIST_LIMIT).execute();
  const received = await charges().where('c.status', '=', 'settled').orderBy('c.settled_at', 'desc').orderBy('c.id').limit(LIST_LIMIT).execute();
  return { owing, received };
}

export type CharityChargeRow = Awaited<ReturnType<typeof charityCharges>>['owing'][number];

/** Payments out of the charity account, newest first, with who recorded them. */
export function disbursements(db: Kysely<DB>) {
  return db
    .selectFrom('charity_disbursements as d')
    .innerJoin('users as u', 'u.id', 'd.recorded_by')
    .selectAll('d')
    .select('u.email as recorded_by_email')
    .orderBy('d.paid_on', 'desc')
    .orderBy('d.created_at', 'desc')
    .limit(LIST_LIMIT)
    .execute();
}

/** Marks an owed charge received; undefined when it is not owed. */
export function settleCharge(trx: Transaction<DB>, id: string, set: { settled_at: Date; settled_by: string; reference: string; note: string | null }) {
  return trx
    .updateTable('late_charges')
    .set({ status: 'settled', ...set })
    .where('id', '=', id)
    .where('status', '=', 'owed')
    .returningAll()
    .executeTakeFirst();
}

export function chargeStatus(trx: Transaction<DB>, id: string) {
  return trx.selectFrom('late_charges').select('status').where('id', '=', id).executeTakeFirst();
}

/** Takes the charity account's lock, then reads what it received and what was paid out of it. */
export async function lockCharityBalance(trx: Transaction<DB>): Promise<{ received: string; paid: string }> {
  await sql`SELECT pg_advisory_xact_lock(${CHARITY_LOCK})`.execute(trx);
  const held = await trx
    .selectFrom('late_charges')
    .select(sql<string>`coalesce(sum(amount), 0)::text`.as('received'))
    .where('status', '=', 'settled')
    .executeTakeFirstOrThrow();
  const out = await trx.selectFrom('charity_disbursements').select(sql<string>`coalesce(sum(amount), 0)::text`.as('paid')).executeTakeFirstOrThrow();
  return { received: held.received, paid: out.paid };
}

export function insertDisbursement(trx: Transaction<DB>, values: { amount: string; recipient: string; reference: string; paid_on: string; note: string | null; recorded_by: string }) {
  return trx.insertInto('charity_disbursements').values(values).returningAll().executeTakeFirstOrThrow();
}
