/**
 * Digits typed on a Bengali keyboard through the API (issue 29 §2), on PGlite and PostgreSQL: a phone, a
 * verification code and a sign-in in Bengali digits are the same as in ASCII ones, and an amount too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, json, latestCode, person, signUpVerified, startTestApp, type TestApp } from '../helpers';
import { api, fixture } from '../market-helpers';

const BN = '০১২৩৪৫৬৭৮৯';
const bengali = (ascii: string) => ascii.replace(/[0-9]/g, (d) => BN[Number(d)]!);

describe.each(DB_KINDS)('Bengali digits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  it('signs up, verifies and signs in with the phone and code typed in Bengali digits', async () => {
    const who = person();
    const local = `0${who.phone.slice(4)}`; // +8801… → 01…
    const up = await t.app.inject({ method: 'POST', url: '/api/v1/auth/user/sign-up', payload: { ...who, phone: bengali(local) } });
    expect(up.statusCode, up.body).toBe(201);
    const row = await t.app.db.selectFrom('users').select('phone').where('email', '=', who.email).executeTakeFirstOrThrow();
    expect(row.phone).toBe(who.phone);
    const otp = await latestCode(t.app, who.phone);
    const verified = await t.app.inject({ method: 'PATCH', url: '/api/v1/auth/user/verify-otp', payload: { phone: bengali(local), otp: bengali(otp) } });
    expect(verified.statusCode, verified.body).toBe(200);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/v1/auth/user/sign-in', payload: { phone: bengali(local), password: who.password } });
    expect(signIn.statusCode, signIn.body).toBe(200);
  });

  it('refuses what is not a number in any script, with the form\'s message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/user/sign-up', headers: { 'accept-language': 'bn' }, payload: { ...person(), phone: '০১৮১২৩' } });
    expect(res.statusCode).toBe(400);
    expect(json<{ errors: unknown[] }>(res).errors).toEqual([{ path: '/phone', message: 'একটি সঠিক ফোন নম্বর দিন, যেমন +8801712345678' }]);
  });

  it('reads an amount, a count of months and a phone typed in Bengali digits as those numbers', async () => {
    const who = await signUpVerified(t.app);
    const offer = await api(t.app, 'POST', '/offers', who, { ...fixture('invest'), phone: bengali('01812345678'), totalAmount: '৫,০০,০০০', duration: '১২', returningTime: '৩' });
    expect(offer.status, JSON.stringify(offer.body)).toBe(201);
    const stored = await t.app.db.selectFrom('offers').select(['data']).where('id', '=', offer.body.id).executeTakeFirstOrThrow();
    expect(stored.data).toMatchObject({ phone: '+8801812345678', totalAmount: 500000, duration: 12, returningTime: 3 });
  });
});
