/**
 * Prometheus metrics at /metrics, on PGlite and PostgreSQL: requests by route pattern (never the raw address), the
 * database's connections, event-loop lag, job runs by outcome; readable from this machine or with METRICS_TOKEN,
 * and a 404 like any unknown address for everyone else, however they dress up the request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DB_KINDS, startTestApp, type TestApp } from './helpers';

const TOKEN = 'metrics-token-0123456789abcdef';
const REMOTE = '203.0.113.7';

/** The value of one series line, e.g. `http_requests_total{method="GET",route="/x",status_code="200"}`. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(DB_KINDS)('metrics on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { metricsToken: TOKEN });
  });
  afterAll(() => t?.close());

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('counts and times requests by route pattern, so many ids make one series', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids) expect((await t.app.inject({ method: 'GET', url: `/api/v1/projects/${id}` })).statusCode).toBe(404);
    await t.app.inject({ method: 'GET', url: `/api/v1/no-such-${randomUUID()}` });
    const text = await scrape();
    for (const id of ids) expect(text).not.toContain(id);
    expect(value(text, 'http_requests_total{method="GET",route="/api/v1/projects/:id",status_code="404"}')).toBe(3);
    expect(value(text, 'http_request_duration_seconds_count{method="GET",route="/api/v1/projects/:id",status_code="404"}')).toBe(3);
    expect(value(text, 'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/v1/projects/:id",status_code="404"}')).toBe(3);
    expect(value(text, 'http_requests_total{method="GET",route="unmatched",status_code="404"}')).toBe(1);
    expect(text).not.toContain('no-such-');
  });

  it('reports the database connections, the event-loop lag and the process', async () => {
    const text = await scrape();
    expect(value(text, `db_info{kind="${kind}"}`)).toBe(1);
    if (kind === 'postgres') {
      expect(value(text, 'db_pool_clients{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(value(text, 'db_pool_clients{state="idle"}')).toBeGreaterThanOrEqual(0);
      expect(value(text, 'db_pool_clients{state="waiting"}')).toBe(0);
    } else {
      expect(text).toContain('PGlite is one in-process connection');
      expect(value(text, 'db_pool_clients{state="total"}')).toBe(1);
      expect(value(text, 'db_pool_clients{state="idle"}')).toBeUndefined();
    }
    expect(value(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts job runs by job and outcome', async () => {
    const slot = new Date('2030-01-01T00:00:00Z');
    expect(await t.app.jobs.run('close-campaigns', new Date(), slot)).toMatchObject({ ran: true, ok: true });
    expect(await t.app.jobs.run('close-campaigns', new Date(), slot)).toMatchObject({ ran: false });
    const text = await scrape();
    expect(value(text, 'job_runs_total{job="close-campaigns",outcome="ok"}')).toBe(1);
    expect(value(text, 'job_runs_total{job="close-campaigns",outcome="skipped"}')).toBe(1);
    expect(value(text, 'job_run_duration_seconds_count{job="close-campaigns"}')).toBe(1);
  });

  it('answers other machines only with the token; without it, the 404 of an unknown address', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: REMOTE });
    expect(unknown.statusCode).toBe(404);
    expect(JSON.parse(unknown.body)).toEqual({ message: 'No such endpoint: GET /metrics' });
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: REMOTE, headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(404);
    const right = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: REMOTE, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('http_requests_total');
    // A request a local proxy forwarded comes from loopback, but from someone else.
    const proxied = await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': REMOTE } });
    expect(proxied.statusCode).toBe(404);
  });
});

describe('metrics behind a trusted proxy, with the web app built', () => {
  let t: TestApp;
  const clientDir = mkdtempSync(join(tmpdir(), 'halal-fund-client-'));
  beforeAll(async () => {
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Halal Fund</title>');
    t = await startTestApp('pglite', { trustProxy: true, clientDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('answers a stranger with a 404, not the page of the web app', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/login' })).statusCode).toBe(200); // a page of the web app
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: REMOTE });
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body)).toEqual({ message: 'No such endpoint: GET /metrics' });
  });

  it('does not take a client-written X-Forwarded-For: 127.0.0.1 as this machine', async () => {
    const spoofed = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: REMOTE, headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(spoofed.statusCode).toBe(404);
    const viaLocalProxy = await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(viaLocalProxy.statusCode).toBe(404);
    // No token configured: a bearer header opens nothing.
    const guess = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: REMOTE, headers: { authorization: 'Bearer anything-at-all-here' } });
    expect(guess.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
  });
});
