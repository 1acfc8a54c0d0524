/**
 * The figures a project page shows: raised, waiting, pledged, backers, progress, days left, markup, annualised
 * return with its basis, repayment and duration (DOMAIN.md). The sums and counts come from the project's row: the
 * database keeps them from its agreement requests and donations in the transaction that changes those
 * (migration 009), so showing a page of projects costs no query beyond the page's own.
 */
import type { Selectable } from 'kysely';
import type { ProjectsTable } from '../../db/schema';
import { fromPaisa, toPaisa } from '../../../shared/domain/money';
import { annualisedReturn, repaymentTotal, schedule, type Terms } from '../../../shared/domain/murabaha';
import { murabahaTerms } from '../../../shared/domain/project-terms';
import type { Figures } from '../../../shared/api/views';
import { daysBetween, dhakaDate, dhakaToday } from '../../../shared/format/dhaka-calendar';

export type { Figures };

export type ProjectRow = Selectable<ProjectsTable>;

/** The initial instalment for the whole goal, from the project form (`initialins`, taka); 0 when absent. */
function initialInstalmentOf(p: ProjectRow): string {
  const value = (p.data as { initialins?: unknown }).initialins;
  return fromPaisa(typeof value === 'number' && value > 0 ? toPaisa(value) : 0n);
}

/** The Murabaha terms of a project: what an accepted agreement's schedule is made from (shared/domain/project-terms.ts). */
export function termsOf(p: ProjectRow): Terms {
  return murabahaTerms({
    markupPercent: p.markup_percent,
    tenorMonths: p.tenor_months,
    goal: p.goal,
    returnType: p.return_type,
    everyMonths: p.returning_time,
    overMonths: p.total_duration,
    initialInstalment: initialInstalmentOf(p),
  });
}

/** Whole days from today until the end date, both Dhaka calendar dates, never below 0 (0 once it has ended). */
export function daysLeft(end: Date | null, now = new Date()): number | null {
  if (!end) return null;
  if (end.getTime() <= now.getTime()) return 0;
  return Math.max(0, daysBetween(dhakaToday(now), dhakaDate(end)));
}

/** A project's figures from its row (its kept sums and counts) and the time. */
export function figuresOf(p: ProjectRow, now = new Date()): Figures {
  const goal = toPaisa(p.goal);
  const s = { accepted: toPaisa(p.accepted_amount), confirmed: toPaisa(p.donated), pending: toPaisa(p.waiting), pledged: toPaisa(p.pledged_donations), backers: p.backers, investors: p.investors };
  const raised = s.accepted + s.confirmed;
  const progress = Number((raised * 100n) / goal);
  const annual = annualisedReturn(p.markup_percent, p.tenor_months);
  const terms = termsOf(p);
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
    // A campaign closed before its end date (by its owner or staff) has no days left either.
    daysLeft: daysLeft(p.closed_at ?? p.ends_at, now),
    markupPercent: fromPaisa(toPaisa(p.markup_percent)),
    annualisedReturn: {
      simplePercent: annual.simple,
      compoundPercent: annual.compound,
      basis: `simple: ${fromPaisa(toPaisa(p.markup_percent))} % × 12 ÷ ${p.tenor_months} months`,
    },
    repayment: {
      type: p.return_type,
      // The terms' own: what a Recurring project repays over (the tenor for On-time, which repays at its end).
      everyMonths: terms.returningTime ?? null,
      overMonths: terms.totalDuration ?? terms.tenorMonths,
      // How many instalments an investor gets (an initial instalment can make On-time two).
      instalments: schedule(p.goal, terms, dhakaToday(now)).length,
      totalOnGoal: repaymentTotal(p.goal, p.markup_percent),
      initialInstalment: initialInstalmentOf(p),
    },
    durationMonths: p.tenor_months,
  };
}
