/**
 * Lists, project pages and the dashboard stay indexed at any size (issue 15 §3): on a seeded, analysed database
 * of each kind, the SQL that each read path actually sends (captured from the app's query executor while the
 * request is served, not a copy) is EXPLAINed, and no plan may scan projects or agreement_requests sequentially.
 * The same capture proves reads never write and a list costs at most two round trips (session + page). The
 * counters kept by the database (migration 009) must equal a recomputation from the records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import { DB_KINDS, json, signUpVerified, startTestApp, type TestApp } from './helpers';
import { HEAVY_USER, loadMarket, publicProjectIds } from '../../scripts/bench/lib/scale-data';
import { encodeCursor } from '../../src/server/db/cursor';

const PROJECTS = 4_000;
const WATCHED = new Set(['projects', 'agreement_requests', 'instalments', 'portfolio_days']);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function seqScans(node: PlanNode): string[] {
  const here = node['Node Type'] === 'Seq Scan' && node['Relation Name'] && WATCHED.has(node['Relation Name']) ? [node['Relation Name']] : [];
  return [...here, ...(node.Plans ?? []).flatMap(seqScans)];
}

describe.each(DB_KINDS)('query plans of the read paths on %s', (kind) => {
  let t: TestApp;
  let auth: Record<string, string>;
  let captured: CompiledQuery[] | null = null;

  beforeAll(async () => {
    t = await startTestApp(kind);
    await loadMarket(t.app.db, PROJECTS, async (q) => {
      await sql.raw(q).execute(t.app.db);
    });
    auth = { authorization: `Bearer ${await t.app.startSession(HEAVY_USER)}` };
    // Every statement the app sends runs on a connection its executor provides, inside a transaction or not:
    // record them (BEGIN and COMMIT too) while a request is served.
    const executor = t.app.db.getExecutor();
    const provide = executor.provideConnection.bind(executor);
    const watched = new WeakSet<object>();
    executor.provideConnection = (consume) =>
      provide((connection) => {
        if (!watched.has(connection)) {
          watched.add(connection);
          const run = connection.executeQuery.bind(connection);
          connection.executeQuery = ((query: CompiledQuery) => {
            captured?.push(query);
            return run(query);
          }) as typeof connection.executeQuery;
        }
        return consume(connection);
      });
  }, 300_000);
  afterAll(() => t?.close());

  /** Serves a GET and returns the queries it sent. */
  async function queriesOf(url: string, headers: Record<string, string> = {}): Promise<CompiledQuery[]> {
    captured = [];
    try {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      return captured;
    } finally {
      captured = null;
    }
  }

  async function plan(query: CompiledQuery): Promise<PlanNode> {
    const { rows } = await t.database.db.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${query.sql}`, [...query.parameters]));
    const raw = rows[0]!['QUERY PLAN'];
    const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
    return doc[0]!.Plan;
  }

  async function cursorAt(sort: 'newest' | 'most_funded', depth: number): Promise<string> {
    const { rows } = await sql<{ key: string; id: string }>`
      SELECT CASE WHEN ${sort} = 'newest' THEN created_at::text ELSE raised::text END AS key, id FROM projects
      WHERE status IN ('open', 'funded', 'closed')
      ORDER BY ${sort === 'newest' ? sql`created_at` : sql`raised`} DESC, id DESC OFFSET ${depth - 1} LIMIT 1`.execute(t.app.db);
    return encodeCursor(sort, rows[0]!.key, rows[0]!.id);
  }

  const depth = Math.floor(PROJECTS / 2);
  const paths: [string, () => Promise<string>, boolean][] = [
    ['first page of the public list', async () => '/projects', false],
    ['first page, signed in', async () => '/projects', true],
    ['a page half the list deep', async () => `/projects?cursor=${await cursorAt('newest', depth)}`, false],
    ['most funded', async () => '/projects?sort=most_funded', false],
    ['most funded, half the list deep', async () => `/projects?sort=most_funded&cursor=${await cursorAt('most_funded', depth)}`, true],
    ['a category', async () => '/projects?category=Technology', false],
    ['a category, most funded', async () => '/projects?category=Agriculture&sort=most_funded', true],
    ['a status', async () => '/projects?status=funded', false],
    ['a status, most funded', async () => '/projects?status=closed&sort=most_funded', false],
    ['a project page', async () => `/projects/${publicProjectIds(PROJECTS, 1)[0]}`, false],
    ['the dashboard summary of a user with a tenth of the projects', async () => '/dashboard/summary', true],
    ['my projects, for a user with a tenth of them', async () => '/me/projects', true],
    ['my projects, half of them deep', async () => `/me/projects?cursor=${await myCursorAt(Math.floor(PROJECTS / 20))}`, true],
    ['my open projects', async () => '/me/projects?status=open', true],
    ['the platform figures of the home page', async () => '/platform/figures', false],
    ['my agreement requests, for a user with a tenth of them', async () => '/me/agreement-requests', true],
    ['my agreement requests, half of them deep', async () => `/me/agreement-requests?cursor=${await myRequestCursorAt(PROJECTS / 10)}`, true],
  ];

  async function myRequestCursorAt(depth: number): Promise<string> {
    const { rows } = await sql<{ key: string; id: string }>`
      SELECT created_at::text AS key, id FROM agreement_requests WHERE investor_id = ${HEAVY_USER}
      ORDER BY created_at DESC, id DESC OFFSET ${depth - 1} LIMIT 1`.execute(t.app.db);
    return encodeCursor('newest', rows[0]!.key, rows[0]!.id);
  }

  async function myCursorAt(depth: number): Promise<string> {
    const { rows } = await sql<{ key: string; id: string }>`
      SELECT created_at::text AS key, id FROM projects WHERE owner_id = ${HEAVY_USER}
      ORDER BY created_at DESC, id DESC OFFSET ${depth - 1} LIMIT 1`.execute(t.app.db);
    return encodeCursor('newest', rows[0]!.key, rows[0]!.id);
  }

  it.each(paths)('%s: index scans only, reads only, at most two round trips', async (_label, url, signedIn) => {
    const queries = await queriesOf(await url(), signedIn ? auth : {});
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.length).toBeLessThanOrEqual(signedIn ? 2 : 1);
    for (const q of queries) {
      expect(q.sql.trimStart().slice(0, 6).toLowerCase(), q.sql).toBe('select');
      const scans = seqScans(await plan(q));
      expect(scans, `${q.sql}\n${JSON.stringify(await plan(q))}`).toEqual([]);
    }
  });

  // The portfolio (issue 30): the session, then at once the person's days of the read model with their counters, a
  // page of agreements with their instalments and a page of projects with their repayments: four round trips.
  const portfolioPaths: [string, number, () => Promise<string>][] = [
    ['the portfolio of a user with a tenth of the agreements', 4, async () => '/me/portfolio'],
    ['my held agreements, a page half of them deep', 2, async () => `/me/portfolio/agreements?cursor=${await myRequestCursorAt(PROJECTS / 10)}`],
    ["my projects' repayments, a page half of them deep", 2, async () => `/me/portfolio/projects?cursor=${await myCursorAt(Math.floor(PROJECTS / 20))}`],
  ];
  it.each(portfolioPaths)('%s: index scans only, reads only, at most %i round trips', async (_label, trips, url) => {
    const queries = await queriesOf(await url(), auth);
    expect(queries.length).toBeLessThanOrEqual(trips);
    for (const q of queries) {
      expect(q.sql.trimStart().slice(0, 6).toLowerCase(), q.sql).toBe('select');
      const scans = seqScans(await plan(q));
      expect(scans, `${q.sql}\n${JSON.stringify(await plan(q))}`).toEqual([]);
    }
  });

  it('serves a repeated list page from the short cache until a write, to a visitor and to a reader who owns none of it; its owner gets their own', async () => {
    const url = '/projects?category=Education&limit=7';
    // (A new account, which owns nothing: made first, as its sign-up's writes empty the cache.)
    const reader = (await signUpVerified(t.app)).auth;
    expect(await queriesOf(url)).toHaveLength(1);
    expect(await queriesOf(url)).toHaveLength(0);
    // A reader who owns none of it: their session is looked up once (then kept for a second), and the page is the kept one.
    expect(await queriesOf(url, reader)).toHaveLength(1);
    expect(await queriesOf(url, reader)).toHaveLength(0);
    // The owner of a project on a page: their page is built for them (it says which is theirs), after the session.
    const newest = '/projects?limit=3';
    const res = await t.app.inject({ method: 'GET', url: `/api/v1${newest}` });
    const first = json<{ items: { id: string }[] }>(res).items[0]!.id;
    const owner = await t.app.db.selectFrom('projects').select('owner_id').where('id', '=', first).executeTakeFirstOrThrow();
    const theirs = { authorization: `Bearer ${await t.app.startSession(owner.owner_id)}` };
    expect(await queriesOf(newest, theirs)).toHaveLength(2);
    expect(await queriesOf(newest, theirs)).toHaveLength(1);
    // Any write answered by this process empties the cache (here one refused for want of a session: still a POST).
    await t.app.inject({ method: 'POST', url: '/api/v1/projects/00000000-0000-0000-0000-000000000000/close' });
    expect(await queriesOf(url)).toHaveLength(1);
  });

  it('the capture sees statements inside a transaction too (a read path moved into one would be checked)', async () => {
    captured = [];
    try {
      await t.app.db.transaction().execute((trx) => trx.selectFrom('projects').select('id').limit(1).execute());
      // The select is seen (BEGIN and COMMIT too where the driver sends them as statements, as pg does).
      expect(captured.map((q) => q.sql.trim().split(/\s+/)[0]!.toLowerCase()).filter((w) => w !== 'begin' && w !== 'commit')).toEqual(['select']);
    } finally {
      captured = null;
    }
  });

  it('the EXPLAIN check catches a sequential scan (a query without an index to use)', async () => {
    const scans = seqScans(await plan(CompiledQuery.raw('SELECT count(*) FROM projects WHERE title = $1', ['Business 7'])));
    expect(scans).toEqual(['projects']);
  });

  it('keeps every counter equal to a recomputation from the records', async () => {
    const snapshot = async () => ({
      projects: (await sql`SELECT id, raised, accepted_amount, waiting, donated, pledged_donations, backers, investors FROM projects ORDER BY id`.execute(t.app.db)).rows,
      users: (await sql`SELECT * FROM user_figures WHERE invested <> 0 OR received <> 0 OR fundraising <> 0 OR returned <> 0 OR got <> 0 OR accepted_agreements <> 0 ORDER BY user_id`.execute(t.app.db)).rows,
      donors: (await sql`SELECT * FROM donor_figures WHERE donations <> 0 ORDER BY user_id`.execute(t.app.db)).rows,
      platform: (await sql`SELECT * FROM platform_figures`.execute(t.app.db)).rows,
      countries: (await sql`SELECT * FROM country_figures WHERE projects > 0 OR profiles > 0 ORDER BY country`.execute(t.app.db)).rows,
      portfolios: (
        await sql`SELECT user_id, day::text, invested::numeric(20, 2)::text, due::numeric(20, 2)::text, paid::numeric(20, 2)::text, received::numeric(20, 2)::text,
                         received_profit::numeric(20, 2)::text, owed::numeric(20, 2)::text FROM portfolio_days
                   WHERE invested <> 0 OR due <> 0 OR paid <> 0 OR received <> 0 OR received_profit <> 0 OR owed <> 0 ORDER BY user_id, day`.execute(t.app.db)
      ).rows,
    });
    // Moves made through the database's own statements (the triggers keep the counters), then a full rebuild.
    await sql`UPDATE agreement_requests SET status = 'accepted' WHERE id IN (SELECT id FROM agreement_requests WHERE status = 'pending' ORDER BY id LIMIT 50)`.execute(t.app.db);
    await sql`UPDATE agreement_requests SET status = 'withdrawn' WHERE id IN (SELECT id FROM agreement_requests WHERE status = 'pending' ORDER BY id LIMIT 50)`.execute(t.app.db);
    await sql`UPDATE projects SET status = 'closed' WHERE id IN (SELECT id FROM projects WHERE status = 'open' ORDER BY id LIMIT 50)`.execute(t.app.db);
    await sql`DELETE FROM agreement_requests WHERE id IN (SELECT id FROM agreement_requests WHERE status = 'accepted' ORDER BY id LIMIT 20)`.execute(t.app.db);
    // Donations of signed-in donors (some several), anonymous ones and guests', confirmed, cancelled, moved, removed.
    await sql`
      INSERT INTO donations (project_id, donor_id, status, data, amount, payment_method, anonymous, reference)
      SELECT p.id, CASE WHEN p.n % 4 = 0 THEN NULL ELSE md5('u' || (p.n % 6))::uuid END,
             CASE WHEN p.n % 3 = 0 THEN 'pledged' ELSE 'confirmed' END, '{}'::jsonb, 1000 + p.n, 'Cash', p.n % 5 = 0, 'HF-T' || p.n
        FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM projects WHERE status = 'open' ORDER BY id LIMIT 60) p`.execute(t.app.db);
    await sql`UPDATE donations SET status = 'confirmed' WHERE id IN (SELECT id FROM donations WHERE status = 'pledged' ORDER BY id LIMIT 5)`.execute(t.app.db);
    await sql`UPDATE donations SET status = 'cancelled' WHERE id IN (SELECT id FROM donations WHERE status = 'confirmed' ORDER BY reference LIMIT 6)`.execute(t.app.db);
    await sql`UPDATE donations SET anonymous = NOT anonymous WHERE id IN (SELECT id FROM donations WHERE status = 'confirmed' ORDER BY amount LIMIT 6)`.execute(t.app.db);
    await sql`UPDATE donations SET donor_id = md5('u1')::uuid WHERE id IN (SELECT id FROM donations WHERE status = 'confirmed' ORDER BY amount DESC LIMIT 4)`.execute(t.app.db);
    await sql`DELETE FROM donations WHERE id IN (SELECT id FROM donations WHERE status = 'confirmed' ORDER BY amount DESC LIMIT 3)`.execute(t.app.db);
    const moved = await snapshot();
    expect(moved.platform[0]).toMatchObject({ investors: expect.any(Number) });
    expect(Number((moved.platform[0] as { donors: number }).donors)).toBeGreaterThan(0);
    expect(moved.donors.length).toBeGreaterThan(0);
    // Instalments marked paid and confirmed, moved, and removed with their agreements (above) or alone.
    await sql`UPDATE instalments SET status = 'paid', paid_at = now() WHERE id IN (SELECT id FROM instalments WHERE status = 'due' ORDER BY id LIMIT 30)`.execute(t.app.db);
    await sql`UPDATE instalments SET status = 'confirmed', confirmed_at = now() WHERE id IN (SELECT id FROM instalments WHERE status = 'paid' ORDER BY id LIMIT 20)`.execute(t.app.db);
    await sql`UPDATE instalments SET due_on = due_on + 40 WHERE id IN (SELECT id FROM instalments ORDER BY amount LIMIT 20)`.execute(t.app.db);
    await sql`DELETE FROM instalments WHERE id IN (SELECT id FROM instalments ORDER BY amount DESC LIMIT 10)`.execute(t.app.db);
    const kept = await snapshot();
    expect(kept.portfolios.length).toBeGreaterThan(100);
    await sql`SELECT market_figures_refresh()`.execute(t.app.db);
    await sql`SELECT portfolio_days_refresh()`.execute(t.app.db);
    expect(kept).toEqual(await snapshot());
  }, 120_000);
});
