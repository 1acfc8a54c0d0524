/** `x-money` is an annotation: strict Ajv accepts it through the one set-up, and it changes no verdict. */
import { describe, expect, it } from 'vitest';
import Ajv2019 from 'ajv/dist/2019.js';
import { createAjv } from '../../../src/shared/validation/ajv-setup';
import { loadSchemas } from '../../../src/shared/forms/load-schemas';

const schema = {
  type: 'object',
  properties: { amount: { type: 'number', 'x-money': true }, price: { type: 'number', 'x-money': 'currency' }, currency: { type: 'string' } },
  additionalProperties: false,
};

describe('x-money', () => {
  it('is refused by a strict Ajv that does not know it, and accepted by the shared set-up in strict mode', () => {
    expect(() => new Ajv2019({ strict: true }).compile(schema)).toThrow(/unknown keyword: "x-money"/);
    const validate = createAjv({ strict: true }).compile(schema);
    expect(validate({ amount: 250000, price: 12.5, currency: 'USD' })).toBe(true);
    expect(validate({ amount: '250000' })).toBe(false);
  });

  it('is on every money field of the forms, and the forms still compile', () => {
    const forms = loadSchemas() as Record<string, { properties: Record<string, Record<string, unknown>> }>;
    expect(forms['donate']!.properties.amount!['x-money']).toBe(true);
    expect(forms['agreement-request']!.properties.investmentAmount!['x-money']).toBe(true);
    for (const field of ['askamu', 'minInvestment', 'regen', 'nprofit', 'gprofit', 'initialins']) {
      expect(forms['project-owner']!.properties[field]!['x-money'], field).toBe(true);
    }
    expect(forms['project-owner']!.properties.roi!['x-money']).toBeUndefined();
    for (const s of Object.values(forms)) expect(() => createAjv().compile(s)).not.toThrow();
  });
});
