/**
 * The Idempotency-Key of the create routes (sign-up, pledge, agreement request, offer, project), through the HTTP
 * API on each database: the same request sent twice with one key makes one row and gets the same answer twice (the
 * second marked `Idempotent-Replayed`); the same key with another request is 422 and changes nothing; without a key
 * nothing changes; a key is its sender's only, and is free again once the purge job has removed it after a day.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { DB_KINDS, json, person, signUpVerified, startTestApp, type TestApp } from './helpers';
import { agreementForm, fixture, makeStaff, openProject, projectForm, verifiedOwner, type Person } from './market-helpers';
import { KEY_REUSED } from '../../src/server/plugins/idempotency';

type Method = 'POST' | 'PUT';

describe.each(DB_KINDS)('idempotency keys on %s', (kind) => {
  let t: TestApp;
  let staff: Person;
  let owner: Person;
  let investor: Person;
  let projectId: string;

  const send = (url: string, payload: object, key?: string, who?: Person | null, method: Method = 'POST') =>
    t.app.inject({ method, url: `/api/v1${url}`, payload, headers: { ...(who ? who.auth : {}), ...(key === undefined ? {} : { 'idempotency-key': key }) } });
  const count = async (table: 'users' | 'donations' | 'agreement_requests' | 'offers' | 'projects', where: (q: any) => any) => // eslint-disable-line @typescript-eslint/no-explicit-any -- one helper over several tables
    Number((await where(t.app.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n'))).executeTakeFirstOrThrow()).n);
  /** The same answer: status and body, byte for byte; the repeat says it is one. */
  const sameAnswer = (first: LightMyRequestResponse, again: LightMyRequestResponse) => {
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.headers['idempotent-replayed']).toBe('true');
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await makeStaff(t.app);
    owner = await verifiedOwner(t.app, staff);
    investor = await signUpVerified(t.app);
    projectId = await openProject(t.app, owner, staff);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('signs up once for two sign-ups with one key, with one code sent and the same answer', async () => {
    const who = person();
    const key = randomUUID();
    const first = await send('/auth/user/sign-up', who, key);
    expect(first.statusCode).toBe(201);
    const again = await send('/auth/user/sign-up', who, key);
    sameAnswer(first, again);
    expect(await count('users', (q) => q.where('email', '=', who.email))).toBe(1);
    const outbox = await t.app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(who.phone)}` });
    expect(json<{ messages: unknown[] }>(outbox).messages).toHaveLength(1);

    // Without a key, the same sign-up is the second one it always was.
    const plain = await send('/auth/user/sign-up', who);
    expect(plain.statusCode).toBe(409);
    expect(json(plain).message).toMatch(/already exists/);
  });

  it('refuses the same key with another body (422, nothing created) and leaves requests without a key as they were', async () => {
    const key = randomUUID();
    const first = person();
    expect((await send('/auth/user/sign-up', first, key)).statusCode).toBe(201);
    const other = person();
    const reused = await send('/auth/user/sign-up', other, key);
    expect(reused.statusCode).toBe(422);
    expect(json(reused)).toEqual({ message: KEY_REUSED });
    expect(await count('users', (q) => q.where('email', '=', other.email))).toBe(0);

    // Fields in another order are the same request.
    const reordered = Object.fromEntries(Object.entries(first).reverse());
    expect((await send('/auth/user/sign-up', reordered, key)).statusCode).toBe(201);

    // No key: two pledges are two pledges.
    const pledge = { ...fixture('donate'), amount: 700, email: `nokey-${randomUUID()}@example.com` };
    expect((await send(`/projects/${projectId}/donations`, pledge)).statusCode).toBe(201);
    expect((await send(`/projects/${projectId}/donations`, pledge)).statusCode).toBe(201);
    expect(await count('donations', (q) => q.where('data', '@>', JSON.stringify({ email: pledge.email })))).toBe(2);
  });

  it('refuses a key that is not 1 to 255 visible characters', async () => {
    const pledge = { ...fixture('donate'), amount: 700 };
    const long = await send(`/projects/${projectId}/donations`, pledge, 'k'.repeat(256));
    expect(long.statusCode).toBe(400);
    expect(json(long).message).toMatch(/idempotency-key/);
    expect((await send(`/projects/${projectId}/donations`, pledge, 'with space')).statusCode).toBe(400);
  });

  it("pledges once per key, signed out or in, and another person's same key is their own", async () => {
    const email = `pledge-${randomUUID()}@example.com`;
    const pledge = { ...fixture('donate'), amount: 900, email };
    const key = randomUUID();
    const first = await send(`/projects/${projectId}/donations`, pledge, key);
    expect(first.statusCode).toBe(201);
    sameAnswer(first, await send(`/projects/${projectId}/donations`, pledge, key));
    expect(await count('donations', (q) => q.where('data', '@>', JSON.stringify({ email })))).toBe(1);
    // One receipt e-mail queued, not two.
    const mails = await t.app.db.selectFrom('email_outbox').select('id').where('to_email', '=', email).execute();
    expect(mails).toHaveLength(1);

    // The same key and body from a signed-in person is not the guest's: a pledge of their own (and the guest's answer,
    // with its receipt key, is never theirs).
    const mine = await send(`/projects/${projectId}/donations`, pledge, key, investor);
    expect(mine.statusCode).toBe(201);
    expect(mine.headers['idempotent-replayed']).toBeUndefined();
    expect(json(mine).receiptKey).not.toBe(json(first).receiptKey);
    sameAnswer(mine, await send(`/projects/${projectId}/donations`, pledge, key, investor));
    expect(await count('donations', (q) => q.where('data', '@>', JSON.stringify({ email })))).toBe(2);
  });

  it('sends one agreement request, one offer and one project for two requests with one key each', async () => {
    const request = agreementForm(25_000 + Math.floor(Math.random() * 1000)) as { investmentAmount: number };
    const key = randomUUID();
    const first = await send(`/projects/${projectId}/agreement-requests`, request, key, investor);
    expect(first.statusCode).toBe(201);
    sameAnswer(first, await send(`/projects/${projectId}/agreement-requests`, request, key, investor));
    expect(await count('agreement_requests', (q) => q.where('project_id', '=', projectId).where('amount', '=', String(request.investmentAmount)))).toBe(1);
    // The same key for another amount: 422, no second request.
    const other = await send(`/projects/${projectId}/agreement-requests`, { ...request, investmentAmount: 30_000 }, key, investor);
    expect(other.statusCode).toBe(422);
    expect(await count('agreement_requests', (q) => q.where('project_id', '=', projectId).where('amount', '=', '30000'))).toBe(0);

    const offer = { ...fixture('invest'), name: `Idempotent ${randomUUID()}` };
    const offerKey = randomUUID();
    const offered = await send('/offers', offer, offerKey, investor);
    expect(offered.statusCode).toBe(201);
    sameAnswer(offered, await send('/offers', offer, offerKey, investor));
    expect(await count('offers', (q) => q.where('data', '@>', JSON.stringify({ name: offer.name })))).toBe(1);

    const project = projectForm({ bname: `Idempotent ${randomUUID().slice(0, 8)}` });
    const projectKey = randomUUID();
    const submitted = await send('/projects', project, projectKey, owner);
    expect(submitted.statusCode).toBe(201);
    sameAnswer(submitted, await send('/projects', project, projectKey, owner));
    expect(await count('projects', (q) => q.where('title', '=', project.bname))).toBe(1);
  });

  it('takes two requests with one key sent at the same moment in turn: one row, the same answer', async () => {
    const email = `race-${randomUUID()}@example.com`;
    const pledge = { ...fixture('donate'), amount: 1100, email };
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => send(`/projects/${projectId}/donations`, pledge, key)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    expect(await count('donations', (q) => q.where('data', '@>', JSON.stringify({ email })))).toBe(1);
  });

  it('forgets a key after a day: the purge job removes it and the key may be used again', async () => {
    const email = `later-${randomUUID()}@example.com`;
    const pledge = { ...fixture('donate'), amount: 1300, email };
    const key = randomUUID();
    expect((await send(`/projects/${projectId}/donations`, pledge, key)).statusCode).toBe(201);
    const soon = await t.app.jobs.run('purge', new Date(Date.now() + 23 * 3_600_000));
    expect(soon).toMatchObject({ ran: true, ok: true, summary: expect.stringMatching(/, 0 idempotency keys$/) });
    expect((await send(`/projects/${projectId}/donations`, pledge, key)).headers['idempotent-replayed']).toBe('true');

    const later = await t.app.jobs.run('purge', new Date(Date.now() + 25 * 3_600_000));
    expect(later).toMatchObject({ ran: true, ok: true, summary: expect.stringMatching(/, [1-9]\d* idempotency keys?$/) });
    const fresh = await send(`/projects/${projectId}/donations`, pledge, key);
    expect(fresh.statusCode).toBe(201);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(await count('donations', (q) => q.where('data', '@>', JSON.stringify({ email })))).toBe(2);
  });
});
