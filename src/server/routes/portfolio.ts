/**
 * The signed-in person's portfolio (issue 30 §1, §4): `GET /me/portfolio` — totals, XIRR (expected and to date), money
 * out and back by month, the first page of held agreements, the zakat estimate and the owner's side — and the later
 * pages of its two lists. Only the person's own rows are ever read (every query is by their id).
 */
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../plugins/auth';
import { OWN_PAGE_QUERY } from '../db/cursor';
import { toPaisa } from '../../shared/domain/money';
import { dhakaToday } from '../../shared/format/dhaka-calendar';
import type { Portfolio } from '../../shared/api/portfolio';
import { agreementsPage, investorTotals, monthsOf, personMoney, ratesOf, totalsView } from '../portfolio/investor';
import { ownerProjectsPage, ownerTotals } from '../portfolio/owner';
import { zakatView } from '../portfolio/zakat';
import { agreementsPageSchema, ownerProjectsPageSchema, portfolioSchema } from '../portfolio/schema';

type PageQuery = { cursor?: string; limit: number };

/** The first page of a list on the portfolio: a few, the rest on their own routes. */
const FIRST_PAGE = 10;

export default async function portfolioRoutes(app: FastifyInstance): Promise<void> {
  const nisab = app.config.zakatNisabBdt === undefined ? null : toPaisa(app.config.zakatNisabBdt);

  app.get(
    '/me/portfolio',
    {
      schema: {
        tags: ['portfolio'],
        security: [{ bearer: [] }],
        description: 'My portfolio: totals, XIRR, money out and back by month, my held agreements (first page), a zakat estimate, and my projects’ repayments as owner.',
        response: { 200: portfolioSchema },
      },
      onRequest: app.requireUser,
    },
    async (request): Promise<Portfolio> => {
      const me = currentUser(request).id;
      const today = dhakaToday(app.now());
      // Three reads at once (on PostgreSQL, three pooled connections): the person's days and counters, and the first
      // pages of their two lists.
      const [{ days, figures }, agreements, projects] = await Promise.all([
        personMoney(app.db, me),
        agreementsPage(app.db, me, today, undefined, FIRST_PAGE),
        ownerProjectsPage(app.db, me, today, undefined, FIRST_PAGE),
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
    },
  );

  app.get<{ Querystring: PageQuery }>(
    '/me/portfolio/agreements',
    {
      schema: {
        tags: ['portfolio'],
        security: [{ bearer: [] }],
        description: 'My held agreements, newest first, a page at a time, each with its figures, next instalment and XIRR.',
        querystring: OWN_PAGE_QUERY,
        response: { 200: agreementsPageSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => agreementsPage(app.db, currentUser(request).id, dhakaToday(app.now()), request.query.cursor, request.query.limit),
  );

  app.get<{ Querystring: PageQuery }>(
    '/me/portfolio/projects',
    {
      schema: {
        tags: ['portfolio'],
        security: [{ bearer: [] }],
        description: 'As project owner: my projects that took investments, newest first, a page at a time, with what was raised, repaid, is due and overdue, and what I owe next.',
        querystring: OWN_PAGE_QUERY,
        response: { 200: ownerProjectsPageSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ownerProjectsPage(app.db, currentUser(request).id, dhakaToday(app.now()), request.query.cursor, request.query.limit),
  );
}
