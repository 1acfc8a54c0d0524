/**
 * The API's contract (issue 32 §2): every operation of the OpenAPI document at /api/docs declares its successful
 * answer as a JSON Schema and its refusals in the one error shape; Fastify serialises each answer by its schema, so
 * a field a view does not declare never leaves the server, even when the object the route answers with carries one.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, json, startTestApp, type TestApp } from './helpers';
import { fixture, makeStaff, openProject, verifiedOwner } from './market-helpers';
import { errorResponses } from '../../src/server/routes/schemas';
import { offerSchema } from '../../src/server/modules/offers/schemas';

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}

/** The operations whose only successful answer is a redirect (the browser comes back from the payment gateway). */
const REDIRECTS = ['POST /payments/sslcommerz/success', 'POST /payments/sslcommerz/fail', 'POST /payments/sslcommerz/cancel'];

describe('the OpenAPI document', () => {
  let t: TestApp;
  let operations: [string, Operation][];

  beforeAll(async () => {
    t = await startTestApp('pglite');
    const doc = json<{ paths: Record<string, Record<string, Operation>> }>(await t.app.inject({ method: 'GET', url: '/api/docs' }));
    operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as [string, Operation]));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('declares a successful answer with a schema for every operation', () => {
    expect(operations.length).toBeGreaterThan(100);
    const missing = operations
      .filter(([name, op]) => {
        const codes = Object.keys(op.responses ?? {});
        const success = codes.filter((c) => (REDIRECTS.includes(name) ? /^3/ : /^2/).test(c));
        // A 204 or a redirect has no body to describe; every other success names its content's schema.
        return success.length === 0 || success.some((c) => c !== '204' && !/^3/.test(c) && !Object.values(op.responses![c]!.content ?? {}).some((m) => m.schema));
      })
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it('declares the one error shape for the refusals and failures of every operation', () => {
    for (const [name, op] of operations) {
      for (const range of ['4XX', '5XX']) {
        const schema = op.responses?.[range]?.content?.['application/json']?.schema;
        expect(schema, `${name} ${range}`).toMatchObject({ type: 'object', required: ['message'], properties: { message: { type: 'string' } } });
      }
    }
  });
});

describe('a field a view does not declare', () => {
  it('is not sent, through a route answering with one of the views’ schemas', async () => {
    const app = Fastify({ logger: false });
    const card = {
      id: randomUUID(), status: 'open', kind: 'Investment', name: 'Rahim', city: 'Dhaka', businessCategory: 'Agriculture', amount: '50000.00', currency: 'BDT',
      durationMonths: 12, returnType: 'On-time', returningTime: null, totalDuration: null, investmentMethod: null, securityPolicy: null, projectId: null,
      projectTitle: null, formVersion: 1, createdAt: new Date().toISOString(), mine: false, investorOpenOffers: 1, contact: null, contactSource: null,
    };
    app.get('/card', { schema: { response: { 200: offerSchema, ...errorResponses } } }, async () => ({ ...card, investorId: randomUUID(), phone: '+8801711000000' }));
    app.get('/refused', { schema: { response: { 200: offerSchema, ...errorResponses } } }, async (_request, reply) =>
      reply.status(404).send({ message: 'This offer was not found.', stack: 'at secret.ts:1' }),
    );
    const res = await app.inject({ method: 'GET', url: '/card' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual(card);
    expect(res.body).not.toContain('investorId');
    expect(res.body).not.toContain('+8801711000000');
    const refused = await app.inject({ method: 'GET', url: '/refused' });
    expect(json(refused)).toEqual({ message: 'This offer was not found.' });
    await app.close();
  });

  describe.each(DB_KINDS)('in a real route’s answer on %s', (kind) => {
    let t: TestApp;
    let projectId: string;
    beforeAll(async () => {
      t = await startTestApp(kind);
      const staff = await makeStaff(t.app);
      const owner = await verifiedOwner(t.app, staff);
      projectId = await openProject(t.app, owner, staff);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('is dropped from a pledge’s receipt replayed for its Idempotency-Key, though the stored answer carries it', async () => {
      const key = randomUUID();
      const send = () =>
        t.app.inject({ method: 'POST', url: `/api/v1/projects/${projectId}/donations`, payload: { ...fixture('donate'), amount: 900 }, headers: { 'idempotency-key': key } });
      const first = await send();
      expect(first.statusCode).toBe(201);
      // The stored answer gains fields no view declares (as an answer stored by an older release might carry).
      const extra = { donorId: randomUUID(), receiptKeyHash: 'secret' };
      await t.app.db
        .updateTable('idempotency_keys')
        .set({ answer: JSON.stringify({ ...json(first), ...extra }) })
        .where('key', '=', key)
        .execute();
      const again = await send();
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.statusCode).toBe(201);
      expect(again.body).not.toContain('donorId');
      expect(again.body).not.toContain('receiptKeyHash');
      expect(json(again)).toEqual(json(first));
    });
  });
});
