/**
 * Load shedding on PGlite and PostgreSQL: an overloaded process answers 503 with Retry-After and a readable
 * `{ message }` at once instead of stalling; health, readiness and metrics still answer (readiness says "busy"),
 * and the process serves again when the load falls. The thresholds are forced low to make the overload.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DB_KINDS, json, startTestApp, type TestApp } from './helpers';
import { OVERLOADED } from '../../src/server/plugins/pressure';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Keeps the event loop busy, as a long synchronous computation would. */
function block(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    /* busy */
  }
}

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await sleep(5);
  }
}

describe.each(DB_KINDS)('load shedding on %s', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('refuses with 503 while the event loop lags, then serves again', async () => {
    t = await startTestApp(kind, { maxEventLoopDelayMs: 100, pressureSampleMs: 100 });
    const app = t.app;
    expect((await app.inject({ method: 'GET', url: '/api/v1/projects' })).statusCode).toBe(200);

    // under-pressure judges the mean delay of each sample window. One long block can land in a window that then
    // fills with short samples on a busy machine, so keep the loop blocked in long stretches until it is judged.
    const end = Date.now() + 20_000;
    while (!app.isOverloaded()) {
      if (Date.now() > end) throw new Error('never judged overloaded');
      block(600);
      await sleep(1);
    }
    const [busy, health, ready] = await Promise.all([
      app.inject({ method: 'GET', url: '/api/v1/projects' }),
      app.inject({ method: 'GET', url: '/api/v1/health' }),
      app.inject({ method: 'GET', url: '/api/v1/ready' }),
    ]);
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('10');
    expect(json(busy)).toEqual({ message: OVERLOADED });
    expect(health.statusCode).toBe(200);
    expect(ready.statusCode).toBe(503);
    expect(json(ready)).toEqual({ status: 'unavailable', message: OVERLOADED });

    await until(() => !app.isOverloaded());
    expect((await app.inject({ method: 'GET', url: '/api/v1/projects' })).statusCode).toBe(200);
  });

  it('refuses over the heap threshold before reading a session or a body; health and metrics still answer', async () => {
    t = await startTestApp(kind, { maxHeapMb: 1, pressureSampleMs: 20 });
    const app = t.app;
    await until(() => app.isOverloaded());
    const post = await app.inject({ method: 'POST', url: '/api/v1/auth/user/sign-in', payload: { email: 'a@example.com', password: 'x' } });
    expect(post.statusCode).toBe(503);
    expect(json(post)).toEqual({ message: OVERLOADED });
    const mine = await app.inject({ method: 'GET', url: '/api/v1/me/donations', headers: { authorization: 'Bearer nonsense' } });
    expect(mine.statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    const metrics = await app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toMatch(/http_requests_total\{method="POST",route="\/api\/v1\/auth\/user\/sign-in",status_code="503"\} 1/);
  });

  it("still serves the front end's built files under load (a page whose chunk is refused never works), not its pages", async () => {
    const clientDir = mkdtempSync(join(tmpdir(), 'halal-fund-client-'));
    try {
      mkdirSync(join(clientDir, 'assets'));
      writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Halal Fund</title><div id="root"></div>');
      writeFileSync(join(clientDir, 'assets', 'index-abc123.js'), 'export const x = 1;');
      t = await startTestApp(kind, { maxHeapMb: 1, pressureSampleMs: 20, clientDir, serverRender: false });
      const app = t.app;
      await until(() => app.isOverloaded());
      const chunk = await app.inject({ method: 'GET', url: '/assets/index-abc123.js?retry=1' });
      expect(chunk.statusCode).toBe(200);
      expect(chunk.body).toBe('export const x = 1;');
      expect((await app.inject({ method: 'GET', url: '/projects' })).statusCode).toBe(503);
      expect((await app.inject({ method: 'GET', url: '/api/v1/content.json' })).statusCode).toBe(503);
    } finally {
      rmSync(clientDir, { recursive: true, force: true });
    }
  });
});
