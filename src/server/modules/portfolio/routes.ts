/**
 * The portfolio module's routes (issue 30 §1, §4): `GET /me/portfolio` — totals, XIRR (expected and to date), money
 * out and back by month, the first page of held agreements, the zakat estimate and the owner's side — and the later
 * pages of its two lists. Only the person's own rows are ever read.
 */
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth';
import { OWN_PAGE_QUERY } from '../../db/cursor';
import { heldAgreements, ownerProjects, portfolioOf, type PageQuery } from './service';
import { agreementsPageSchema, ownerProjectsPageSchema, portfolioSchema } from './schemas';

export default async function portfolioRoutes(app: FastifyInstance): Promise<void> {
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
    async (request) => portfolioOf(app, currentUser(request).id),
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
    async (request) => heldAgreements(app, currentUser(request).id, request.query),
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
    async (request) => ownerProjects(app, currentUser(request).id, request.query),
  );
}
