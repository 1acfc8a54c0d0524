/**
 * `GET /dashboard/summary`: the Summary Overview tiles, computed from the records. Platform-wide figures and the
 * signed-in user's own. The wallet tile has no real source yet, so it is not in the answer.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { currentUser } from '../plugins/auth';
import { fromPaisa, toPaisa } from '../../shared/domain/money';
import { platformInvestment } from '../market/figures';

type Tile = { id: string; label: string; value: string | number; format: 'money' | 'count'; scope: 'platform' | 'yours' };

export default async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/dashboard/summary',
    { schema: { tags: ['dashboard'], security: [{ bearer: [] }] }, onRequest: app.requireUser },
    async (request) => {
      const me = currentUser(request);
      const money = (v: string | null | undefined) => fromPaisa(toPaisa(v ?? '0'));
      const one = async <T>(q: Promise<T[]>) => (await q)[0];

      // The same definition as each project's figures (one place: market/figures.ts).
      const platform = await platformInvestment(app.db);
      const countries = await one(
        sql<{ n: string }>`
          SELECT count(*) AS n FROM (
            SELECT lower(country) AS c FROM projects WHERE status IN ('open', 'funded', 'closed')
            UNION SELECT lower(country) FROM profiles
          ) x`.execute(app.db).then((r) => r.rows),
      );
      const open = await one(sql<{ n: string }>`SELECT count(*) AS n FROM projects WHERE status = 'open'`.execute(app.db).then((r) => r.rows));
      const invitations = await one(sql<{ n: string }>`SELECT count(*) AS n FROM invitations`.execute(app.db).then((r) => r.rows));

      const mine = await one(
        sql<{ invested: string | null; received: string | null; donated: string | null; fundraising: string | null; returned: string | null; got: string | null }>`
          SELECT
            (SELECT sum(amount) FROM agreement_requests WHERE status = 'accepted' AND investor_id = ${me.id}) AS invested,
            (SELECT sum(a.amount) FROM agreement_requests a JOIN projects p ON p.id = a.project_id
               WHERE a.status = 'accepted' AND p.owner_id = ${me.id}) AS received,
            (SELECT sum(d.amount) FROM donations d JOIN projects p ON p.id = d.project_id
               WHERE d.status = 'confirmed' AND p.owner_id = ${me.id}) AS donated,
            (SELECT sum(goal) FROM projects WHERE owner_id = ${me.id} AND status IN ('open', 'funded')) AS fundraising,
            (SELECT sum(amount) FROM instalments WHERE owner_id = ${me.id} AND status IN ('paid', 'confirmed')) AS returned,
            (SELECT sum(amount) FROM instalments WHERE investor_id = ${me.id} AND status = 'confirmed') AS got`.execute(app.db).then((r) => r.rows),
      );

      const tiles: Tile[] = [
        { id: 'totalInvestment', label: 'Total investment', value: platform.total, format: 'money', scope: 'platform' },
        { id: 'totalInvestors', label: 'Total Investors', value: platform.investors, format: 'count', scope: 'platform' },
        { id: 'totalInvestedProjects', label: 'Total Invested Projects', value: platform.projects, format: 'count', scope: 'platform' },
        { id: 'countriesSupported', label: 'Total countries Supported', value: Number(countries?.n ?? 0), format: 'count', scope: 'platform' },
        { id: 'availableProjects', label: 'Available projects for invest', value: Number(open?.n ?? 0), format: 'count', scope: 'platform' },
        { id: 'requestsForInvest', label: 'Total Requests For Invest', value: Number(invitations?.n ?? 0), format: 'count', scope: 'platform' },
        { id: 'yourTotalInvestment', label: 'Your Total Investment', value: money(mine?.invested), format: 'money', scope: 'yours' },
        { id: 'yourReceivedAmount', label: 'Your Received Amount', value: fromPaisa(toPaisa(mine?.received ?? '0') + toPaisa(mine?.donated ?? '0')), format: 'money', scope: 'yours' },
        { id: 'yourFundraisingAmount', label: 'Your Fundraising amount', value: money(mine?.fundraising), format: 'money', scope: 'yours' },
        { id: 'yourReturnedAmount', label: 'Your Returned Amount', value: money(mine?.returned), format: 'money', scope: 'yours' },
        { id: 'yourTotalReturned', label: 'Your Total Returned', value: money(mine?.got), format: 'money', scope: 'yours' },
      ];
      return { currency: 'BDT', tiles };
    },
  );
}
