/**
 * The platform's and a person's figures, from the counters the database keeps in the transactions that move money or
 * change a status (platform_figures, user_figures, country_figures; migrations 009 and 015): primary-key reads,
 * whatever the number of projects or donations.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../db/schema';

/** The one row of platform counters (undefined before the first). */
export function platformFiguresRow(db: Kysely<DB>) {
  return db.selectFrom('platform_figures').selectAll().executeTakeFirst();
}

export interface SummaryCounters {
  invested: string | null;
  investors: number | null;
  invested_projects: number | null;
  open_projects: number | null;
  invitations: number | null;
  countries: string;
  my_invested: string | null;
  my_received: string | null;
  my_fundraising: string | null;
  my_returned: string | null;
  my_got: string | null;
}

/** The platform's counters and the user's own, in one query. */
export async function summaryCounters(db: Kysely<DB>, userId: string): Promise<SummaryCounters> {
  const { rows } = await sql<SummaryCounters>`
    SELECT p.invested, p.investors, p.invested_projects, p.open_projects, p.invitations,
           (SELECT count(*) FROM country_figures WHERE projects > 0 OR profiles > 0) AS countries,
           u.invested AS my_invested, u.received AS my_received, u.fundraising AS my_fundraising,
           u.returned AS my_returned, u.got AS my_got
      FROM (SELECT 1) one
      LEFT JOIN platform_figures p ON true
      LEFT JOIN user_figures u ON u.user_id = ${userId}`.execute(db);
  return rows[0]!;
}
