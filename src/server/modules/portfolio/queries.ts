/**
 * The portfolio's reads: the person's rows of the read model (`portfolio_days`, a few hundred rows whatever the number
 * of agreements) with their owner's counters, the held agreements a page at a time (each with its instalments in the
 * same query), and the owner's projects that took investments a page at a time (each project's instalments summed on
 * the index by project and due date). Only the person's own rows are ever read (every query is by their id).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { toPaisa } from '../../../shared/domain/money';
import type { DaySums, HeldInstalment } from '../../../shared/domain/portfolio-flows';
import { newestPage } from '../../db/cursor';
import { HELD_STATUSES_SQL, REPAID_TYPES_SQL } from './held';

/** A day of the read model, in paisa, with the owner's column. */
export interface PersonDay extends DaySums {
  owed: bigint;
}

/** What an owner's projects raised and repaid in all (the counters of migration 009), paisa. */
export interface OwnerFigures {
  raised: bigint;
  repaid: bigint;
}

interface MoneyRow {
  raised: string | null;
  repaid: string | null;
  day: string | null;
  invested: string | null;
  due: string | null;
  paid: string | null;
  received: string | null;
  received_profit: string | null;
  owed: string | null;
}

/** The person's rows of the read model, oldest first, and their owner's counters: one query. */
export async function personMoney(db: Kysely<DB>, userId: string): Promise<{ days: PersonDay[]; figures: OwnerFigures }> {
  const { rows } = await sql<MoneyRow>`
    SELECT f.received AS raised, f.returned AS repaid, d.day::text AS day, d.invested, d.due, d.paid, d.received, d.received_profit, d.owed
      FROM (SELECT 1) one
      LEFT JOIN user_figures f ON f.user_id = ${userId}
      LEFT JOIN portfolio_days d ON d.user_id = ${userId}
     ORDER BY d.day`.execute(db);
  const first = rows[0];
  const days = rows
    .filter((r) => r.day !== null)
    .map((r) => ({
      day: r.day!,
      invested: toPaisa(r.invested!),
      due: toPaisa(r.due!),
      paid: toPaisa(r.paid!),
      received: toPaisa(r.received!),
      receivedProfit: toPaisa(r.received_profit!),
      owed: toPaisa(r.owed!),
    }));
  return { days, figures: { raised: toPaisa(first?.raised ?? '0'), repaid: toPaisa(first?.repaid ?? '0') } };
}

/** An instalment of a held agreement as the page's query writes it. */
export interface InstalmentJson {
  seq: number;
  dueOn: string;
  amount: string;
  profit: string;
  status: HeldInstalment['status'];
  /** A timestamp as json_build_object writes it; null until confirmed. */
  confirmedAt: string | null;
}

/** A held agreement of the page, with its project's title and its instalments. */
export interface HeldAgreementRow {
  id: string;
  project_id: string;
  project_title: string;
  amount: string;
  status: string;
  investment_type: string;
  decided_at: Date | null;
  created_at: Date;
  in_default_since: Date | null;
  instalments: InstalmentJson[] | null;
}

/** One page, newest request first, of the person's held agreements. */
export async function heldAgreementRows(db: Kysely<DB>, userId: string, cursor: string | undefined, limit: number): Promise<{ shown: HeldAgreementRow[]; nextCursor: string | null }> {
  const query = db
    .selectFrom('agreement_requests as a')
    .innerJoin('projects as p', 'p.id', 'a.project_id')
    .select([
      'a.id',
      'a.project_id',
      'p.title as project_title',
      'a.amount',
      'a.status',
      'a.investment_type',
      sql<string>`a.created_at::text`.as('created_key'),
      'a.decided_at',
      'a.created_at',
      'a.in_default_since',
      // Amounts as text (exact), dates as PostgreSQL writes them; the Dhaka dates are worked out by the shared calendar.
      sql<InstalmentJson[] | null>`(
        SELECT json_agg(json_build_object('seq', i.seq, 'dueOn', i.due_on, 'amount', i.amount::text, 'profit', i.profit_part::text,
                                          'status', i.status, 'confirmedAt', i.confirmed_at) ORDER BY i.seq)
          FROM instalments i WHERE i.agreement_id = a.id)`.as('instalments'),
    ])
    .where('a.investor_id', '=', userId)
    .where(sql<boolean>`a.status IN ${sql.raw(HELD_STATUSES_SQL)} AND a.investment_type IN ${sql.raw(REPAID_TYPES_SQL)}`);
  return newestPage(query, 'a', cursor, limit);
}

/** A project's instalments summed: repaid (paid or confirmed), due, and due before today. */
export interface ProjectSums {
  repaid: string;
  due: string;
  overdue: string;
}

/** What the owner repays next on a project: the earliest due date, its instalments and their sum. */
export interface ProjectNext {
  dueOn: string;
  amount: string;
  instalments: number;
}

/** An owner's project of the page, with its repayments. */
export interface OwnerProjectRow {
  id: string;
  title: string;
  status: string;
  raised: string;
  sums: ProjectSums;
  next: ProjectNext | null;
}

/** One page, newest first, of the owner's projects that took investments; `today` decides what is overdue. */
export async function ownerProjectRows(db: Kysely<DB>, userId: string, today: string, cursor: string | undefined, limit: number): Promise<{ shown: OwnerProjectRow[]; nextCursor: string | null }> {
  const query = db
    .selectFrom('projects as p')
    .select([
      'p.id',
      'p.title',
      'p.status',
      'p.raised',
      sql<string>`p.created_at::text`.as('created_key'),
      sql<ProjectSums>`(
        SELECT json_build_object('repaid', coalesce(sum(i.amount) FILTER (WHERE i.status <> 'due'), 0)::text,
                                 'due', coalesce(sum(i.amount) FILTER (WHERE i.status = 'due'), 0)::text,
                                 'overdue', coalesce(sum(i.amount) FILTER (WHERE i.status = 'due' AND i.due_on < ${today}::date), 0)::text)
          FROM instalments i WHERE i.project_id = p.id)`.as('sums'),
      sql<ProjectNext | null>`(
        SELECT json_build_object('dueOn', i.due_on::text, 'amount', sum(i.amount)::text, 'instalments', count(*))
          FROM instalments i WHERE i.project_id = p.id AND i.status = 'due'
         GROUP BY i.due_on ORDER BY i.due_on LIMIT 1)`.as('next'),
    ])
    .where('p.owner_id', '=', userId)
    .where('p.accepted_amount', '>', '0');
  return newestPage(query, 'p', cursor, limit);
}
