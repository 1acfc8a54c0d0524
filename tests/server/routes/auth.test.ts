/**
 * The auth API through `app.inject`, on PGlite and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DB_KINDS, json, latestCode, person, signUpVerified, startTestApp, type TestApp } from '../helpers';

describe.each(DB_KINDS)('auth API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/v1/auth/user/${url}`, payload: payload as object, headers });

  it("says the sign-up path's welcomes in the request's language: Accept-Language, then the lang cookie", async () => {
    const who = person();
    const up = await post('sign-up', who, { 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.5' });
    expect(up.statusCode).toBe(201);
    expect(json(up).message).toMatch(/^অ্যাকাউন্ট খোলা হয়েছে। আমরা \+8801•+\d{3} নম্বরে ৪ অঙ্কের একটি কোড পাঠিয়েছি।$/);
    const otp = await latestCode(t.app, who.phone);
    const verified = await t.app.inject({ method: 'PATCH', url: '/api/v1/auth/user/verify-otp', payload: { phone: who.phone, otp }, headers: { 'accept-language': 'bn' } });
    expect(json(verified).message).toBe('আপনার ফোন নম্বর যাচাই হয়েছে। স্বাগতম!');
    expect(json(await post('sign-in', { phone: who.email, password: who.password }, { cookie: 'lang=bn' })).message).toBe('আবার স্বাগতম!');
    // The same request in English differs only in its words.
    expect(json(await post('sign-in', { phone: who.email, password: who.password }, { 'accept-language': 'en-GB' })).message).toBe('Welcome back!');
  });

  it('signs up, verifies the code from the outbox, signs in, knows who you are and signs out', async () => {
    const who = person();
    const up = await post('sign-up', who);
    expect(up.statusCode).toBe(201);
    expect(json(up).message).toMatch(/^Account created\. We sent a 4-digit code to \+8801•+\d{3}\.$/);

    const otp = await latestCode(t.app, who.phone);
    expect(otp).toMatch(/^\d{4}$/);
    const verified = await t.app.inject({ method: 'PATCH', url: '/api/v1/auth/user/verify-otp', payload: { phone: who.phone, otp } });
    expect(verified.statusCode).toBe(200);
    expect(json(verified)).toEqual({ message: 'Your phone number is verified. Welcome!', token: expect.any(String) });

    const signIn = await post('sign-in', { phone: who.email, password: who.password });
    expect(signIn.statusCode).toBe(200);
    const { token } = json<{ token: string }>(signIn);
    const auth = { authorization: `Bearer ${token}` };

    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/user/me', headers: auth });
    expect(me.statusCode).toBe(200);
    expect(json(me)).toEqual({
      id: expect.any(String),
      email: who.email,
      phone: who.phone,
      verified: true,
      staff: false,
      created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    expect((await post('sign-out', undefined, auth)).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/auth/user/me', headers: auth });
    expect(after.statusCode).toBe(401);
    expect(json(after).message).toMatch(/sign in/i);
  });

  it('signs in with the phone number as well as the email, spaces and case aside', async () => {
    const who = await signUpVerified(t.app);
    expect((await post('sign-in', { phone: who.phone, password: who.password })).statusCode).toBe(200);
    const spaced = `${who.phone.slice(0, 4)} ${who.phone.slice(4, 8)}-${who.phone.slice(8)}`;
    expect((await post('sign-in', { phone: spaced, password: who.password })).statusCode).toBe(200);
    expect((await post('sign-in', { phone: who.email.toUpperCase(), password: who.password })).statusCode).toBe(200);
  });

  it('answers a bad body with 400 and the schema messages, field by field', async () => {
    const res = await post('sign-up', { email: 'nope', password: 'short', surprise: true });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({
      message: 'Please correct the highlighted fields.',
      errors: expect.arrayContaining([
        { path: '/email', message: 'Enter a valid email address' },
        { path: '/password', message: 'Password must be at least 6 characters' },
        { path: '/phone', message: 'Phone Number is required' },
        { path: '/retype_password', message: 'Confirm password is required' },
        { path: '/surprise', message: 'Unknown field "surprise": this form has no such field' },
      ]),
    });
    const signIn = await post('sign-in', { phone: 'rahim@example.com', password: 'abc' });
    expect(json(signIn).errors).toEqual([
      { path: '/password', message: 'Password must be 6 characters' },
      { path: '/password', message: 'Password must include uppercase, lowercase, number and special character' },
    ]);
    const mismatch = await post('sign-up', { ...person(), retype_password: 'Other1!x' });
    expect(json(mismatch).errors).toEqual([{ path: '/retype_password', message: 'Passwords do not match' }]);
  });

  it('refuses a phone that is not a valid mobile number for its region, with the schema message', async () => {
    for (const phone of ['123 4567', '0291234567', '+8802912345', '01212345678']) {
      const res = await post('sign-up', { ...person(), phone });
      expect(res.statusCode).toBe(400);
      expect(json(res).errors).toEqual([{ path: '/phone', message: 'Enter a valid phone number, e.g. +8801712345678' }]);
    }
    const signIn = await post('sign-in', { phone: '0291234567', password: 'Secret1!' });
    expect(json(signIn).errors).toEqual([{ path: '/phone', message: 'Enter a valid email address or phone number' }]);
  });

  it('treats every way of typing one number as one account: sign-up, sign-in, resend, verify, forgot, reset', async () => {
    const n = person().phone.slice(-8); // +88017 + 8 digits
    const forms = [`017${n}`, `88017${n}`, `+880 17${n.slice(0, 2)}-${n.slice(2)}`, `+88017${n}`];
    const who = { ...person(), phone: forms[0]! };
    const up = await post('sign-up', who);
    expect(up.statusCode).toBe(201);
    for (const phone of forms) {
      const again = await post('sign-up', { ...person(), phone });
      expect(again.statusCode).toBe(409);
      expect(json(again).message).toBe('An account with this phone number already exists. Sign in, or use Forgot Password.');
    }
    const stored = await t.database.db.selectFrom('users').select('phone').where('email', '=', who.email).executeTakeFirstOrThrow();
    expect(stored.phone).toBe(`+88017${n}`);

    // The code went to the E.164 number; a resend typed another way is the same account (cooldown: 429).
    const otp = await latestCode(t.app, `+88017${n}`);
    expect((await post('resend-otp', { phone: forms[1] })).statusCode).toBe(429);
    const verified = await t.app.inject({ method: 'PATCH', url: '/api/v1/auth/user/verify-otp', payload: { phone: forms[2], otp } });
    expect(verified.statusCode).toBe(200);

    for (const phone of forms) expect((await post('sign-in', { phone, password: who.password })).statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/user/me', headers: { authorization: `Bearer ${json<{ token: string }>(verified).token}` } });
    expect(json(me).phone).toBe(`+88017${n}`);

    expect((await post('forgot-password', { phone: forms[1] })).statusCode).toBe(200);
    const resetCode = await latestCode(t.app, `+88017${n}`);
    const reset = await post('reset-password', { phone: forms[2], otp: resetCode, password: 'Newpass1!', retype_password: 'Newpass1!' });
    expect(reset.statusCode).toBe(200);
    expect((await post('sign-in', { phone: forms[0], password: 'Newpass1!' })).statusCode).toBe(200);
  });

  it('refuses a second account with the same email or phone with 409', async () => {
    const who = person();
    expect((await post('sign-up', who)).statusCode).toBe(201);
    const sameEmail = await post('sign-up', { ...person(), email: who.email.toUpperCase() });
    expect(sameEmail.statusCode).toBe(409);
    expect(json(sameEmail).message).toBe('An account with this email already exists. Sign in, or use Forgot Password.');
    const samePhone = await post('sign-up', { ...person(), phone: who.phone });
    expect(samePhone.statusCode).toBe(409);
    expect(json(samePhone).message).toBe('An account with this phone number already exists. Sign in, or use Forgot Password.');
  });

  it('says a wrong code is wrong, counts tries, and kills the code at the fifth wrong try even if later right', async () => {
    const who = person();
    await post('sign-up', who);
    const otp = await latestCode(t.app, who.phone);
    const wrong = otp === '0000' ? '1111' : '0000';
    const verify = (code: string) =>
      t.app.inject({ method: 'PATCH', url: '/api/v1/auth/user/verify-otp', payload: { phone: who.phone, otp: code } });
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await verify(wrong);
      expect(res.statusCode).toBe(400);
      answers.push(json(res).message as string);
    }
    expect(answers).toEqual([
      'The code is not correct. 4 tries left.',
      'The code is not correct. 3 tries left.',
      'The code is not correct. 2 tries left.',
      'The code is not correct. 1 try left.',
      'The code is not correct. After 5 wrong tries it no longer works: ask for a new code.',
    ]);
    const late = await verify(otp);
    expect(late.statusCode).toBe(400);
    expect(json(late).message).toBe('This code has expired or is no longer valid. Ask for a new code.');
  });

  it('lets a code work only once', async () => {
    const who = person();
    await post('sign-up', who);
    const otp = await latestCode(t.app, who.phone);
    const verify = () => t.app.inject({ method: 'PATCH', url: '/api/v1/auth/user/verify-otp', payload: { phone: who.phone, otp } });
    expect((await verify()).statusCode).toBe(200);
    expect((await verify()).statusCode).toBe(400);
  });

  it('refuses to sign in an account whose phone is not verified, with 403 that says so', async () => {
    const who = person();
    await post('sign-up', who);
    const res = await post('sign-in', { phone: who.email, password: who.password });
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe('Your phone number is not verified yet. Enter the code we sent you, or ask for a new one.');
  });

  it('gives an unknown account and a wrong password the same 401 and message', async () => {
    const who = await signUpVerified(t.app);
    const wrongPassword = await post('sign-in', { phone: who.email, password: 'Wrong1!x' });
    const unknown = await post('sign-in', { phone: 'nobody@example.com', password: 'Wrong1!x' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(json(unknown)).toEqual(json(wrongPassword));
    expect(json(unknown)).toEqual({ message: 'The email/phone or the password is not correct.' });
  });

  it('makes the first resend wait for the cooldown too: the sign-up code starts it, and no SMS is sent', async () => {
    const who = person();
    await post('sign-up', who);
    const sent = async () => json<{ messages: unknown[] }>(await t.app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(who.phone)}` })).messages.length;
    expect(await sent()).toBe(1);
    const again = await post('resend-otp', { phone: who.phone });
    expect(again.statusCode).toBe(429);
    expect(json(again).message).toMatch(/^A new code was sent recently\. You can ask again in (2 minutes|3 minutes)( \d+ seconds?)?\.$/);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(170);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(180);
    expect(await sent()).toBe(1);
  });

  it('says how long until a new code may be sent: on sign-up, on arrival or a reload of the OTP screen, after a resend', async () => {
    const cooldown = t.app.config.otpResendSeconds;
    const left = async (phone: string) => {
      const res = await post('otp-cooldown', { phone });
      expect(res.statusCode).toBe(200);
      return json<{ resendInSeconds: number }>(res).resendInSeconds;
    };
    /** Makes the account's last code `seconds` older, as if that much time had passed. */
    const age = async (phone: string, seconds: number) => {
      const user = await t.app.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
      await t.app.db
        .updateTable('otp_codes')
        .set((eb) => ({ created_at: eb('created_at', '-', sql<Date>`make_interval(secs => ${seconds})`) }))
        .where('user_id', '=', user.id)
        .execute();
    };
    const who = person();
    const up = await post('sign-up', who);
    expect(json(up)).toMatchObject({ resendInSeconds: cooldown });
    const first = await left(who.phone);
    expect(first).toBeGreaterThanOrEqual(cooldown - 2);
    expect(first).toBeLessThanOrEqual(cooldown);
    // However the phone is typed.
    expect(Math.abs((await left(who.phone.replace('+880', '0'))) - first)).toBeLessThanOrEqual(1);

    await age(who.phone, 100);
    const later = await left(who.phone);
    expect(later).toBeGreaterThanOrEqual(cooldown - 102);
    expect(later).toBeLessThanOrEqual(cooldown - 100);
    // A resend now is refused with the same wait.
    const refused = await post('resend-otp', { phone: who.phone });
    expect(refused.statusCode).toBe(429);
    expect(Math.abs(Number(refused.headers['retry-after']) - later)).toBeLessThanOrEqual(1);

    await age(who.phone, cooldown);
    expect(await left(who.phone)).toBe(0);
    const resent = await post('resend-otp', { phone: who.phone });
    expect(resent.statusCode).toBe(200);
    expect(json(resent)).toMatchObject({ resendInSeconds: cooldown });
    expect(await left(who.phone)).toBeGreaterThanOrEqual(cooldown - 2);

    // A phone that waits for nothing (unknown, or verified already): 0, and resend answers it as any other.
    const verified = await signUpVerified(t.app);
    expect(await left(verified.phone)).toBe(0);
    expect(await left('+8801999999999')).toBe(0);
    expect(json(await post('resend-otp', { phone: '+8801999999999' }))).toMatchObject({ resendInSeconds: cooldown });
    const bad = await post('otp-cooldown', { phone: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors).toEqual([{ path: '/phone', message: 'Enter a valid phone number, e.g. +8801712345678' }]);
  });

  it('answers any request to a protected route without a live token with 401', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-real-token-at-all-xxxxxxxx' }, { authorization: 'Basic abc' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/user/me', headers });
      expect(res.statusCode).toBe(401);
      expect(json(res)).toEqual({ message: expect.any(String) });
    }
  });

  it('resets a forgotten password with a code: the old password and old sessions stop working', async () => {
    const who = await signUpVerified(t.app);
    const unknown = await post('forgot-password', { phone: 'nobody@example.com' });
    const known = await post('forgot-password', { phone: who.email });
    expect(known.statusCode).toBe(200);
    expect(json(unknown)).toEqual(json(known));

    const otp = await latestCode(t.app, who.phone);
    const bad = await post('reset-password', { phone: who.email, otp: otp === '0000' ? '1111' : '0000', password: 'Newpass1!', retype_password: 'Newpass1!' });
    expect(bad.statusCode).toBe(400);
    const ok = await post('reset-password', { phone: who.email, otp, password: 'Newpass1!', retype_password: 'Newpass1!' });
    expect(ok.statusCode).toBe(200);
    expect(json(ok).message).toBe('Your password has been changed. Sign in with your new password.');

    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/user/me', headers: who.auth })).statusCode).toBe(401);
    expect((await post('sign-in', { phone: who.email, password: who.password })).statusCode).toBe(401);
    expect((await post('sign-in', { phone: who.email, password: 'Newpass1!' })).statusCode).toBe(200);
  });

  it('changes the password of a signed-in user who knows the current one', async () => {
    const who = await signUpVerified(t.app);
    const wrong = await post('change-password', { currentPassword: 'Nope1!xx', password: 'Changed1!', retype_password: 'Changed1!' }, who.auth);
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toEqual({
      message: 'Your current password is not correct.',
      errors: [{ path: '/currentPassword', message: 'Current password is not correct' }],
    });
    const ok = await post('change-password', { currentPassword: who.password, password: 'Changed1!', retype_password: 'Changed1!' }, who.auth);
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/user/me', headers: who.auth })).statusCode).toBe(200);
    expect((await post('sign-in', { phone: who.email, password: 'Changed1!' })).statusCode).toBe(200);
    const anon = await post('change-password', { currentPassword: 'x', password: 'Changed1!', retype_password: 'Changed1!' });
    expect(anon.statusCode).toBe(401);
  });

  it('stores passwords as argon2id hashes and codes only as hashes', async () => {
    const who = await signUpVerified(t.app);
    const user = await t.database.db.selectFrom('users').select('password_hash').where('email', '=', who.email).executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    const codes = await t.database.db.selectFrom('otp_codes').select('code_hash').execute();
    for (const c of codes) expect(c.code_hash).toMatch(/^[0-9a-f-]{36}:[0-9a-f]{64}$/);
  });

  it('subscribes to the newsletter idempotently, with clear errors', async () => {
    const sub = (email: unknown) => t.app.inject({ method: 'POST', url: '/api/v1/newsletter', payload: { email } });
    const first = await sub('Reader@Example.com');
    expect(first.statusCode).toBe(200);
    expect(json(first).message).toBe('Thank you! reader@example.com is subscribed to our newsletter.');
    const again = await sub('reader@example.com');
    expect(again.statusCode).toBe(200);
    expect(json(again).message).toMatch(/already subscribed/);
    const bad = await sub('not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors).toEqual([{ path: '/email', message: 'Enter a valid email address' }]);
  });
});

describe.each(DB_KINDS)('auth timings and limits on %s', (kind) => {
  it('lets a code expire after OTP_TTL_SECONDS', async () => {
    const t = await startTestApp(kind, { otpTtlSeconds: 1 });
    try {
      const who = person();
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/user/sign-up', payload: who });
      const otp = await latestCode(t.app, who.phone);
      await new Promise((r) => setTimeout(r, 1200));
      const res = await t.app.inject({ method: 'PATCH', url: '/api/v1/auth/user/verify-otp', payload: { phone: who.phone, otp } });
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe('This code has expired or is no longer valid. Ask for a new code.');
    } finally {
      await t.close();
    }
  });

  it('allows a resend once OTP_RESEND_SECONDS have passed since the last code, which replaces the old one', async () => {
    const t = await startTestApp(kind, { otpResendSeconds: 1 });
    try {
      const who = person();
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/user/sign-up', payload: who });
      const first = await latestCode(t.app, who.phone);
      const resend = () => t.app.inject({ method: 'POST', url: '/api/v1/auth/user/resend-otp', payload: { phone: who.phone } });
      expect((await resend()).statusCode).toBe(429);
      await new Promise((r) => setTimeout(r, 1100));
      const res = await resend();
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ message: expect.stringMatching(/a new code is on its way/), resendInSeconds: 1 });
      expect(json(res)).not.toHaveProperty('token');
      expect((await resend()).statusCode).toBe(429);
      const second = await latestCode(t.app, who.phone);
      const verify = (otp: string) => t.app.inject({ method: 'PATCH', url: '/api/v1/auth/user/verify-otp', payload: { phone: who.phone, otp } });
      if (first !== second) expect((await verify(first)).statusCode).toBe(400);
      expect((await verify(second)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('lets only one of several resends at once through once the cooldown has passed', async () => {
    const t = await startTestApp(kind, { otpResendSeconds: 1 });
    try {
      const who = person();
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/user/sign-up', payload: who });
      await new Promise((r) => setTimeout(r, 1100));
      const burst = await Promise.all(
        Array.from({ length: 6 }, () => t.app.inject({ method: 'POST', url: '/api/v1/auth/user/resend-otp', payload: { phone: who.phone } })),
      );
      expect(burst.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429, 429, 429]);
      const outbox = await t.app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(who.phone)}` });
      expect(json<{ messages: unknown[] }>(outbox).messages).toHaveLength(2);
    } finally {
      await t.close();
    }
  });

  it('slows repeated sign-in failures for one account, then refuses them with 429, also for the right password', async () => {
    const t = await startTestApp(kind, { signInSlowAfter: 2, signInLockAfter: 4, signInLockMinutes: 15 });
    try {
      const who = await signUpVerified(t.app);
      const attempt = async (password: string) => {
        const t0 = Date.now();
        const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/user/sign-in', payload: { phone: who.email, password } });
        return { status: res.statusCode, ms: Date.now() - t0, body: json(res) };
      };
      const results = [];
      for (let i = 0; i < 4; i++) results.push(await attempt('Wrong1!x'));
      expect(results.map((r) => r.status)).toEqual([401, 401, 401, 401]);
      expect(results[3]!.ms).toBeGreaterThanOrEqual(400);
      const locked = await attempt(who.password);
      expect(locked.status).toBe(429);
      expect(locked.body.message).toMatch(/^Too many failed sign-in attempts\. Try again in 1[45] minutes/);
      // Another account from the same address is not locked out by this one.
      const other = await signUpVerified(t.app);
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/user/sign-in', payload: { phone: other.phone, password: other.password } });
      expect(res.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('counts parallel guesses before checking them: a burst cannot pass the limit', async () => {
    const t = await startTestApp(kind, { signInSlowAfter: 3, signInLockAfter: 6, signInLockMinutes: 15 });
    try {
      const who = await signUpVerified(t.app);
      const burst = await Promise.all(
        Array.from({ length: 30 }, () =>
          t.app.inject({ method: 'POST', url: '/api/v1/auth/user/sign-in', payload: { phone: who.email, password: 'Wrong1!x' } }),
        ),
      );
      const statuses = burst.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(6);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(24);
    } finally {
      await t.close();
    }
  });

  it('stops guessing across new codes: 15 wrong codes a day lock the reset', async () => {
    const t = await startTestApp(kind, { otpResendSeconds: 0 });
    try {
      const who = await signUpVerified(t.app);
      const statuses: number[] = [];
      for (let round = 0; round < 4; round++) {
        await t.app.inject({ method: 'POST', url: '/api/v1/auth/user/forgot-password', payload: { phone: who.email } });
        const code = await latestCode(t.app, who.phone);
        const wrong = code === '0000' ? '1111' : '0000';
        for (let i = 0; i < 5; i++) {
          const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/user/reset-password', payload: { phone: who.email, otp: wrong, password: 'Newpass1!', retype_password: 'Newpass1!' } });
          statuses.push(res.statusCode);
        }
      }
      expect(statuses.slice(0, 15).every((s) => s === 400)).toBe(true);
      expect(statuses.slice(15).every((s) => s === 429)).toBe(true);
      // Even the right code is refused for the rest of the day.
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/user/forgot-password', payload: { phone: who.email } });
      const right = await latestCode(t.app, who.phone);
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/user/reset-password', payload: { phone: who.email, otp: right, password: 'Newpass1!', retype_password: 'Newpass1!' } });
      expect(res.statusCode).toBe(429);
      expect(json(res).message).toBe('Too many wrong codes today. Try again tomorrow, or contact support.');
    } finally {
      await t.close();
    }
  });

  it('locks an identifier with no account the same way (no enumeration by lockout)', async () => {
    const t = await startTestApp(kind, { signInSlowAfter: 1, signInLockAfter: 2 });
    try {
      const attempt = () => t.app.inject({ method: 'POST', url: '/api/v1/auth/user/sign-in', payload: { phone: 'ghost@example.com', password: 'Wrong1!x' } });
      expect((await attempt()).statusCode).toBe(401);
      expect((await attempt()).statusCode).toBe(401);
      expect((await attempt()).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});
