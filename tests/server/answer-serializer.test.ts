/**
 * Answers are written from their declared schemas (src/server/answer-serializer.ts): a field the schema does not
 * declare is left out, and a field it declares as required but the view left out is left out too — the answer is
 * still sent, as JSON.stringify sent it before the schemas, instead of a 500 from the writer.
 */
import { afterAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { buildAnswerSerializer, withoutRequired } from '../../src/server/answer-serializer';

const card = {
  type: 'object',
  additionalProperties: false,
  properties: { id: { type: 'string' }, amount: { type: 'string' }, note: { type: ['string', 'null'] }, required: { type: 'boolean' } },
  required: ['id', 'amount', 'note'],
} as const;

describe('answers written from their schemas', () => {
  const app = Fastify({ schemaController: { compilersFactory: { buildSerializer: buildAnswerSerializer } } });
  app.get('/card', { schema: { response: { 200: card } } }, async () => ({ id: 'a1', amount: '150.00', secret: 'never sent' }));
  afterAll(() => app.close());

  it('sends a view that leaves out a declared field (not a 500), and never a field the schema does not declare', async () => {
    const res = await app.inject({ method: 'GET', url: '/card' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 'a1', amount: '150.00' });
  });

  it('takes out only the `required` keyword, not a property so named', () => {
    expect(withoutRequired(card)).toEqual({
      type: 'object',
      additionalProperties: false,
      properties: { id: { type: 'string' }, amount: { type: 'string' }, note: { type: ['string', 'null'] }, required: { type: 'boolean' } },
    });
    expect(withoutRequired({ type: 'array', items: { type: 'object', required: ['x'], properties: { x: { type: 'string' } } } })).toEqual({
      type: 'array',
      items: { type: 'object', properties: { x: { type: 'string' } } },
    });
  });
});
