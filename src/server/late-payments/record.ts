/**
 * An owner's repayment record, shown to future investors on each of the owner's project pages: counts only, no
 * person named. Over every instalment of every agreement the owner accepted:
 * - on time: marked paid by the end of its due date (Dhaka), late: marked paid after it;
 * - overdue: not paid after its due date, in an agreement not in default; in default: not paid, in an agreement in
 *   default (DEFAULT_AFTER_DAYS).
 * Instalments not yet due are not counted, except as `upcoming`.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { CalendarDate } from '../../shared/format/dhaka-calendar';
import type { RepaymentRecord } from '../../shared/api/repayment-record';

export async function repaymentRecord(db: Kysely<DB>, ownerId: string, today: CalendarDate): Promise<RepaymentRecord> {
  const row = await db
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
  return {
    onTime: Number(row.on_time),
    late: Number(row.late),
    overdue: Number(row.overdue),
    inDefault: Number(row.in_default),
    upcoming: Number(row.upcoming),
    agreementsInDefault: Number(row.agreements_in_default),
  };
}
