/**
 * `GET /dashboard/summary`: the Summary Overview tiles. Platform-wide figures and the signed-in user's own, read in
 * one query from the counters the database keeps in the transactions that move money or change a status
 * (migration 009): no table is scanned, whatever the number of projects. The wallet tile has no real source yet,
 * so it is not in the answer.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { currentUser } from '../plugins/auth';
import { fromPaisa, toPaisa } from '../../shared/domain/money';
import { arrayOf, object, string } from './schemas';

type Tile = { id: string; label: string; value: string | number; format: 'money' | 'count'; scope: 'platform' | 'yours' };

interface Counters {
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

const summarySchema = object({
  currency: { type: 'string', enum: ['BDT'] },
  tiles: arrayOf(
    object({
      id: string,
      label: string,
      value: { type: ['string', 'number'], description: 'Taka as a decimal string (format money), or a count.' },
      format: { type: 'string', enum: ['money', 'count'] },
      scope: { type: 'string', enum: ['platform', 'yours'] },
    }),
  ),
});

export default async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/dashboard/summary',
    { schema: { tags: ['dashboard'], security: [{ bearer: [] }], response: { 200: summarySchema } }, onRequest: app.requireUser },
    async (request) => {
      const me = currentUser(request);
      const money = (v: string | null | undefined) => fromPaisa(toPaisa(v ?? '0'));
      // The same definitions as each project's figures (market/figures.ts): an investor is someone with an
      // accepted agreement; received = accepted agreements + confirmed donations on the user's projects.
      const { rows } = await sql<Counters>`
        SELECT p.invested, p.investors, p.invested_projects, p.open_projects, p.invitations,
               (SELECT count(*) FROM country_figures WHERE projects > 0 OR profiles > 0) AS countries,
               u.invested AS my_invested, u.received AS my_received, u.fundraising AS my_fundraising,
               u.returned AS my_returned, u.got AS my_got
          FROM (SELECT 1) one
          LEFT JOIN platform_figures p ON true
          LEFT JOIN user_figures u ON u.user_id = ${me.id}`.execute(app.db);
      const c = rows[0]!;

      const tiles: Tile[] = [
        { id: 'totalInvestment', label: 'Total investment', value: money(c.invested), format: 'money', scope: 'platform' },
        { id: 'totalInvestors', label: 'Total Investors', value: c.investors ?? 0, format: 'count', scope: 'platform' },
        { id: 'totalInvestedProjects', label: 'Total Invested Projects', value: c.invested_projects ?? 0, format: 'count', scope: 'platform' },
        { id: 'countriesSupported', label: 'Total countries Supported', value: Number(c.countries), format: 'count', scope: 'platform' },
        { id: 'availableProjects', label: 'Available projects for invest', value: c.open_projects ?? 0, format: 'count', scope: 'platform' },
        { id: 'requestsForInvest', label: 'Total Requests For Invest', value: c.invitations ?? 0, format: 'count', scope: 'platform' },
        { id: 'yourTotalInvestment', label: 'Your Total Investment', value: money(c.my_invested), format: 'money', scope: 'yours' },
        { id: 'yourReceivedAmount', label: 'Your Received Amount', value: money(c.my_received), format: 'money', scope: 'yours' },
        { id: 'yourFundraisingAmount', label: 'Your Fundraising amount', value: money(c.my_fundraising), format: 'money', scope: 'yours' },
        { id: 'yourReturnedAmount', label: 'Your Returned Amount', value: money(c.my_returned), format: 'money', scope: 'yours' },
        { id: 'yourTotalReturned', label: 'Your Total Returned', value: money(c.my_got), format: 'money', scope: 'yours' },
      ];
      return { currency: 'BDT', tiles };
    },
  );
}
