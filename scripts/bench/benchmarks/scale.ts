/**
 * Lists and the dashboard at a million projects (issue 15 §3). On a fresh PostgreSQL database (and a fresh PGlite
 * directory, smaller), migrated by the product, it loads projects and twice as many agreement requests by SQL
 * (lib/scale-data.ts), starts the real server on it and measures, one request at a time, p50/p99 of: the first
 * page of the public list, a page half a million rows deep (by its cursor), a category filter, most funded, a
 * project page, the heavy user's dashboard summary and their portfolio (issue 30: totals, XIRR, months, the first
 * pages of their held agreements and owned projects; goal p99 < 50 ms); then GET list requests per second
 * against a bare Fastify server answering the same JSON as a constant (goal ≥ 0.3×), in the same run.
 *
 * Sizes: SCALE_PROJECTS (default 1,000,000) on PostgreSQL, SCALE_PGLITE_PROJECTS (default 50,000) on PGlite;
 * SCALE_DATABASES=postgres|pglite to run one; SCALE_KEEP=1 keeps the PostgreSQL database (its name is printed).
 * SCALE_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres) is where databases are created.
 *
 * Signed-in reads (issue 32): requests per second of the public list signed in (as a reader who owns none of its
 * first page, and as the heavy user) and of the heavy user's agreement requests, beside the same requests to the
 * code before (goal ≥ 3×): BENCH_BEFORE names a checkout of that code (with its node_modules), started on the same
 * database (PostgreSQL only: PGlite is one process); without it, the peer is this code reading the session for every
 * request (SESSION_CACHE_MS=0).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../../src/server/db/database';
import { hashToken, newToken } from '../../../src/server/modules/accounts/service';
import { encodeCursor } from '../../../src/server/db/cursor';
import { CATEGORIES, HEAVY_USER, loadMarket, publicProjectIds, type LoadedSize } from '../lib/scale-data';
import { get, latency, throughput, type Latency } from '../lib/http';
import { startApp, startBare } from '../lib/server';
import { createDatabase } from '../lib/postgres';
import type { Benchmark, Figure } from '../types';

type Kind = 'postgres' | 'pglite';

const ADMIN_URL = process.env.SCALE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SIZES: Record<Kind, number> = {
  postgres: Number(process.env.SCALE_PROJECTS ?? 1_000_000),
  pglite: Number(process.env.SCALE_PGLITE_PROJECTS ?? 50_000),
};
const KINDS: Kind[] = process.env.SCALE_DATABASES ? (process.env.SCALE_DATABASES.split(',') as Kind[]) : ['postgres', 'pglite'];
const DEEP = 500_000;
const P99_GOAL_MS = 50;
const LATENCY = { samples: 400, minSamples: 20, budgetMs: 20_000, warmup: 5 };
const THROUGHPUT_SECONDS = 5;
const ROUNDS = 2;
const BEFORE = process.env.BENCH_BEFORE;

const count = (n: number) => n.toLocaleString('en-US');

/** A fresh database of the kind, migrated by the product: its connection settings for the server and a cleanup. */
async function freshDatabase(kind: Kind): Promise<{ env: Record<string, string>; open: () => ReturnType<typeof openDatabase>; drop: () => Promise<void>; name: string }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'bench-scale-'));
    return { env: { DATA_DIR: dir }, open: () => openDatabase({ dataDir: dir }), drop: async () => rmSync(dir, { recursive: true, force: true }), name: dir };
  }
  const database = await createDatabase('bench_scale', ADMIN_URL);
  return {
    env: { DATABASE_URL: database.url },
    open: () => openDatabase({ dataDir: tmpdir(), databaseUrl: database.url }),
    drop: async () => {
      if (process.env.SCALE_KEEP !== '1') await database.drop();
    },
    name: database.name,
  };
}

interface Prepared {
  size: LoadedSize;
  token: string;
  /** A session of a user who owns no project. */
  readerToken: string;
  deepCursor: string;
  depth: number;
  /** The cursor of the heavy user's agreement request half their list deep. */
  requestCursor: string;
}

/** Loads the rows, signs the heavy user in (a session row) and finds the cursor of the row `depth` deep. */
async function prepare(open: () => ReturnType<typeof openDatabase>, projects: number): Promise<Prepared> {
  const database = await open();
  try {
    const { db } = database;
    const size = await loadMarket(db, projects, async (q) => {
      await sql.raw(q).execute(db);
    });
    const token = newToken();
    await db.insertInto('sessions').values({ token_hash: hashToken(token), user_id: HEAVY_USER, expires_at: new Date(Date.now() + 86_400_000) }).execute();
    // A reader: an account of their own, owning nothing (every loaded user owns projects).
    const reader = await db
      .insertInto('users')
      .values({ email: 'bench-reader@example.com', phone: '+8801999999999', password_hash: 'not-a-hash', phone_verified_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const readerToken = newToken();
    await db.insertInto('sessions').values({ token_hash: hashToken(readerToken), user_id: reader.id, expires_at: new Date(Date.now() + 86_400_000) }).execute();
    // Half a million rows deep when the list is long enough, else half the list.
    const depth = size.publicProjects > DEEP + 1_000 ? DEEP : Math.floor(size.publicProjects / 2);
    const { rows } = await sql<{ key: string; id: string }>`
      SELECT created_at::text AS key, id FROM projects WHERE status IN ('open', 'funded', 'closed')
      ORDER BY created_at DESC, id DESC OFFSET ${depth - 1} LIMIT 1`.execute(db);
    const row = rows[0]!;
    const mine = await sql<{ key: string; id: string }>`
      SELECT created_at::text AS key, id FROM agreement_requests WHERE investor_id = ${HEAVY_USER}
      ORDER BY created_at DESC, id DESC OFFSET ${Math.floor(size.heavyRequests / 2) - 1} LIMIT 1`.execute(db);
    const half = mine.rows[0]!;
    return { size, token, readerToken, deepCursor: encodeCursor('newest', row.key, row.id), depth, requestCursor: encodeCursor('newest', half.key, half.id) };
  } finally {
    await database.close();
  }
}

function latencyFigure(kind: Kind, label: string, l: Latency, note: string): Figure {
  return {
    label: `${kind}: ${label} p99`,
    value: l.p99,
    unit: 'ms',
    goal: { atMost: P99_GOAL_MS },
    note: `p50 ${l.p50.toFixed(1)} ms over ${l.samples} requests one at a time${note ? `; ${note}` : ''}`,
  };
}

async function measure(kind: Kind, projects: number): Promise<Figure[]> {
  const database = await freshDatabase(kind);
  try {
    const loadStarted = Date.now();
    const prepared = await prepare(database.open, projects);
    const { size, token, readerToken, deepCursor, depth, requestCursor } = prepared;
    console.log(
      `  ${kind}: loaded ${count(size.projects)} projects (${count(size.publicProjects)} public), ${count(size.requests)} agreement requests, ` +
        `${count(size.instalments)} instalments, ${count(size.users)} users in ${((Date.now() - loadStarted) / 1000).toFixed(0)} s (counters rebuilt in ${size.countersSeconds.toFixed(0)} s); ` +
        `heavy user: ${count(size.heavyProjects)} projects, ${count(size.heavyRequests)} requests${kind === 'postgres' ? `; database ${database.name}` : ''}`,
    );
    const app = await startApp(database.env);
    try {
      const api = `${app.url}/api/v1`;
      const signedIn = { authorization: `Bearer ${token}` };
      const figures: Figure[] = [];
      const lists: [string, string[], string][] = [
        ['first page of the public list', [`${api}/projects`], ''],
        [`a page ${count(depth)} rows deep`, [`${api}/projects?cursor=${deepCursor}`], 'by its cursor'],
        ['category filter', CATEGORIES.map((c) => `${api}/projects?category=${encodeURIComponent(c)}`), `each of the ${CATEGORIES.length} categories in turn`],
        ['most funded', [`${api}/projects?sort=most_funded`], ''],
      ];
      for (const [label, urls, note] of lists) {
        figures.push(latencyFigure(kind, label, await latency(urls, signedIn, LATENCY), `${note ? `${note}, ` : ''}signed in as the heavy user (who owns a tenth of the projects: a page with one of theirs is built for them)`));
      }
      const ids = publicProjectIds(projects, 200);
      figures.push(latencyFigure(kind, 'a project page', await latency(ids.map((id) => `${api}/projects/${id}`), {}, LATENCY), `${ids.length} projects in turn`));
      figures.push(
        latencyFigure(kind, 'my agreement requests, first page', await latency([`${api}/me/agreement-requests`], signedIn, LATENCY), `the heavy user, who sent ${count(size.heavyRequests)}`),
        latencyFigure(
          kind,
          'my agreement requests, half of them deep',
          await latency([`${api}/me/agreement-requests?cursor=${requestCursor}`], signedIn, LATENCY),
          `${count(Math.floor(size.heavyRequests / 2))} rows deep, by its cursor`,
        ),
      );
      figures.push(
        latencyFigure(kind, 'dashboard summary of the heavy user', await latency([`${api}/dashboard/summary`], signedIn, LATENCY), `${count(size.heavyProjects)} projects, ${count(size.heavyRequests)} requests`),
        latencyFigure(
          kind,
          'portfolio of the heavy user',
          await latency([`${api}/me/portfolio`], signedIn, LATENCY),
          `${count(size.heavyRequests)} agreement requests, ${count(size.heavyHeld)} of them held, ${count(size.heavyProjects)} projects owned`,
        ),
      );

      const body = await get(`${api}/projects`);
      if (body.status !== 200) throw new Error(`GET /projects answered ${body.status}`);
      const bare = await startBare('/api/v1/projects', body.body);
      try {
        let ours = 0;
        let peer = 0;
        let mineSignedIn = 0;
        let failures = 0;
        for (let round = 0; round < ROUNDS; round++) {
          // The peer first, and a pause after ours: work still queued in the app must not slow the peer.
          const b = await throughput(`${bare.url}/api/v1/projects`, THROUGHPUT_SECONDS);
          const a = await throughput(`${api}/projects`, THROUGHPUT_SECONDS);
          const c = await throughput(`${api}/projects`, THROUGHPUT_SECONDS, 10, signedIn);
          await new Promise((r) => setTimeout(r, 3_000));
          ours = Math.max(ours, a.rps);
          peer = Math.max(peer, b.rps);
          mineSignedIn = Math.max(mineSignedIn, c.rps);
          failures += a.non2xx + c.non2xx;
        }
        figures.push({
          label: `${kind}: GET list (first page, anonymous)`,
          value: ours,
          unit: 'req/s',
          peer: { label: 'bare Fastify, same JSON as a constant', value: peer },
          goal: { ratioAtLeast: 0.3 },
          note:
            `10 connections, best of ${ROUNDS} × ${THROUGHPUT_SECONDS} s each; signed in as the heavy user: ${mineSignedIn.toFixed(0)} req/s ` +
            `(${(mineSignedIn / peer).toFixed(2)}×)${failures ? `; ${failures} answers were not 2xx` : ''}; ${count(size.projects)} projects`,
        });
      } finally {
        await bare.stop();
      }
      figures.push(...(await signedInReads(kind, api, database.env, { heavy: token, reader: readerToken })));
      return figures;
    } finally {
      await app.stop();
    }
  } finally {
    await database.drop();
  }
}

/** Signed-in reads per second, this code beside the code before (or beside itself reading every session). */
async function signedInReads(kind: Kind, api: string, env: Record<string, string>, tokens: { heavy: string; reader: string }): Promise<Figure[]> {
  const withBefore = BEFORE !== undefined && kind === 'postgres';
  const before = await startApp(withBefore ? env : { ...env, SESSION_CACHE_MS: '0' }, withBefore ? BEFORE : undefined);
  const peerLabel = withBefore ? 'the code before (BENCH_BEFORE), same database' : 'this code reading the session for every request';
  const cases: [string, string, string][] = [
    ['GET list signed in (first page, a reader who owns none of it)', '/projects', tokens.reader],
    ['GET list signed in (first page, the heavy user)', '/projects', tokens.heavy],
    ['GET my agreement requests (first page, the heavy user)', '/me/agreement-requests', tokens.heavy],
  ];
  try {
    const figures: Figure[] = [];
    for (const [label, path, token] of cases) {
      const headers = { authorization: `Bearer ${token}` };
      let now = 0;
      let then = 0;
      let failures = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const b = await throughput(`${before.url}/api/v1${path}`, THROUGHPUT_SECONDS, 10, headers);
        const a = await throughput(`${api}${path}`, THROUGHPUT_SECONDS, 10, headers);
        await new Promise((r) => setTimeout(r, 2_000));
        now = Math.max(now, a.rps);
        then = Math.max(then, b.rps);
        failures += a.non2xx + b.non2xx;
      }
      figures.push({
        label: `${kind}: ${label}`,
        value: now,
        unit: 'req/s',
        peer: { label: peerLabel, value: then },
        goal: { ratioAtLeast: 3 },
        note: `10 connections, best of ${ROUNDS} × ${THROUGHPUT_SECONDS} s each${failures ? `; ${failures} answers were not 2xx` : ''}`,
      });
    }
    return figures;
  } finally {
    await before.stop();
  }
}

const scale: Benchmark = {
  name: 'scale',
  async run() {
    const figures: Figure[] = [];
    for (const kind of KINDS) {
      console.log(`  ${kind}: ${count(SIZES[kind])} projects, ${count(2 * SIZES[kind])} agreement requests`);
      figures.push(...(await measure(kind, SIZES[kind])));
    }
    return figures;
  },
};

export default scale;
