/**
 * The app's hardening and wiring: configuration errors, the SMS providers, 5xx answers without internals, body
 * limits, the OpenAPI document and the security headers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError, loadConfig } from '../../src/server/config';
import { buildApp } from '../../src/server/app';
import { DB_KINDS, json, person, startTestApp, type TestApp } from './helpers';

describe('configuration', () => {
  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a whole number from 0 to 65535 (got "eighty")'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres:// connection string (got "mysql://x")'],
    [{ SMS_PROVIDER: 'pigeon' }, 'SMS_PROVIDER must be one of outbox, http (got "pigeon")'],
    [{ SMS_PROVIDER: 'http' }, 'SMS_PROVIDER=http needs SMS_HTTP_URL, the gateway URL (http:// or https://)'],
    [{ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example' }, 'SMS_PROVIDER=http needs SMS_HTTP_KEY, the gateway API key'],
    [{ OTP_TTL_SECONDS: '0' }, 'OTP_TTL_SECONDS must be a whole number from 1 to 86400 (got "0")'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")'],
    [{ DEFAULT_PHONE_REGION: 'Bangladesh' }, 'DEFAULT_PHONE_REGION must be a two-letter country code such as BD (got "Bangladesh")'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN must be at least 16 characters without spaces (e.g. the output of `openssl rand -hex 24`)'],
    [{ MAX_EVENT_LOOP_DELAY_MS: '-5' }, 'MAX_EVENT_LOOP_DELAY_MS must be a whole number from 0 to 60000 (got "-5")'],
    [{ MAX_HEAP_MB: 'lots' }, 'MAX_HEAP_MB must be a whole number from 0 to 1000000 (got "lots")'],
    [{ LATE_CHARITY_RATE_PA: '2.555' }, 'LATE_CHARITY_RATE_PA must be a percentage a year from 0 to 100 with at most two decimals, such as 0 or 12.5 (got "2.555")'],
    [{ LATE_CHARITY_RATE_PA: '101' }, 'LATE_CHARITY_RATE_PA must be a percentage a year from 0 to 100 with at most two decimals, such as 0 or 12.5 (got "101")'],
    [{ LATE_CHARITY_RATE_PA: '-1' }, 'LATE_CHARITY_RATE_PA must be a percentage a year from 0 to 100 with at most two decimals, such as 0 or 12.5 (got "-1")'],
    [{ LATE_GRACE_DAYS: 'week' }, 'LATE_GRACE_DAYS must be a whole number from 0 to 365 (got "week")'],
    [{ DEFAULT_AFTER_DAYS: '0' }, 'DEFAULT_AFTER_DAYS must be a whole number from 1 to 3650 (got "0")'],
  ])('refuses %o with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });

  it('refuses the outbox on a host other machines can reach, unless allowed', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(/SMS_PROVIDER is the outbox, whose codes anyone can read/);
    expect(loadConfig({ HOST: '0.0.0.0', ALLOW_DEV_OUTBOX: '1' }).host).toBe('0.0.0.0');
    const mail = { SMTP_URL: 'smtp://mail.example:587', MAIL_FROM: 'Halal Fund <no-reply@halalfund.example>', PUBLIC_URL: 'https://halalfund.example' };
    expect(loadConfig({ HOST: '0.0.0.0', SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example', SMS_HTTP_KEY: 'k', ...mail }).smsProvider).toBe('http');
    // The e-mail outbox is refused the same way: it shows every notice to whoever asks.
    expect(() => loadConfig({ HOST: '0.0.0.0', SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example', SMS_HTTP_KEY: 'k' })).toThrow(/E-mail goes to the outbox/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example' })).toThrow(/SMTP_URL needs MAIL_FROM/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example', MAIL_FROM: 'a@b.c' })).toThrow(/SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
    // Real e-mails carry links, which need the site's public address.
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example', MAIL_FROM: 'a@b.c' })).toThrow(/SMTP_URL needs PUBLIC_URL/);
  });

  it('has the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({ port: 3000, host: '127.0.0.1', smsProvider: 'outbox', otpTtlSeconds: 180, otpResendSeconds: 180, databaseUrl: undefined, defaultPhoneRegion: 'BD' });
    expect(loadConfig({ DEFAULT_PHONE_REGION: 'in' }).defaultPhoneRegion).toBe('IN');
    expect(loadConfig({})).toMatchObject({ port: 3000, host: '127.0.0.1', smsProvider: 'outbox', otpTtlSeconds: 180, otpResendSeconds: 180, databaseUrl: undefined });
    expect(loadConfig({})).toMatchObject({ metricsToken: undefined, maxEventLoopDelayMs: 1000, maxHeapMb: 0, pressureSampleMs: 1000 });
    expect(loadConfig({})).toMatchObject({ lateGraceDays: 7, lateCharityRatePa: '0', defaultAfterDays: 90 });
    expect(loadConfig({ LATE_CHARITY_RATE_PA: '12.5', LATE_GRACE_DAYS: '0' })).toMatchObject({ lateCharityRatePa: '12.5', lateGraceDays: 0 });
  });
});

describe.each(DB_KINDS)('app hardening on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ message: 'No such endpoint: GET /api/v1/nothing-here' });
  });

  it('refuses a body over the limit with 413 and says why', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/user/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ phone: 'x'.repeat(2 * 1024 * 1024), password: 'Secret1!' }),
    });
    expect(res.statusCode).toBe(413);
    expect(json(res).message).toBe('The request is too large. Images must be at most 5 MB each.');
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/user/sign-in', headers: { 'content-type': 'application/json' }, payload: '{"phone":' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toHaveProperty('message');
  });

  it('serves an OpenAPI 3.1 document built from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const doc = json<{ openapi: string; paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } }>(res);
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/auth/user/sign-up', '/auth/user/verify-otp', '/projects', '/agreement-requests/{id}/accept']));
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['sign-up', 'project-owner', 'invest']));
  });

  it('sends security headers with a CSP that forbids eval and inline scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('a failing route', () => {
  it('is logged with its request id and answered 500 without internals', async () => {
    const t = await startTestApp('pglite');
    const logs: string[] = [];
    const config = t.config;
    await t.app.close();
    const app = await buildApp({
      config,
      database: t.database,
      logger: { level: 'error', stream: { write: (line: string) => void logs.push(line) } },
    });
    app.get('/api/v1/boom', async () => {
      throw new Error('secret database detail');
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/v1/boom' });
      expect(res.statusCode).toBe(500);
      const body = json<{ message: string; requestId: string }>(res);
      expect(body).toEqual({ message: 'Something went wrong on our side. Please try again in a moment.', requestId: expect.any(String) });
      expect(res.body).not.toContain('secret');
      expect(logs.join('')).toContain(body.requestId);
      expect(logs.join('')).toContain('secret database detail');
    } finally {
      await app.close();
      await t.close().catch(() => undefined);
    }
  });
});

describe('SMS providers', () => {
  let gateway: Server;
  let received: { auth: string | undefined; body: { to: string; text: string } }[] = [];
  let gatewayUrl = '';
  beforeAll(async () => {
    gateway = createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, body: JSON.parse(data) });
        res.writeHead(202).end('{}');
      });
    });
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
    gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
  });
  afterAll(() => new Promise<void>((r) => gateway.close(() => r())));

  it('with SMS_PROVIDER=http posts codes to the gateway, keeps no outbox and has no dev route', async () => {
    received = [];
    const t = await startTestApp('pglite', { smsProvider: 'http', smsHttpUrl: gatewayUrl, smsHttpKey: 'k3y' });
    try {
      const who = person();
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/user/sign-up', payload: who });
      expect(res.statusCode).toBe(201);
      expect(received).toEqual([{ auth: 'Bearer k3y', body: { to: who.phone, text: expect.stringMatching(/verification code is \d{4}/) } }]);
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(who.phone)}` })).statusCode).toBe(404);
      const outbox = await t.database.db.selectFrom('sms_outbox').selectAll().execute();
      expect(outbox).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('still answers 201 when the gateway is down, saying the code could not be sent', async () => {
    const t = await startTestApp('pglite', { smsProvider: 'http', smsHttpUrl: 'http://127.0.0.1:9/none', smsHttpKey: 'k' });
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/user/sign-up', payload: person() });
      expect(res.statusCode).toBe(201);
      expect(json(res).message).toBe('Account created, but the code could not be sent just now. Use Resend OTP in a moment.');
    } finally {
      await t.close();
    }
  });
});
