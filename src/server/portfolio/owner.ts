/**
 * The owner's side: what their projects raised, what they repaid, what is due and overdue, and what they owe next —
 * in all (the counters of migration 009 and the owner's column of the read model), and per project, a page of
 * projects at a time (each project's instalments summed on the index by project and due date).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { fromPaisa, toPaisa } from '../../shared/domain/money';
import type { OwnerProjectsPage, OwnerSide } from '../../shared/api/portfolio';
import { newestPage } from '../db/cursor';
import type { OwnerFigures, PersonDay } from './investor';

/** The owner's totals and what they owe next, from their days and their counters. */
export function ownerTotals(days: readonly PersonDay[], figures: OwnerFigures, today: string): Omit<OwnerSide, 'projects'> {
  const owed = days.filter((d) => d.owed !== 0n);
  const first = owed[0];
  return {
    totals: {
      raised: fromPaisa(figures.raised),
      repaid: fromPaisa(figures.repaid),
      due: fromPaisa(owed.reduce((acc, d) => acc + d.owed, 0n)),
      overdue: fromPaisa(owed.filter((d) => d.day < today).reduce((acc, d) => acc + d.owed, 0n)),
    },
    next: first ? { dueOn: first.day, amount: fromPaisa(first.owed), overdue: first.day < today } : null,
  };
}

interface ProjectSums {
  repaid: string;
  due: string;
  overdue: string;
}

/** One page, newest first, of the owner's projects that took investments, each with its repayments. */
export async function ownerProjectsPage(db: Kysely<DB>, userId: string, today: string, cursor: string | undefined, limit: number): Promise<OwnerProjectsPage> {
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
      sql<{ dueOn: string; amount: string; instalments: number } | null>`(
        SELECT json_build_object('dueOn', i.due_on::text, 'amount', sum(i.amount)::text, 'instalments', count(*))
          FROM instalments i WHERE i.project_id = p.id AND i.status = 'due'
         GROUP BY i.due_on ORDER BY i.due_on LIMIT 1)`.as('next'),
    ])
    .where('p.owner_id', '=', userId)
    .where('p.accepted_amount', '>', '0');
  const { shown, nextCursor } = await newestPage(query, 'p', cursor, limit);
  return {
    items: shown.map((p) => ({
      id: p.id,
      title: p.title,
      status: p.status,
      raised: p.raised,
      repaid: fromPaisa(toPaisa(p.sums.repaid)),
      due: fromPaisa(toPaisa(p.sums.due)),
      overdue: fromPaisa(toPaisa(p.sums.overdue)),
      next: p.next && { dueOn: p.next.dueOn, amount: fromPaisa(toPaisa(p.next.amount)), instalments: Number(p.next.instalments), overdue: p.next.dueOn < today },
      scheduleLink: '/dashboard/returns?view=repayments',
    })),
    nextCursor,
  };
}
