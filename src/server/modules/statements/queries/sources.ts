/**
 * Where a person's movements of money come from, and which income years have any (DOMAIN.md "Income year"):
 * investments by the instant they were accepted, instalments received by the instant they were confirmed, donations
 * by the instant they were confirmed, and as an owner funds raised (accepted agreements and confirmed donations of
 * their projects) and instalments by the instant they were marked paid. A year is a window of instants (years.ts).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../../db/schema';
import { incomeYearName, incomeYearOf, incomeYearStart } from '../../../../shared/domain/income-year';
import { dhakaDate } from '../../../../shared/format/dhaka-calendar';
import type { StatementYear } from '../../../../shared/api/statements';
import { statementYear, yearWindow, type YearWindow } from '../years';

/** The agreement state whose amount is an investment made (and raised). */
export const COUNTED_AGREEMENT = 'accepted';
/** The donation state whose amount was given (and raised). */
export const COUNTED_DONATION = 'confirmed';

/** Each source of movements as `from … where …` with its instant column, limited to a window when one is given. */
function sources(personId: string, window: YearWindow | null): { at: string; from: RawBuilder<unknown> }[] {
  const within = (column: string) => (window ? sql`${sql.ref(column)} >= ${window.from} and ${sql.ref(column)} < ${window.to}` : sql`${sql.ref(column)} is not null`);
  return [
    { at: 'a.decided_at', from: sql`from agreement_requests a where a.investor_id = ${personId} and a.status = ${COUNTED_AGREEMENT} and ${within('a.decided_at')}` },
    { at: 'i.confirmed_at', from: sql`from instalments i where i.investor_id = ${personId} and ${within('i.confirmed_at')}` },
    { at: 'd.decided_at', from: sql`from donations d where d.donor_id = ${personId} and d.status = ${COUNTED_DONATION} and ${within('d.decided_at')}` },
    { at: 'a.decided_at', from: sql`from projects p join agreement_requests a on a.project_id = p.id where p.owner_id = ${personId} and a.status = ${COUNTED_AGREEMENT} and ${within('a.decided_at')}` },
    { at: 'd.decided_at', from: sql`from projects p join donations d on d.project_id = p.id where p.owner_id = ${personId} and d.status = ${COUNTED_DONATION} and ${within('d.decided_at')}` },
    { at: 'i.paid_at', from: sql`from instalments i where i.owner_id = ${personId} and ${within('i.paid_at')}` },
  ];
}

/**
 * The income years in which the person has any movement of money, newest first. The first and last instants of
 * all their movements bound the candidates; each candidate is then one query of index look-ups, so a person with
 * a great many movements costs no more than one with a few.
 */
export async function yearsWithActivity(db: Kysely<DB>, personId: string): Promise<StatementYear[]> {
  const all = sources(personId, null);
  const bounds = await sql<{ first: Date | null; last: Date | null }>`select
      least(${sql.join(all.map((s) => sql`(select min(${sql.ref(s.at)}) ${s.from})`))}) as first,
      greatest(${sql.join(all.map((s) => sql`(select max(${sql.ref(s.at)}) ${s.from})`))}) as last`.execute(db);
  const { first, last } = bounds.rows[0] ?? { first: null, last: null };
  if (!first || !last) return [];
  const years: StatementYear[] = [];
  for (let start = incomeYearStart(incomeYearOf(dhakaDate(last))); start >= incomeYearStart(incomeYearOf(dhakaDate(first))); start--) {
    const year = incomeYearName(start);
    const checks = sources(personId, yearWindow(year)).map((s) => sql`exists (select 1 ${s.from})`);
    const found = await sql<{ any: boolean }>`select (${sql.join(checks, sql` or `)}) as any`.execute(db);
    if (found.rows[0]?.any) years.push(statementYear(year));
  }
  return years;
}
