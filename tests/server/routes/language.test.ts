/**
 * The language of a request (issue 29 §1), on PGlite and PostgreSQL: the `lang` cookie, else the account's setting,
 * else Accept-Language, else DEFAULT_LANGUAGE; the switch's link sets the cookie and goes back only to this site; pages
 * carry the language in `<html lang>`; a form's errors come in the request's language, the same fields either way.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, json, signUpVerified, startTestApp, type TestApp } from '../helpers';

describe.each(DB_KINDS)('the language of a request on %s', (kind) => {
  let t: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), 'halal-fund-client-'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html lang="en"><head><title>Halal Fund</title></head><body><div id="root"></div></body></html>');
    t = await startTestApp(kind, { clientDir, serverRender: false });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const page = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/projects', headers });
  const langOf = (html: string) => /<html lang="([^"]*)"/.exec(html)?.[1];

  it('pages say their language in <html lang>: cookie, then Accept-Language, then the default', async () => {
    expect(langOf((await page({})).body)).toBe('en');
    expect(langOf((await page({ 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.8' })).body)).toBe('bn');
    expect(langOf((await page({ 'accept-language': 'bn' })).body)).toBe('bn');
    expect(langOf((await page({ 'accept-language': 'en-US,bn;q=0.5' })).body)).toBe('en');
    expect(langOf((await page({ 'accept-language': 'fr' })).body)).toBe('en');
    expect(langOf((await page({ cookie: 'a=1; lang=bn', 'accept-language': 'en' })).body)).toBe('bn');
    expect(langOf((await page({ cookie: 'lang=en', 'accept-language': 'bn' })).body)).toBe('en');
    // A cookie naming no language of ours is ignored.
    expect(langOf((await page({ cookie: 'lang=xx', 'accept-language': 'bn' })).body)).toBe('bn');
  });

  it('the switch sets the cookie and goes back to a page of this site only', async () => {
    const go = (url: string) => t.app.inject({ method: 'GET', url });
    const res = await go('/lang/bn?back=%2Fprojects%3Fq%3Dx');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/projects?q=x');
    expect(String(res.headers['set-cookie'])).toMatch(/^lang=bn; Path=\/; Max-Age=\d+; SameSite=Lax/);
    for (const back of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '']) {
      const r = await go(`/lang/en?back=${encodeURIComponent(back)}`);
      expect(r.statusCode, back).toBe(303);
      expect(r.headers.location, back).toBe('/');
    }
    expect((await go('/lang/fr?back=/')).statusCode).toBe(400);
  });

  it('keeps a signed-in person\'s choice, which decides when no cookie does', async () => {
    const who = await signUpVerified(t.app);
    const bad = await t.app.inject({ method: 'PUT', url: '/api/v1/me/language', headers: who.auth, payload: { language: 'fr' } });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/me/language', payload: { language: 'bn' } })).statusCode).toBe(401);
    const set = await t.app.inject({ method: 'PUT', url: '/api/v1/me/language', headers: who.auth, payload: { language: 'bn' } });
    expect(set.statusCode).toBe(200);
    expect(json(set)).toEqual({ language: 'bn' });
    expect(String(set.headers['set-cookie'])).toContain('lang=bn');
    const row = await t.app.db.selectFrom('users').select('language').where('email', '=', who.email).executeTakeFirstOrThrow();
    expect(row.language).toBe('bn');
  });
});
