/**
 * The language of a request (issue 29 §1), on PGlite and PostgreSQL: the `lang` cookie, else the account's setting,
 * else Accept-Language, else DEFAULT_LANGUAGE; the switch's link sets the cookie and goes back only to this site; pages
 * carry the language in `<html lang>`; a form's errors come in the request's language, the same fields either way.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, json, person, signUpVerified, startTestApp, type TestApp } from '../helpers';
import { api, makeStaff } from '../market-helpers';
import { loadSchemas, loadTranslations, loadUiSchemas } from '../../../src/shared/forms/load-schemas';

type Errors = { message: string; errors: { path: string; message: string }[] };

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

  it('a page address may name its language (?lang=), which wins and is kept; every page lists both for search engines', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/projects?category=Tech&lang=bn', headers: { cookie: 'lang=en', 'accept-language': 'en' } });
    expect(langOf(res.body)).toBe('bn');
    // The address is a choice made: the page's own API calls and the next page follow it.
    expect(String(res.headers['set-cookie'])).toMatch(/^lang=bn; Path=\/; /);
    const origin = /hreflang="x-default" href="([^"]*)\/projects\?category=Tech"/.exec(res.body)?.[1];
    expect(origin).toMatch(/^https?:\/\//);
    expect(res.body).toContain(`<link rel="alternate" hreflang="en" href="${origin}/projects?category=Tech&amp;lang=en" />`);
    expect(res.body).toContain(`<link rel="alternate" hreflang="bn" href="${origin}/projects?category=Tech&amp;lang=bn" />`);
    // Already the cookie's language: no cookie is set again. A language not ours is ignored.
    expect((await t.app.inject({ method: 'GET', url: '/projects?lang=bn', headers: { cookie: 'lang=bn' } })).headers['set-cookie']).toBeUndefined();
    const other = await t.app.inject({ method: 'GET', url: '/projects?lang=fr', headers: { 'accept-language': 'bn' } });
    expect(langOf(other.body)).toBe('bn');
    expect(other.headers['set-cookie']).toBeUndefined();
    // The API's query strings are its own: ?lang= is not a parameter there (a 400), and never decides its language.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/projects?lang=bn' })).statusCode).toBe(400);
    // The switch goes back to the page without its ?lang=, which would outvote the choice just made.
    const back = await t.app.inject({ method: 'GET', url: `/lang/en?back=${encodeURIComponent('/projects?lang=bn&category=Tech')}` });
    expect(back.headers.location).toBe('/projects?category=Tech');
  });

  it("answers the API's own messages in the request's language: errors, a 404, a success; the same answer otherwise", async () => {
    const who = await signUpVerified(t.app);
    const ask = (language: string, method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
      t.app.inject({ method, url, payload, headers: { 'accept-language': language, ...headers } });
    const wrong = { phone: who.phone, password: 'Wrong-password1!' };
    const [en, bn] = [await ask('en', 'POST', '/api/v1/auth/user/sign-in', wrong), await ask('bn', 'POST', '/api/v1/auth/user/sign-in', wrong)];
    expect(en.statusCode).toBe(401);
    expect(bn.statusCode).toBe(401);
    expect(json<{ message: string }>(en).message).toBe('The email/phone or the password is not correct.');
    expect(json<{ message: string }>(bn).message).toBe('ইমেইল/ফোন নম্বর অথবা পাসওয়ার্ড সঠিক নয়।');
    expect(Object.keys(json<object>(bn))).toEqual(Object.keys(json<object>(en)));
    // A record that is not there: the thing named in Bengali.
    const missing = '/api/v1/projects/00000000-0000-4000-8000-000000000000';
    expect(json<{ message: string }>(await ask('bn', 'GET', missing)).message).toBe('এই প্রকল্পটি পাওয়া যায়নি।');
    expect(json<{ message: string }>(await ask('en', 'GET', missing)).message).toBe('This project was not found.');
    // Not signed in; then a success message, by the account's setting over Accept-Language.
    expect(json<{ message: string }>(await ask('bn', 'POST', '/api/v1/auth/user/sign-out')).message).toBe('আপনার সেশন শেষ হয়েছে অথবা আপনি সাইন ইন করেননি। অনুগ্রহ করে সাইন ইন করুন।');
    await t.app.inject({ method: 'PUT', url: '/api/v1/me/language', headers: who.auth, payload: { language: 'bn' } });
    const out = await ask('en', 'POST', '/api/v1/auth/user/sign-out', undefined, who.auth);
    expect(out.statusCode).toBe(200);
    expect(json<{ message: string }>(out).message).toBe('আপনি সাইন আউট করেছেন।');
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

  it('a language chosen with the switch before signing up is the new account\'s; none chosen, none kept', async () => {
    const chose = person();
    const withCookie = await t.app.inject({ method: 'POST', url: '/api/v1/auth/user/sign-up', headers: { cookie: 'lang=bn' }, payload: chose });
    expect(withCookie.statusCode).toBe(201);
    const plain = person();
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/user/sign-up', headers: { 'accept-language': 'bn-BD' }, payload: plain })).statusCode).toBe(201);
    const languageOf = async (email: string) => (await t.app.db.selectFrom('users').select('language').where('email', '=', email).executeTakeFirstOrThrow()).language;
    expect(await languageOf(chose.email)).toBe('bn');
    expect(await languageOf(plain.email)).toBeNull();
  });

  const signUp = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/user/sign-up', headers, payload: { ...person(), email: 'not an email', password: 'short', retype_password: 'other' } });

  it('answers a form\'s errors in the request\'s language: the same fields, the form\'s own Bengali words', async () => {
    const en = json<Errors>(await signUp({ 'accept-language': 'en-GB' }));
    const bn = json<Errors>(await signUp({ 'accept-language': 'bn-BD,bn;q=0.9' }));
    const cookie = json<Errors>(await signUp({ cookie: 'lang=bn', 'accept-language': 'en' }));
    expect(en.message).toBe('Please correct the highlighted fields.');
    expect(en.errors).toContainEqual({ path: '/email', message: 'Enter a valid email address' });
    expect(en.errors).toContainEqual({ path: '/password', message: 'Password must be at least 6 characters' });
    expect(bn.message).toBe('অনুগ্রহ করে চিহ্নিত ঘরগুলো ঠিক করুন।');
    expect(bn.errors.map((e) => e.path)).toEqual(en.errors.map((e) => e.path));
    expect(bn.errors).toContainEqual({ path: '/email', message: 'একটি সঠিক ইমেইল ঠিকানা দিন' });
    expect(bn.errors).toContainEqual({ path: '/password', message: 'পাসওয়ার্ড অন্তত ৬ অক্ষরের হতে হবে' });
    expect(bn.errors).toContainEqual({ path: '/retype_password', message: 'দুটি পাসওয়ার্ড মেলেনি' });
    expect(cookie).toEqual(bn);
    // The engine's own message for a field the form does not take is said in Bengali too, with the field's name.
    const unknown = json<Errors>(await t.app.inject({ method: 'POST', url: '/api/v1/auth/user/sign-up', headers: { 'accept-language': 'bn' }, payload: { ...person(), extra: 1 } }));
    expect(unknown.errors).toEqual([{ path: '/extra', message: 'অজানা ঘর "extra": এই ফর্মে এমন কোনো ঘর নেই' }]);
  });

  it('the account\'s setting decides a signed-in request without a cookie, whatever Accept-Language says', async () => {
    const who = await signUpVerified(t.app);
    const save = (headers: Record<string, string>) => t.app.inject({ method: 'PUT', url: '/api/v1/profile', headers: { ...who.auth, ...headers }, payload: {} });
    const before = json<Errors>(await save({ 'accept-language': 'en' }));
    expect(before.errors).toContainEqual({ path: '/name', message: 'Name is required' });
    await t.app.inject({ method: 'PUT', url: '/api/v1/me/language', headers: who.auth, payload: { language: 'bn' } });
    const after = json<Errors>(await save({ 'accept-language': 'en' }));
    expect(after.errors).toContainEqual({ path: '/name', message: 'নাম দিতে হবে' });
    expect(after.errors.map((e) => e.path)).toEqual(before.errors.map((e) => e.path));
    // The cookie (the header's switch) still wins over the account.
    expect(json<Errors>(await save({ cookie: 'lang=en' })).errors).toEqual(before.errors);
  });

  it('a version published in the studio carries the Bengali words: kept from its base, or as staff publish them', async () => {
    const staff = await makeStaff(t.app);
    const schema = loadSchemas()['sign-up']!;
    const uiSchema = loadUiSchemas()['sign-up']!;
    const bn = loadTranslations()['sign-up']!.bn!;
    const base = (await api(t.app, 'GET', '/forms/sign-up')).body.version as number;
    // Published without translations: the base version's words travel on.
    expect((await api(t.app, 'POST', '/forms/sign-up/publish', staff, { baseVersion: base, schema, uiSchema, note: 'same words' })).status).toBe(201);
    expect((await api(t.app, 'GET', '/forms/sign-up')).body.translations).toEqual({ bn });
    expect(json<Errors>(await signUp({ 'accept-language': 'bn' })).errors).toContainEqual({ path: '/retype_password', message: 'দুটি পাসওয়ার্ড মেলেনি' });
    // Staff change a Bengali message: the next request in Bengali says it, English is unchanged.
    const edited = { ...bn, 'Passwords do not match': 'পাসওয়ার্ড দুটি এক নয়' };
    const published = await api(t.app, 'POST', '/forms/sign-up/publish', staff, { baseVersion: base + 1, schema, uiSchema, translations: { bn: edited }, note: 'Bengali wording' });
    expect(published.status).toBe(201);
    expect(json<Errors>(await signUp({ 'accept-language': 'bn' })).errors).toContainEqual({ path: '/retype_password', message: 'পাসওয়ার্ড দুটি এক নয়' });
    expect(json<Errors>(await signUp({})).errors).toContainEqual({ path: '/retype_password', message: 'Passwords do not match' });
    // Words for a language the product does not speak are refused, and nothing is published.
    const refused = await api(t.app, 'POST', '/forms/sign-up/publish', staff, { baseVersion: base + 2, schema, uiSchema, translations: { fr: {} }, note: 'x' });
    expect(refused.status).toBe(400);
    expect((await api(t.app, 'GET', '/forms/sign-up')).body.version).toBe(base + 2);
  });
});
