/**
 * The figures a project page shows, computed from the records (never stored twice): raised, waiting, pledged,
 * backers, progress, days left, markup, annualised return with its basis, repayment and duration (DOMAIN.md).
 */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, ProjectsTable } from '../db/schema';
import { fromPaisa, toPaisa } from '../../shared/domain/money';
import { annualisedReturn, repaymentTotal, schedule, type Terms } from '../../shared/domain/murabaha';
import type { Figures } from '../../shared/api/views';

export type { Figures };

export type ProjectRow = Selectable<ProjectsTable>;
type Db = Kysely<DB> | Transaction<DB>;


/** What makes someone an investor of a project (DOMAIN.md): an accepted agreement. Used here and platform-wide. */
export const ACCEPTED_AGREEMENT = sql`status = 'accepted'`;

interface Sums {
  accepted: bigint;
  pending: bigint;
  confirmed: bigint;
  pledged: bigint;
  backers: number;
  investors: number;
}

/** Sums per project, in three grouped queries whatever the number of projects. */
async function sumsFor(db: Db, ids: string[]): Promise<Map<string, Sums>> {
  const out = new Map<string, Sums>(ids.map((id) => [id, { accepted: 0n, pending: 0n, confirmed: 0n, pledged: 0n, backers: 0, investors: 0 }]));
  if (ids.length === 0) return out;
  const agreements = await db
    .selectFrom('agreement_requests')
    .select(['project_id', 'status', (eb) => eb.fn.sum<string>('amount').as('total')])
    .where('project_id', 'in', ids)
    .where('status', 'in', ['accepted', 'pending'])
    .groupBy(['project_id', 'status'])
    .execute();
  for (const r of agreements) {
    const s = out.get(r.project_id)!;
    if (r.status === 'accepted') s.accepted = toPaisa(r.total);
    else s.pending = toPaisa(r.total);
  }
  const donations = await db
    .selectFrom('donations')
    .select(['project_id', 'status', (eb) => eb.fn.sum<string>('amount').as('total')])
    .where('project_id', 'in', ids)
    .where('status', 'in', ['confirmed', 'pledged'])
    .groupBy(['project_id', 'status'])
    .execute();
  for (const r of donations) {
    const s = out.get(r.project_id)!;
    if (r.status === 'confirmed') s.confirmed = toPaisa(r.total);
    else s.pledged = toPaisa(r.total);
  }
  // Backers: distinct people with an accepted agreement or a confirmed donation; each anonymous donation once.
  // Investors: the backers who came through an accepted agreement. One query, so the two can never disagree.
  const list = sql.join(ids.map((id) => sql`${id}::uuid`));
  const backers = await sql<{ project_id: string; n: string; investors: string }>`
    SELECT project_id, count(DISTINCT who) AS n, count(DISTINCT who) FILTER (WHERE via = 'agreement') AS investors FROM (
      SELECT project_id, 'u:' || investor_id::text AS who, 'agreement' AS via FROM agreement_requests
        WHERE ${ACCEPTED_AGREEMENT} AND project_id IN (${list})
      UNION
      SELECT project_id, CASE WHEN anonymous OR donor_id IS NULL THEN 'd:' || id::text ELSE 'u:' || donor_id::text END, 'donation'
        FROM donations WHERE status = 'confirmed' AND project_id IN (${list})
    ) b GROUP BY project_id`.execute(db);
  for (const r of backers.rows) {
    const s = out.get(r.project_id)!;
    s.backers = Number(r.n);
    s.investors = Number(r.investors);
  }
  return out;
}

/**
 * The platform's investment figures with the same definition as each project's: money of accepted agreements,
 * distinct investors with an accepted agreement, and the projects that have one.
 */
export async function platformInvestment(db: Db): Promise<{ total: string; investors: number; projects: number }> {
  const { rows } = await sql<{ total: string | null; investors: string; projects: string }>`
    SELECT sum(amount) AS total, count(DISTINCT investor_id) AS investors, count(DISTINCT project_id) AS projects
    FROM agreement_requests WHERE ${ACCEPTED_AGREEMENT}`.execute(db);
  return { total: fromPaisa(toPaisa(rows[0]?.total ?? '0')), investors: Number(rows[0]?.investors ?? 0), projects: Number(rows[0]?.projects ?? 0) };
}

/** Raised money of one project from its records (accepted agreements + confirmed donations). */
export async function raisedOf(db: Db, projectId: string): Promise<string> {
  const s = (await sumsFor(db, [projectId])).get(projectId)!;
  return fromPaisa(s.accepted + s.confirmed);
}

/** The initial instalment for the whole goal, from the project form (`initialins`, taka); 0 when absent. */
function initialInstalmentOf(p: ProjectRow): string {
  const value = (p.data as { initialins?: unknown }).initialins;
  return fromPaisa(typeof value === 'number' && value > 0 ? toPaisa(value) : 0n);
}

/** The Murabaha terms of a project: what an accepted agreement's schedule is made from. */
export function termsOf(p: ProjectRow): Terms {
  return {
    markupPercent: p.markup_percent,
    tenorMonths: p.tenor_months,
    returnType: p.return_type,
    returningTime: p.returning_time,
    totalDuration: p.total_duration,
    initialInstalment: initialInstalmentOf(p),
    goal: p.goal,
  };
}

/** Whole days from now until `end`, never below 0. */
export function daysLeft(end: Date | null, now = new Date()): number | null {
  if (!end) return null;
  return Math.max(0, Math.floor((end.getTime() - now.getTime()) / 86_400_000));
}

function figuresOf(p: ProjectRow, s: Sums, now: Date): Figures {
  const goal = toPaisa(p.goal);
  const raised = s.accepted + s.confirmed;
  const progress = Number((raised * 100n) / goal);
  const annual = annualisedReturn(p.markup_percent, p.tenor_months);
  const recurring = p.return_type === 'Recurring';
  return {
    currency: 'BDT',
    goal: fromPaisa(goal),
    minInvestment: fromPaisa(toPaisa(p.min_investment)),
    pledged: fromPaisa(raised + s.pending + s.pledged),
    raised: fromPaisa(raised),
    waiting: fromPaisa(s.pending),
    backers: s.backers,
    investors: s.investors,
    progressPercent: progress,
    progressBar: Math.min(100, progress),
    daysLeft: daysLeft(p.ends_at, now),
    markupPercent: fromPaisa(toPaisa(p.markup_percent)),
    annualisedReturn: {
      simplePercent: annual.simple,
      compoundPercent: annual.compound,
      basis: `simple: ${fromPaisa(toPaisa(p.markup_percent))} % × 12 ÷ ${p.tenor_months} months`,
    },
    repayment: {
      type: p.return_type,
      everyMonths: recurring ? p.returning_time : null,
      overMonths: recurring ? (p.total_duration ?? p.tenor_months) : p.tenor_months,
      // How many instalments an investor gets (an initial instalment can make On-time two).
      instalments: schedule(p.goal, termsOf(p), now).length,
      totalOnGoal: repaymentTotal(p.goal, p.markup_percent),
      initialInstalment: initialInstalmentOf(p),
    },
    durationMonths: p.tenor_months,
  };
}

/** The figures of each project. */
export async function figuresFor(db: Db, projects: ProjectRow[], now = new Date()): Promise<Map<string, Figures>> {
  const sums = await sumsFor(db, projects.map((p) => p.id));
  return new Map(projects.map((p) => [p.id, figuresOf(p, sums.get(p.id)!, now)]));
}
