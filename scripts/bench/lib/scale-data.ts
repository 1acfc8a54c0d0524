/**
 * Loads a marketplace of any size by SQL (generate_series), for the scale benchmark: users, profiles, projects and
 * agreement requests, with one heavy user who owns a tenth of the projects and made a tenth of the requests.
 * Everything is derived from row numbers by integer hashing, so a run is repeatable and needs no client-side data.
 *
 * Shape (N projects, 2N requests):
 * - N/10 ordinary users (each with a profile in one of 12 countries) plus the heavy user;
 * - statuses by row: 3 % pending review, 2 % rejected, 55 % open, 10 % funded, 30 % closed; nine categories;
 *   created_at spread over three years; goals 500,000 to 5,000,000;
 * - requests only on public projects (about 2.1 each): funded projects' requests are accepted (raised ≥ goal),
 *   open projects have one accepted half the time and the rest pending or declined, closed ones accepted, withdrawn
 *   or declined; `raised` is the sum of the accepted amounts, written with the rows;
 * - every accepted agreement (type Halal Way) has its one instalment of the On-time terms (12 % over 12 months), due
 *   12 months after the Dhaka date of acceptance, with its profit part; every fifth is confirmed 20 days after
 *   acceptance (an early repayment), so portfolios have money both ways.
 * Triggers (and foreign-key checks) are off while loading (`session_replication_role = replica`); the counters
 * (`market_figures_refresh()`, migration 009) and the portfolio's read model (`portfolio_days_refresh()`, migration
 * 023) are rebuilt from the rows afterwards, exactly as the migrations do for an existing database.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../src/server/db/schema';
import { loadSchemas } from '../../../src/shared/forms/load-schemas';

/** The project form's categories, from its schema. */
export const CATEGORIES = (loadSchemas()['project-owner'] as { properties: { category: { enum: string[] } } }).properties.category.enum;
const COUNTRIES = ['Bangladesh', 'India', 'Pakistan', 'Malaysia', 'Indonesia', 'Turkey', 'Egypt', 'United Kingdom', 'United States', 'Saudi Arabia', 'Qatar', 'Nigeria'];

/** The heavy user's id (row 0 of the users). */
export const HEAVY_USER = userId(0);

function userId(i: number): string {
  return uuidOf(`u${i}`);
}

/** The same as md5(text)::uuid in SQL. */
function uuidOf(text: string): string {
  const hex = createHash('md5').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface LoadedSize {
  projects: number;
  requests: number;
  users: number;
  publicProjects: number;
  heavyProjects: number;
  heavyRequests: number;
  /** Instalments loaded (one per accepted agreement), and the heavy user's held agreements. */
  instalments: number;
  heavyHeld: number;
  /** Seconds spent loading rows, rebuilding counters and analysing. */
  loadSeconds: number;
  countersSeconds: number;
}

const lit = (values: string[]) => sql.raw(`ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`);

/** Loads the rows into a freshly migrated database through `db` (one transaction), then analyses the tables. */
export async function loadMarket(db: Kysely<DB>, projects: number, vacuum: (sql: string) => Promise<void>): Promise<LoadedSize> {
  const N = projects;
  const U = Math.max(10, Math.floor(N / 10));
  const R = 2 * N;
  const heavyProjects = Math.floor(N / 10);
  const heavyRequests = Math.floor(R / 10);
  // Public projects are rows whose (i-1) % 100 >= 5; the k-th (0-based) is row (k/95)*100 + 5 + k%95 + 1.
  const P = Math.floor(N / 100) * 95 + Math.max(0, (N % 100) - 5);
  const started = Date.now();
  let countersSeconds = 0;
  let instalments = 0;
  let heavyHeld = 0;
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await sql`SET LOCAL synchronous_commit = off`.execute(trx);
    await sql`
      INSERT INTO users (id, email, phone, password_hash, phone_verified_at, created_at)
      SELECT md5('u' || u)::uuid, 'bench' || u || '@example.com', '+8801' || lpad(u::text, 9, '0'), 'not-a-hash',
             now(), now() - ((u * 7919) % 1000) * interval '1 day'
      FROM generate_series(0::bigint, ${U}) u`.execute(trx);
    await sql`
      INSERT INTO profiles (user_id, data, name, country)
      SELECT md5('u' || u)::uuid, '{}'::jsonb, 'Bench user ' || u, (${lit(COUNTRIES)})[(1 + (u * 13) % ${COUNTRIES.length})::int]
      FROM generate_series(0::bigint, ${U}) u`.execute(trx);
    await sql`
      INSERT INTO projects (id, owner_id, status, data, title, category, country, goal, min_investment, markup_percent,
                            tenor_months, return_type, returning_time, total_duration, raised, submitted_at, approved_at,
                            ends_at, funded_at, closed_at, created_at)
      SELECT md5('p' || i)::uuid, owner, status,
             jsonb_build_object('name', 'Owner ' || i, 'bname', 'Business ' || i, 'category', category, 'country', country,
               'city', 'Dhaka', 'askamu', goal, 'roi', 12, 'reduration', 12, 'return', 'On-time', 'investType', 'Investment',
               'briefDescrip', 'A small business that needs working capital for stock and equipment; project number ' || i || '.'),
             'Business ' || i, category, country, goal, 20000, 12, 12, 'On-time', NULL, NULL,
             CASE status
               WHEN 'funded' THEN goal * (1.1 + CASE WHEN k < ${R} - 2 * ${P} THEN 0.1 ELSE 0 END)
               WHEN 'open' THEN CASE WHEN (k * 37) % 100 < 50 THEN goal * 0.6 ELSE 0 END
               WHEN 'closed' THEN CASE WHEN (k * 37) % 100 < 70 THEN goal * 0.6 ELSE 0 END
               ELSE 0 END,
             created, CASE WHEN status <> 'pending_review' THEN created + interval '1 day' END,
             CASE WHEN status IN ('open', 'funded', 'closed') THEN
               CASE WHEN status = 'closed' THEN created + interval '61 days' ELSE now() + interval '30 days' END END,
             CASE WHEN status = 'funded' THEN created + interval '20 days' END,
             CASE WHEN status = 'closed' THEN created + interval '61 days' END,
             created
      FROM (
        SELECT i,
               CASE WHEN i <= ${heavyProjects} THEN md5('u0')::uuid ELSE md5('u' || (1 + (i * 13) % ${U}))::uuid END AS owner,
               CASE WHEN (i - 1) % 100 < 3 THEN 'pending_review' WHEN (i - 1) % 100 < 5 THEN 'rejected'
                    WHEN (i * 7) % 100 < 55 THEN 'open' WHEN (i * 7) % 100 < 65 THEN 'funded' ELSE 'closed' END AS status,
               (${lit(CATEGORIES)})[(1 + (i * 31) % ${CATEGORIES.length})::int] AS category,
               (${lit(COUNTRIES)})[(1 + (i * 17) % ${COUNTRIES.length})::int] AS country,
               (500000 + ((i * 613) % 46) * 100000)::numeric(14, 2) AS goal,
               -- open and funded campaigns are recent (they end within 60 days); closed ones anywhere in three years
               now() - CASE WHEN (i - 1) % 100 >= 5 AND (i * 7) % 100 < 65 THEN ((i * 104729) % (30 * 86400))
                            ELSE ((i * 104729) % (3 * 365 * 86400)) END * interval '1 second'
                     - (i % 1000) * interval '1 microsecond' AS created,
               ((i - 1) / 100) * 95 + ((i - 1) % 100) - 5 AS k
        FROM generate_series(1::bigint, ${N}) i
      ) x`.execute(trx);
    await sql`
      INSERT INTO agreement_requests (id, project_id, investor_id, status, data, amount, investment_type, decided_at, created_at)
      SELECT md5('r' || r)::uuid, md5('p' || i)::uuid,
             CASE WHEN r < ${heavyRequests} THEN md5('u0')::uuid ELSE md5('u' || (1 + (r * 7) % ${U}))::uuid END,
             st, jsonb_build_object('amount', amount, 'investmentType', 'Halal Way'), amount, 'Halal Way',
             CASE WHEN st <> 'pending' THEN created END, created
      FROM (
        SELECT r, i, amount, created,
               CASE pstatus
                 WHEN 'funded' THEN 'accepted'
                 WHEN 'open' THEN CASE pass WHEN 0 THEN CASE WHEN (k * 37) % 100 < 50 THEN 'accepted' ELSE 'pending' END
                                            WHEN 1 THEN 'pending' ELSE 'declined' END
                 ELSE CASE pass WHEN 0 THEN CASE WHEN (k * 37) % 100 < 70 THEN 'accepted' ELSE 'declined' END
                                WHEN 1 THEN 'withdrawn' ELSE 'declined' END
               END AS st
        FROM (
          SELECT r, k, pass, i,
                 CASE WHEN (i * 7) % 100 < 55 THEN 'open' WHEN (i * 7) % 100 < 65 THEN 'funded' ELSE 'closed' END AS pstatus,
                 ((500000 + ((i * 613) % 46) * 100000) * CASE pass WHEN 0 THEN 0.6 WHEN 1 THEN 0.5 ELSE 0.1 END)::numeric(14, 2) AS amount,
                 now() - ((r * 7919) % (30 * 86400)) * interval '1 second' AS created
          FROM (
            SELECT r, r % ${P} AS k, r / ${P} AS pass, ((r % ${P}) / 95) * 100 + 5 + (r % ${P}) % 95 + 1 AS i
            FROM generate_series(0::bigint, ${R - 1}) r
          ) a
        ) b
      ) c`.execute(trx);
    // The On-time schedule of each accepted agreement: one instalment of the total (12 % markup), whose profit part is
    // the whole profit (DOMAIN.md: the last instalment takes what the earlier ones did not).
    const loaded = await sql`
      INSERT INTO instalments (agreement_id, project_id, owner_id, investor_id, seq, due_on, amount, profit_part, status, paid_at, confirmed_at)
      SELECT a.id, a.project_id, p.owner_id, a.investor_id, 1, (dhaka_date(a.decided_at) + interval '12 months')::date,
             round(a.amount * 1.12, 2), round(a.amount * 1.12, 2) - a.amount,
             CASE WHEN early THEN 'confirmed' ELSE 'due' END,
             CASE WHEN early THEN a.decided_at + interval '20 days' END, CASE WHEN early THEN a.decided_at + interval '20 days' END
        FROM (SELECT *, ('x' || substr(id::text, 1, 8))::bit(32)::int % 5 = 0 AND decided_at < now() - interval '20 days' AS early
                FROM agreement_requests WHERE status = 'accepted') a
        JOIN projects p ON p.id = a.project_id`.execute(trx);
    instalments = Number(loaded.numAffectedRows ?? 0);
    const held = await sql<{ n: string }>`SELECT count(*) AS n FROM agreement_requests WHERE investor_id = md5('u0')::uuid AND status = 'accepted'`.execute(trx);
    heavyHeld = Number(held.rows[0]!.n);
    const counters = Date.now();
    await sql`SELECT market_figures_refresh()`.execute(trx);
    await sql`SELECT portfolio_days_refresh()`.execute(trx);
    countersSeconds = (Date.now() - counters) / 1000;
  });
  await vacuum('VACUUM (ANALYZE) users, profiles, projects, agreement_requests, instalments, portfolio_days');
  return {
    projects: N,
    requests: R,
    users: U + 1,
    publicProjects: P,
    heavyProjects,
    heavyRequests,
    instalments,
    heavyHeld,
    loadSeconds: (Date.now() - started) / 1000,
    countersSeconds,
  };
}

/** Ids of public projects spread over the table (row numbers hashed to ids as the loader does). */
export function publicProjectIds(projects: number, count: number): string[] {
  const out: string[] = [];
  for (let n = 0; out.length < count && n < projects * 2; n++) {
    const i = 1 + ((n * 7_919 + 13) % projects);
    if ((i - 1) % 100 >= 5) out.push(uuidOf(`p${i}`));
  }
  return out;
}
