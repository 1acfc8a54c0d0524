/**
 * The portfolio (issue 30 §1, §4): the signed-in person's money as investor — totals, XIRR (expected and to date),
 * money out and back by month, their held agreements, the zakat estimate — and as project owner, what their projects
 * raised and repay. Read from the read model of migration 023 (its held agreements: held.ts). The one file other
 * modules import.
 */
import type { FastifyInstance } from 'fastify';
import { toPaisa } from '../../../shared/domain/money';
import { dhakaToday } from '../../../shared/format/dhaka-calendar';
import type { AgreementsPage, OwnerProjectsPage, Portfolio } from '../../../shared/api/portfolio';
import { heldAgreementRows, ownerProjectRows, personMoney } from './queries';
import { investorTotals, monthsOf, ownerTotals, ratesOf } from './figures';
import { agreementView, ownerProjectView, totalsView, zakatView } from './views';

export { REPAID_TYPES } from './held';

/** The first page of a list on the portfolio: a few, the rest on their own routes. */
const FIRST_PAGE = 10;

/** A page of a list: `limit` rows after `cursor` (from the top without one). */
export interface PageQuery {
  cursor?: string;
  limit: number;
}

/** One page, newest request first, of the person's held agreements, each with its figures and XIRR on `today`. */
async function agreementsPage(app: FastifyInstance, userId: string, today: string, { cursor, limit }: PageQuery): Promise<AgreementsPage> {
  const { shown, nextCursor } = await heldAgreementRows(app.db, userId, cursor, limit);
  return { items: shown.map((row) => agreementView(row, today)), nextCursor };
}

/** One page, newest first, of the owner's projects that took investments, each with its repayments on `today`. */
async function projectsPage(app: FastifyInstance, userId: string, today: string, { cursor, limit }: PageQuery): Promise<OwnerProjectsPage> {
  const { shown, nextCursor } = await ownerProjectRows(app.db, userId, today, cursor, limit);
  return { items: shown.map((p) => ownerProjectView(p, today)), nextCursor };
}

/** The person's portfolio today (Dhaka), with the first page of each of its two lists. */
export async function portfolioOf(app: FastifyInstance, userId: string): Promise<Portfolio> {
  const nisab = app.config.zakatNisabBdt === undefined ? null : toPaisa(app.config.zakatNisabBdt);
  const today = dhakaToday(app.now());
  // Three reads at once (on PostgreSQL, three pooled connections): the person's days and counters, and the first
  // pages of their two lists.
  const [{ days, figures }, agreements, projects] = await Promise.all([
    personMoney(app.db, userId),
    agreementsPage(app, userId, today, { limit: FIRST_PAGE }),
    projectsPage(app, userId, today, { limit: FIRST_PAGE }),
  ]);
  const totals = investorTotals(days, today);
  return {
    currency: 'BDT',
    asOf: today,
    totals: totalsView(totals),
    ...ratesOf(days, today, 'no_agreements'),
    months: monthsOf(days),
    agreements,
    zakat: zakatView(totals.outstanding, nisab, today),
    owner: { ...ownerTotals(days, figures, today), projects },
  };
}

/** A later page of the person's held agreements (today's figures). */
export function heldAgreements(app: FastifyInstance, userId: string, page: PageQuery): Promise<AgreementsPage> {
  return agreementsPage(app, userId, dhakaToday(app.now()), page);
}

/** A later page of the owner's projects that took investments (today's repayments). */
export function ownerProjects(app: FastifyInstance, userId: string, page: PageQuery): Promise<OwnerProjectsPage> {
  return projectsPage(app, userId, dhakaToday(app.now()), page);
}
