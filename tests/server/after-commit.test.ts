/**
 * A write that committed is never answered with an error (issue 27 follow-up): the database goes away right after a
 * route's write commits (tests/server/outage-dialect.ts: every connection asked for afterwards is refused, as a
 * restart or a pool with none free would), and the route still answers 2xx with what it wrote, made in its
 * transaction, so the client does not retry a write that was applied. What a route does after the commit (an
 * e-mail delivery kicked, an SMS sent) fails on its own, logged, never turning the answer into a 5xx. Once the
 * database is back, each write is there once. Through the HTTP API, on each database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { DB_KINDS, json, latestCode, person, signUpVerified, startTestApp, type TestApp } from './helpers';
import { acceptForm, agreementForm, api, fixture, makeStaff, openProject, projectForm, verifiedOwner, type Person } from './market-helpers';
import { outage } from './outage-dialect';

describe.each(DB_KINDS)('answers after the commit, with the database gone (%s)', (kind) => {
  const db = outage();
  let t: TestApp;
  let staff: Person;
  let owner: Person;
  let investor: Person;
  let projectId: string;

  beforeAll(async () => {
    // Resend OTP at once: the sign-up's own SMS is lost with the database below.
    t = await startTestApp(kind, { otpResendSeconds: 0 }, undefined, undefined, db.wrap);
    staff = await makeStaff(t.app);
    owner = await verifiedOwner(t.app, staff);
    investor = await signUpVerified(t.app);
    projectId = await openProject(t.app, owner, staff);
  });
  afterAll(async () => {
    db.end();
    await t?.close();
  });

  /** Sends a request with the database set to go away once `pattern` has committed; it must have gone away. */
  async function gone(pattern: RegExp, send: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
    db.afterCommitOf(pattern);
    try {
      const res = await send();
      expect(db.down, `the database went away after ${pattern}`).toBe(true);
      return res;
    } finally {
      db.end();
    }
  }
  const inject = (method: 'POST' | 'PUT' | 'PATCH', url: string, who: Person | null, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });

  it('answers agreement requests, their acceptance and decline, from their transactions', async () => {
    const sent = await gone(/insert into "agreement_requests"/, () => inject('POST', `/projects/${projectId}/agreement-requests`, investor, agreementForm(41_000)));
    expect(sent.statusCode).toBe(201);
    const id = json(sent).id as string;
    expect(json(sent)).toMatchObject({ status: 'pending', amount: '41000.00' });
    expect(json(sent).documents).toEqual([expect.objectContaining({ description: 'Bank statement', fileName: 'doc.png' })]);
    expect(await t.app.db.selectFrom('agreement_requests').select('id').where('amount', '=', '41000').execute()).toEqual([{ id }]);

    const accepted = await gone(/insert into "instalments"/, () => inject('POST', `/agreement-requests/${id}/accept`, owner, acceptForm()));
    expect(accepted.statusCode).toBe(200);
    expect(json(accepted)).toMatchObject({ id, status: 'accepted', document: { sha256: expect.stringMatching(/^[0-9a-f]{64}$/) } });

    const other = json(await inject('POST', `/projects/${projectId}/agreement-requests`, investor, agreementForm(42_000))).id as string;
    const declined = await gone(/update "agreement_requests" set "status"/, () => inject('POST', `/agreement-requests/${other}/decline`, owner, { reason: 'Not now' }));
    expect(declined.statusCode).toBe(200);
    expect(json(declined)).toMatchObject({ id: other, status: 'declined', declineReason: 'Not now' });

    // The agreement's next steps after acceptance: consent and an instalment marked paid.
    const { sha256 } = json<{ document: { sha256: string } }>(accepted).document;
    const consent = await gone(/insert into "agreement_consents"/, () => inject('POST', `/agreement-requests/${id}/consent`, investor, { sha256 }));
    expect(consent.statusCode).toBe(201);
    expect(json(consent)).toMatchObject({ sha256 });
    const schedule = await api(t.app, 'GET', `/me/repayments?agreement=${id}`, owner);
    const first = (schedule.body.items as { id: string; seq: number }[]).find((i) => i.seq === 1)!;
    const paid = await gone(/update "instalments" set "status"/, () => inject('POST', `/instalments/${first.id}/paid`, owner, fixture('instalment-paid')));
    expect(paid.statusCode).toBe(200);
    expect(json(paid)).toMatchObject({ id: first.id, status: 'paid' });
  });

  it('answers offers and projects (made, withdrawn, closed, reviewed) from their transactions', async () => {
    const offer = await gone(/insert into "offers"/, () => inject('POST', '/offers', investor, { ...fixture('invest'), name: 'After Commit Capital' }));
    expect(offer.statusCode).toBe(201);
    expect(json(offer)).toMatchObject({ status: 'open' });
    const withdrawn = await gone(/update "offers" set "status"/, () => inject('POST', `/offers/${json(offer).id}/withdraw`, investor));
    expect(withdrawn.statusCode).toBe(200);
    expect(json(withdrawn)).toMatchObject({ id: json(offer).id, status: 'withdrawn' });

    const submitted = await gone(/insert into "projects"/, () => inject('POST', '/projects', owner, projectForm({ bname: 'After Commit Looms' })));
    expect(submitted.statusCode).toBe(201);
    expect(json(submitted)).toMatchObject({ title: 'After Commit Looms', status: 'pending_review' });
    const reviewed = await gone(/update "projects" set "status"/, () => inject('POST', `/staff/projects/${json(submitted).id}/review`, staff, { decision: 'approve' }));
    expect(reviewed.statusCode).toBe(200);
    expect(json(reviewed)).toMatchObject({ id: json(submitted).id, status: 'open' });
    const closed = await gone(/update "projects" set "status"/, () => inject('POST', `/projects/${json(submitted).id}/close`, owner));
    expect(closed.statusCode).toBe(200);
    expect(json(closed)).toMatchObject({ id: json(submitted).id, status: 'closed' });
    expect(await t.app.db.selectFrom('projects').select('status').where('title', '=', 'After Commit Looms').execute()).toEqual([{ status: 'closed' }]);
  });

  it('answers a sign-up, its phone verification, a pledge, a verification and notice settings without a 5xx', async () => {
    const who = person();
    // The account and its code commit together; the SMS (an outbox row here) fails after, and the answer says so.
    const up = await gone(/insert into "users"/, () => inject('POST', '/auth/user/sign-up', null, who));
    expect(up.statusCode).toBe(201);
    expect(json(up).message).toMatch(/^Account created, but the code could not be sent just now/);
    const user = await t.app.db.selectFrom('users').select('id').where('email', '=', who.email).executeTakeFirstOrThrow();
    expect(await t.app.db.selectFrom('otp_codes').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1);

    // The code is spent, the phone verified and the session started in one transaction: the token works.
    await inject('POST', '/auth/user/resend-otp', null, { phone: who.phone });
    const code = await latestCode(t.app, who.phone).catch(() => null);
    expect(code, 'a code was sent by Resend OTP').not.toBeNull();
    const verified = await gone(/update "otp_codes" set "used_at"/, () => inject('PATCH', '/auth/user/verify-otp', null, { phone: who.phone, otp: code! }));
    expect(verified.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/user/me', headers: { authorization: `Bearer ${json(verified).token}` } });
    expect(json(me)).toMatchObject({ email: who.email, verified: true });

    const pledge = await gone(/insert into "donations"/, () => inject('POST', `/projects/${projectId}/donations`, null, { ...fixture('donate'), amount: 600, email: 'after-commit@example.com' }));
    expect(pledge.statusCode).toBe(201);
    expect(json(pledge)).toMatchObject({ status: 'pledged', amount: '600.00', receiptKey: expect.any(String) });

    const someone = await signUpVerified(t.app);
    const verification = await gone(/insert into "verifications"/, () => inject('PUT', '/profile/verification', someone, fixture('verification')));
    expect(verification.statusCode).toBe(200);
    expect(json(verification)).toMatchObject({ status: 'submitted' });

    const settings = await gone(/insert into "notice_preferences"/, () => inject('PUT', '/me/notice-preferences', someone, { email: { proposal_received: false } }));
    expect(settings.statusCode).toBe(200);
    expect(JSON.stringify(json(settings))).toContain('proposal_received');
  });
});
