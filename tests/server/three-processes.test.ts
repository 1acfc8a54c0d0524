/**
 * Several server processes on one PostgreSQL (issue 14 §1): three real processes (`src/server/server.ts`, real
 * sockets) share one fresh database and show that nothing that must be shared lives in one process's memory — a
 * session made on one works on the others, 20 accepts and declines of one request spread over the three end in one
 * final state with the money counted once, a rate limit of N per minute holds for the three together, and a
 * scheduled job (close-campaigns, every 15 s, JOBS=on in all three) runs once per slot, not three times.
 * Runs only when TEST_DATABASE_URL is set (PGlite is one process by design).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person, startTestApp, type TestApp } from './helpers';
import { startServerProcess, type ServerProcess } from './process';
import { acceptForm, agreementForm, api, makeStaff, openProject, verifiedOwner, type Person } from './market-helpers';

const RATE_LIMIT = 5;

async function http(base: string, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, any>) : {} }; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON
}

/** One series' value from a process's /metrics (0 when absent). */
async function metric(base: string, series: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('three server processes on one PostgreSQL', () => {
  let t: TestApp;
  let servers: ServerProcess[] = [];
  let urls: string[] = [];

  beforeAll(async () => {
    // The in-process app creates and migrates the database (and builds fixtures through the API); the three
    // processes then start in parallel on it.
    t = await startTestApp('postgres');
    const env = { DATABASE_URL: t.databaseUrl!, JOBS: 'on', AUTH_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) };
    const started = await Promise.allSettled([0, 1, 2].map(() => startServerProcess(env, 120_000)));
    servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    urls = servers.map((s) => s.url);
    expect(new Set(urls).size).toBe(3);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop('SIGTERM')));
    await t?.close();
  });

  it('honours a session made on one process on the others, and a sign-out on one everywhere within a second', async () => {
    const [a, b, c] = urls as [string, string, string];
    const who = person();
    expect((await http(a, 'POST', '/auth/user/sign-up', undefined, who)).status).toBe(201);
    const outbox = await http(b, 'GET', `/dev/outbox?to=${encodeURIComponent(who.phone)}`);
    const otp = (outbox.body.messages as { code: string }[])[0]!.code;
    const verified = await http(c, 'PATCH', '/auth/user/verify-otp', undefined, { phone: who.phone, otp });
    expect(verified.status).toBe(200);
    const token = verified.body.token as string;
    for (const base of urls) {
      const me = await http(base, 'GET', '/auth/user/me', token);
      expect(me).toMatchObject({ status: 200, body: { email: who.email } });
    }
    const signedOut = Date.now();
    expect((await http(b, 'POST', '/auth/user/sign-out', token)).status).toBe(200);
    // Where it was made, at once; the others kept the session they had read for at most SESSION_CACHE_MS (1 s:
    // plugins/auth.ts), so each refuses it within a second (the bound below leaves room for the requests' own time).
    expect((await http(b, 'GET', '/auth/user/me', token)).status).toBe(401);
    for (const base of [a, c]) {
      await expect.poll(async () => (await http(base, 'GET', '/auth/user/me', token)).status, { timeout: 5_000, interval: 50 }).toBe(401);
    }
    expect(Date.now() - signedOut).toBeLessThan(2_000);
    for (const base of urls) expect((await http(base, 'GET', '/auth/user/me', token)).status).toBe(401);
  });

  it('settles 20 accepts and declines spread over the three in one final state, counting the money once', async () => {
    const staff: Person = await makeStaff(t.app);
    const owner = await verifiedOwner(t.app, staff);
    const investor = await verifiedOwner(t.app, staff);
    const id = await openProject(t.app, owner, staff, { askamu: 1000000 });
    const req = await api(t.app, 'POST', `/projects/${id}/agreement-requests`, investor, agreementForm(70000));
    expect(req.status).toBe(201);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const base = urls[i % 3]!;
        return i % 2 === 0
          ? http(base, 'POST', `/agreement-requests/${req.body.id}/accept`, owner.token, acceptForm())
          : http(base, 'POST', `/agreement-requests/${req.body.id}/decline`, owner.token, { reason: 'Too late' });
      }),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const final = ok[0]!.body.status as string;
    for (const base of urls) {
      const project = await http(base, 'GET', `/projects/${id}`);
      expect(project.body.figures.raised).toBe(final === 'accepted' ? '70000.00' : '0.00');
    }
    const instalments = await t.app.db.selectFrom('instalments').select('id').where('agreement_id', '=', req.body.id).execute();
    expect(instalments).toHaveLength(final === 'accepted' ? 4 : 0);
    const audits = await t.app.db.selectFrom('audit_log').select('action').where('subject_id', '=', req.body.id).execute();
    expect(audits).toHaveLength(1);
  });

  it(`holds a rate limit of ${RATE_LIMIT} per minute for the three together`, async () => {
    const answers = [];
    // One at a time, round the three processes: each process alone has seen fewer than the limit.
    for (let i = 0; i < 3 * RATE_LIMIT; i++) {
      answers.push(await http(urls[i % 3]!, 'POST', '/newsletter', undefined, { email: `reader${i}@example.com` }));
    }
    expect(answers.slice(0, RATE_LIMIT).map((r) => r.status)).toEqual(Array(RATE_LIMIT).fill(200));
    expect(answers.slice(RATE_LIMIT).map((r) => r.status)).toEqual(Array(2 * RATE_LIMIT).fill(429));
    expect(answers[RATE_LIMIT]!.body.message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    expect(await t.app.db.selectFrom('newsletter_subscribers').select('email').where('email', 'like', 'reader%@example.com').execute()).toHaveLength(RATE_LIMIT);
  });

  it('runs a scheduled job once per slot, not once per process', async () => {
    const staff: Person = await makeStaff(t.app);
    const owner = await verifiedOwner(t.app, staff);
    const id = await openProject(t.app, owner, staff);
    const allUp = new Date();
    await t.app.db.updateTable('projects').set({ ends_at: new Date(Date.now() - 60_000) }).where('id', '=', id).execute();

    // close-campaigns runs every 15 s in each of the three; wait for the first slot after all three were up.
    const deadline = Date.now() + 40_000;
    let closed = false;
    while (!closed && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      closed = (await t.app.db.selectFrom('projects').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status === 'closed';
    }
    expect(closed).toBe(true);
    const closes = await t.app.db.selectFrom('audit_log').select('action').where('subject_id', '=', id).where('action', '=', 'project.close').execute();
    expect(closes).toHaveLength(1);
    const runs = await t.app.db.selectFrom('job_runs').select(['slot', 'ok', 'result']).where('job', '=', 'close-campaigns').orderBy('slot').execute();
    const slotsAfter = runs.filter((r) => r.slot > allUp);
    expect(slotsAfter.length).toBeGreaterThanOrEqual(1);
    expect(slotsAfter.every((r) => r.ok === true)).toBe(true);
    expect(slotsAfter.filter((r) => r.result === 'closed 1 campaign')).toHaveLength(1);

    // Every attempt is counted by the process that made it: the runs in the table are all the three ran between
    // them, and for the slots after all were up the other two stepped aside each time.
    const total = async (outcome: string) => {
      const each = await Promise.all(urls.map((u) => metric(u, `job_runs_total{job="close-campaigns",outcome="${outcome}"}`)));
      return each.reduce((s, x) => s + x, 0);
    };
    // A process slowed by the shared machine may step aside a moment later: give it a few seconds.
    const until = Date.now() + 10_000;
    while ((await total('skipped')) < 2 * slotsAfter.length && Date.now() < until) await new Promise((r) => setTimeout(r, 250));
    expect(await total('skipped')).toBeGreaterThanOrEqual(2 * slotsAfter.length);
    // Rows and counters read between two equal readings of the counters (a slot firing in between is read again).
    let counted: { before: number; rows: number; after: number } = { before: -1, rows: -2, after: -3 };
    for (let i = 0; i < 5 && counted.before !== counted.after; i++) {
      const before = await total('ok');
      const rows = (await t.app.db.selectFrom('job_runs').select('id').where('job', '=', 'close-campaigns').execute()).length;
      counted = { before, rows, after: await total('ok') };
    }
    expect(counted.before).toBe(counted.after);
    expect(counted.rows).toBe(counted.before);
  }, 60_000);
});
