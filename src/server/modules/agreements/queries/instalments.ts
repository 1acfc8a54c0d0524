/** The instalments' queries: schedules a page at a time, their sums, a party's step, the clock's marks and reminders. */
import { sql, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { DB, InstalmentsTable } from '../../../db/schema';
import type { CalendarDate } from '../../../../shared/format/dhaka-calendar';
import { decodeCursor, keysetPage } from '../../../db/cursor';

/** An instalment with what its view shows of the project and the agreement. */
export type InstalmentRow = Selectable<InstalmentsTable> & { project_title: string; investor_name: string | null; agreement_amount: string; in_default_since: Date | null };
export type Party = 'owner_id' | 'investor_id';

/** The instalments with what their views show (in `db`: a transaction's own, for a step's answer). */
function instalmentRows(db: Kysely<DB>) {
  return db
    .selectFrom('instalments as i')
    .innerJoin('projects as p', 'p.id', 'i.project_id')
    .innerJoin('agreement_requests as a', 'a.id', 'i.agreement_id')
    .selectAll('i')
    .select(['p.title as project_title', 'a.amount as agreement_amount', 'a.in_default_since', (eb) => eb.ref('a.data', '->>').key('investorName').as('investor_name'), sql<string>`i.due_on::text`.as('due_key')]);
}

/**
 * A person's instalments (as owner or investor), soonest due first (one date's agreements always in the same
 * order), a page at a time on the index (person, due_on, agreement_id, id); `agreement` keeps one agreement's.
 */
export async function schedulePage(db: Kysely<DB>, column: Party, userId: string, cursor: string | undefined, limit: number, agreement: string | undefined) {
  const after = cursor ? decodeCursor(cursor, 'due') : null;
  let query = instalmentRows(db).where(`i.${column}`, '=', userId);
  if (agreement) query = query.where('i.agreement_id', '=', agreement);
  if (after) {
    const [due, agreementId] = after[0].split('~');
    query = query.where(sql<boolean>`(i.due_on, i.agreement_id, i.id) > (${due}::date, ${agreementId}::uuid, ${after[1]}::uuid)`);
  }
  const rows = (await query.orderBy('i.due_on').orderBy('i.agreement_id').orderBy('i.id').limit(limit + 1).execute()) as (InstalmentRow & { due_key: string })[];
  return keysetPage(rows, limit, 'due', (r) => `${r.due_key}~${r.agreement_id}`);
}

/** One instalment's view row. */
export async function instalmentRow(db: Kysely<DB>, id: string): Promise<InstalmentRow> {
  return (await instalmentRows(db).where('i.id', '=', id).executeTakeFirstOrThrow()) as InstalmentRow;
}

/** The sums by status, in the database: one row per status, whatever the number of instalments. */
export function statusSums(db: Kysely<DB>, column: Party, userId: string, agreement: string | undefined) {
  let sums = db
    .selectFrom('instalments')
    .select(['status', sql<string>`sum(amount)::text`.as('amount'), sql<number>`count(*)::int`.as('count')])
    .where(column, '=', userId)
    .groupBy('status');
  if (agreement) sums = sums.where('agreement_id', '=', agreement);
  return sums.execute();
}

/** Moves an instalment of `userId`'s (as `party`) from `from`; undefined when it was not theirs or not in `from`. */
export function stepInstalment(trx: Transaction<DB>, id: string, userId: string, party: Party, from: 'due' | 'paid', set: Updateable<InstalmentsTable>) {
  return trx
    .updateTable('instalments')
    .set(set)
    .where('id', '=', id)
    .where(party, '=', userId)
    .where('status', '=', from)
    .returning(['id', 'seq', 'amount', 'owner_id', 'investor_id', 'project_id', 'agreement_id', 'due_on'])
    .executeTakeFirst();
}

export function projectTitle(trx: Transaction<DB>, projectId: string) {
  return trx.selectFrom('projects').select('title').where('id', '=', projectId).executeTakeFirstOrThrow();
}

/** An instalment's status and its party (why a step did not happen). */
export function instalmentParty(db: Kysely<DB>, id: string, party: Party) {
  return db.selectFrom('instalments').select(['status', party]).where('id', '=', id).executeTakeFirst();
}

/** An owner's repayment record's counts (record.ts says what each means). */
export function repaymentCounts(db: Kysely<DB>, ownerId: string, today: CalendarDate) {
  return db
    .selectFrom('instalments as i')
    .innerJoin('agreement_requests as a', 'a.id', 'i.agreement_id')
    .select([
      sql<string>`count(*) FILTER (WHERE i.status <> 'due' AND dhaka_date(i.paid_at) <= i.due_on)`.as('on_time'),
      sql<string>`count(*) FILTER (WHERE i.status <> 'due' AND dhaka_date(i.paid_at) > i.due_on)`.as('late'),
      sql<string>`count(*) FILTER (WHERE i.status = 'due' AND i.due_on < ${today} AND a.in_default_since IS NULL)`.as('overdue'),
      sql<string>`count(*) FILTER (WHERE i.status = 'due' AND i.due_on < ${today} AND a.in_default_since IS NOT NULL)`.as('in_default'),
      sql<string>`count(*) FILTER (WHERE i.status = 'due' AND i.due_on >= ${today})`.as('upcoming'),
      sql<string>`count(DISTINCT a.id) FILTER (WHERE a.in_default_since IS NOT NULL)`.as('agreements_in_default'),
    ])
    .where('i.owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
}

/** Instalments still due before `today` and not yet marked overdue are marked, once; their ids. */
export function markOverdueBefore(trx: Transaction<DB>, today: CalendarDate, now: Date) {
  return trx.updateTable('instalments').set({ overdue_at: now }).where('status', '=', 'due').where('overdue_at', 'is', null).where('due_on', '<', today).returning('id').execute();
}

/** An instalment as its notices name it. */
export interface DueInstalment {
  id: string;
  seq: number;
  amount: string;
  due_on: string;
  owner_id: string;
  investor_id: string;
  agreement_id: string;
  title: string;
}

const NAMED = ['i.id', 'i.seq', 'i.amount', 'i.due_on', 'i.owner_id', 'i.investor_id', 'i.agreement_id', 'p.title'] as const;

/**
 * Claims the due instalments not yet reminded of `which` reminder whose due date is in [from, to], marking them
 * reminded (each reminder once).
 */
export async function claimReminders(trx: Transaction<DB>, which: 'reminded_before_at' | 'reminded_due_at', from: CalendarDate, to: CalendarDate, now: Date): Promise<DueInstalment[]> {
  return (await trx
    .updateTable('instalments as i')
    .set({ [which]: now })
    .from('projects as p')
    .whereRef('p.id', '=', 'i.project_id')
    .where('i.status', '=', 'due')
    .where(`i.${which}`, 'is', null)
    .where('i.due_on', '>=', from)
    .where('i.due_on', '<=', to)
    .returning(NAMED)
    .execute()) as DueInstalment[];
}

/** Instalments by id, soonest due first, as their notices name them. */
export async function namedInstalments(trx: Transaction<DB>, ids: string[]): Promise<DueInstalment[]> {
  return trx.selectFrom('instalments as i').innerJoin('projects as p', 'p.id', 'i.project_id').select(NAMED).where('i.id', 'in', ids).orderBy('i.due_on').orderBy('i.id').execute();
}
