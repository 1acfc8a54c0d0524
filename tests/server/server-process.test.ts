/**
 * The server as a process: over a real socket, restarts keep data, a second process on one DATA_DIR is refused,
 * graceful shutdown, and a SIGKILL in the middle of sign-ups loses no account whose sign-up was answered 201.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { freshDataDir, freshPostgres, person } from './helpers';
import { startServerProcess, type ServerProcess } from './process';

async function call(base: string, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON
}

async function signUpAndVerify(base: string) {
  const who = person();
  expect((await call(base, 'POST', '/auth/user/sign-up', who)).status).toBe(201);
  const outbox = await call(base, 'GET', `/dev/outbox?to=${encodeURIComponent(who.phone)}`);
  const verified = await call(base, 'PATCH', '/auth/user/verify-otp', { phone: who.phone, otp: outbox.body.messages[0].code });
  expect(verified.status).toBe(200);
  return who;
}

describe('server process on PGlite', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await freshDataDir();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves the API over a socket with security headers, and keeps accounts across a restart', async () => {
    let server: ServerProcess = await startServerProcess({ DATA_DIR: dataDir });
    let who;
    try {
      const health = await fetch(`${server.url}/api/v1/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      const csp = health.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect(health.headers.get('x-content-type-options')).toBe('nosniff');
      expect(server.output()).toMatch(/SMS_PROVIDER is the outbox/);

      who = await signUpAndVerify(server.url);
      expect(server.output()).toMatch(new RegExp(`SMS to \\${who.phone}: Your Halal Fund verification code is \\d{4}`));
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
    server = await startServerProcess({ DATA_DIR: dataDir });
    try {
      const signIn = await call(server.url, 'POST', '/auth/user/sign-in', { phone: who.email, password: who.password });
      expect(signIn.status).toBe(200);
      const me = await call(server.url, 'GET', '/auth/user/me', undefined, signIn.body.token);
      expect(me.body.email).toBe(who.email);
    } finally {
      await server.stop();
    }
  });

  it('refuses a second process on the same DATA_DIR at once, with a clear message', async () => {
    const first = await startServerProcess({ DATA_DIR: dataDir });
    try {
      const t0 = Date.now();
      const second = await startServerProcess({ DATA_DIR: dataDir }).then(
        () => null,
        (err: Error & { code?: number; output?: string }) => err,
      );
      expect(second).not.toBeNull();
      expect(second!.code).toBe(3);
      expect(second!.output).toMatch(/The data directory .* is already in use by another server process \(pid \d+\)/);
      expect(Date.now() - t0).toBeLessThan(15_000);
      // The first is unharmed.
      expect((await fetch(`${first.url}/api/v1/health`)).status).toBe(200);
    } finally {
      await first.stop();
    }
  });

  it('loses no acknowledged sign-up when killed with SIGKILL mid-stream', async () => {
    const server = await startServerProcess({ DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
    const acknowledged: ReturnType<typeof person>[] = [];
    let stop = false;
    const worker = async () => {
      while (!stop) {
        const who = person();
        try {
          const res = await call(server.url, 'POST', '/auth/user/sign-up', who);
          if (res.status === 201) acknowledged.push(who);
        } catch {
          return; // the connection died with the process
        }
      }
    };
    const workers = Array.from({ length: 6 }, worker);
    while (acknowledged.length < 25) await new Promise((r) => setTimeout(r, 20));
    await server.stop('SIGKILL');
    stop = true;
    await Promise.all(workers);
    expect(acknowledged.length).toBeGreaterThanOrEqual(25);

    const again = await startServerProcess({ DATA_DIR: dataDir });
    try {
      for (const who of acknowledged) {
        // 403 "not verified" proves the account and its password were kept.
        const res = await call(again.url, 'POST', '/auth/user/sign-in', { phone: who.email, password: who.password });
        expect([who.email, res.status]).toEqual([who.email, 403]);
      }
    } finally {
      await again.stop();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('server process on PostgreSQL', () => {
  it('keeps accounts across a restart with DATABASE_URL', async () => {
    const pg = await freshPostgres();
    try {
      let server = await startServerProcess({ DATABASE_URL: pg.url });
      const who = await signUpAndVerify(server.url);
      expect(await server.stop()).toBe(0);
      server = await startServerProcess({ DATABASE_URL: pg.url });
      try {
        expect(server.output()).toContain('database: postgres');
        const res = await call(server.url, 'POST', '/auth/user/sign-in', { phone: who.phone, password: who.password });
        expect(res.status).toBe(200);
      } finally {
        await server.stop();
      }
    } finally {
      await pg.drop();
    }
  });
});
