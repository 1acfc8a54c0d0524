/**
 * Risk disclosure (issue 31 §4): an agreement request needs an acknowledgment of the current risk statement (409
 * saying where, nothing stored); acknowledging stores the statement's version and the time (audited); a studio
 * publish that changes the statement makes earlier acknowledgments stale, one that changes other texts does not;
 * RISK_ACK_REQUIRED=0 turns the check off. On PGlite and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acknowledgeRisk, DB_KINDS, signUpVerified, startTestApp, type TestApp } from '../helpers';
import { agreementForm, api, makeStaff, openProject, verifiedOwner, type Person } from '../market-helpers';
import { bengaliFor } from '../content-words';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON

/** Publishes the current site content changed by `edit`, as staff; returns the new content version. */
async function publishContent(t: TestApp, staff: Person, edit: (c: Doc) => void): Promise<number> {
  const current = (await api(t.app, 'GET', '/content')).body;
  const content = structuredClone(current.content) as Doc;
  edit(content);
  const res = await api(t.app, 'POST', '/content/publish', staff, { baseVersion: current.version, content, translations: bengaliFor(content, current.translations), note: 'test' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.version as number;
}

describe.each(DB_KINDS)('risk acknowledgment on %s', (kind) => {
  let t: TestApp;
  let staff: Person;
  let project: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await makeStaff(t.app);
    const owner = await verifiedOwner(t.app, staff);
    project = await openProject(t.app, owner, staff);
  });
  afterAll(() => t?.close());

  const send = (who: Person, amount = 30_000) => api(t.app, 'POST', `/projects/${project}/agreement-requests`, who, agreementForm(amount));
  const stored = async (who: Person) => (await api(t.app, 'GET', '/me/agreement-requests', who)).body.items as unknown[];

  it('refuses a request before the first acknowledgment (409 saying where, nothing stored), then takes it', async () => {
    const investor = await signUpVerified(t.app, undefined, { acknowledgeRisk: false });
    const before = await api(t.app, 'GET', '/me/risk-acknowledgment', investor);
    expect(before.body).toMatchObject({ required: true, current: false, acknowledgedAt: null, statement: { language: 'en', acknowledge: 'I have read and understand the risks' } });
    expect(before.body.statement.points.length).toBeGreaterThan(0);

    const refused = await send(investor);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('risk statement');
    expect(refused.body.message).toContain('/investmentAgreementForm');
    expect(await stored(investor)).toEqual([]);

    const version = before.body.statement.version as number;
    const ack = await api(t.app, 'POST', '/me/risk-acknowledgment', investor, { version });
    expect(ack.status).toBe(201);
    expect(ack.body).toMatchObject({ version, current: true });
    // Again: the first acknowledgment stands (200, same time), no second row.
    const again = await api(t.app, 'POST', '/me/risk-acknowledgment', investor, { version });
    expect(again.status).toBe(200);
    expect(again.body.acknowledgedAt).toBe(ack.body.acknowledgedAt);
    const row = await t.app.db.selectFrom('risk_acknowledgments').innerJoin('users', 'users.id', 'risk_acknowledgments.user_id').select(['statement_version', 'acknowledged_at']).where('users.email', '=', investor.email).execute();
    expect(row.map((r) => [r.statement_version, r.acknowledged_at.toISOString()])).toEqual([[version, ack.body.acknowledgedAt]]);
    const trail = await t.app.db
      .selectFrom('audit_log')
      .innerJoin('users', 'users.id', 'audit_log.actor_id')
      .select(['action', 'after_status'])
      .where('users.email', '=', investor.email)
      .where('action', '=', 'risk.acknowledge')
      .execute();
    expect(trail).toEqual([{ action: 'risk.acknowledge', after_status: `risk statement version ${version}` }]);

    expect((await api(t.app, 'GET', '/me/risk-acknowledgment', investor)).body).toMatchObject({ current: true, acknowledgedAt: ack.body.acknowledgedAt });
    expect((await send(investor)).status).toBe(201);
  });

  it('asks again after the statement changes (stale 409), not after another text changes', async () => {
    const investor = await signUpVerified(t.app);
    const first = (await api(t.app, 'GET', '/risk-statement')).body.version as number;
    expect((await send(investor)).status).toBe(201);

    // Another text changes: the statement keeps its version and the acknowledgment stands.
    await publishContent(t, staff, (c) => (c.tagline = 'A new tagline'));
    expect((await api(t.app, 'GET', '/risk-statement')).body.version).toBe(first);
    expect((await send(investor)).status).toBe(201);

    // The statement changes: a new version, and the earlier acknowledgment is stale.
    const published = await publishContent(t, staff, (c) => c.riskStatement.en.points.push('A new risk people must read.'));
    const now = (await api(t.app, 'GET', '/risk-statement')).body;
    expect(now.version).toBe(published);
    expect(now.points.at(-1)).toBe('A new risk people must read.');
    expect((await api(t.app, 'GET', '/me/risk-acknowledgment', investor)).body).toMatchObject({ current: false, acknowledgedAt: null });
    const before = (await stored(investor)).length;
    const stale = await send(investor);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain('whenever the statement changes');
    expect(await stored(investor)).toHaveLength(before);

    // Acknowledging the version read before the change is refused; the current one is taken.
    const old = await api(t.app, 'POST', '/me/risk-acknowledgment', investor, { version: first });
    expect(old.status).toBe(409);
    expect(old.body.message).toContain(`version ${published}`);
    expect((await api(t.app, 'POST', '/me/risk-acknowledgment', investor, { version: published })).status).toBe(201);
    expect((await send(investor)).status).toBe(201);
    // A third person acknowledges through the helper (what every other test's people do).
    const third = await signUpVerified(t.app, undefined, { acknowledgeRisk: false });
    expect(await acknowledgeRisk(t.app, third.auth)).toBe(published);
    expect((await send(third)).status).toBe(201);
  });

  it('checks input and who is asking', async () => {
    const investor = await signUpVerified(t.app, undefined, { acknowledgeRisk: false });
    expect((await api(t.app, 'POST', '/me/risk-acknowledgment', null, { version: 1 })).status).toBe(401);
    expect((await api(t.app, 'GET', '/me/risk-acknowledgment', null)).status).toBe(401);
    expect((await api(t.app, 'POST', '/me/risk-acknowledgment', investor, {})).status).toBe(400);
    expect((await api(t.app, 'POST', '/me/risk-acknowledgment', investor, { version: 'x' })).status).toBe(400);
    expect((await api(t.app, 'GET', '/risk-statement?lang=fr')).status).toBe(400);
    // In Bengali when asked for it, or when the request is in Bengali (the reader's cookie, account or browser).
    expect((await api(t.app, 'GET', '/risk-statement?lang=bn')).body).toMatchObject({ language: 'bn', title: 'বিনিয়োগে ঝুঁকি আছে' });
    const inBengali = await t.app.inject({ method: 'GET', url: '/api/v1/risk-statement', headers: { 'accept-language': 'bn-BD' } });
    expect(inBengali.json()).toMatchObject({ language: 'bn', acknowledge: 'আমি ঝুঁকিগুলো পড়েছি এবং বুঝেছি' });
    expect((await api(t.app, 'GET', '/risk-statement')).body.language).toBe('en');
    expect(await t.app.db.selectFrom('risk_acknowledgments').innerJoin('users', 'users.id', 'risk_acknowledgments.user_id').select('statement_version').where('users.email', '=', investor.email).execute()).toEqual([]);
  });
});

describe.each(DB_KINDS)('RISK_ACK_REQUIRED=0 on %s', (kind) => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('takes a request from someone who never acknowledged', async () => {
    t = await startTestApp(kind, { riskAckRequired: false });
    const staff = await makeStaff(t.app);
    const owner = await verifiedOwner(t.app, staff);
    const project = await openProject(t.app, owner, staff);
    const investor = await signUpVerified(t.app, undefined, { acknowledgeRisk: false });
    expect((await api(t.app, 'GET', '/me/risk-acknowledgment', investor)).body).toMatchObject({ required: false, current: false });
    expect((await api(t.app, 'POST', `/projects/${project}/agreement-requests`, investor, agreementForm(30_000))).status).toBe(201);
  });
});
