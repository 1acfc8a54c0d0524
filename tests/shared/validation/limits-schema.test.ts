/**
 * The limits schema (the cheap first pass of every form body) refuses only what breaks a size rule: a choice written
 * as `oneOf` const/title pairs, or a `not`, must not make it refuse an answer the full schema takes.
 */
import { describe, expect, it } from 'vitest';
import { createAjv } from '../../../src/shared/validation/ajv-setup';
import { limitsSchema } from '../../../src/shared/validation/limits-schema';

const schema = {
  $id: 'choice',
  type: 'object',
  properties: {
    method: { type: 'string', title: 'Paid by', oneOf: [{ const: 'bkash', title: 'bKash' }, { const: 'cash', title: 'Cash' }], errorMessage: 'Choose one' },
    code: { type: 'string', maxLength: 5, not: { const: 'none' }, errorMessage: { maxLength: 'At most 5 characters' } },
    pick: { oneOf: [{ type: 'string', maxLength: 3 }, { type: 'number' }] },
  },
};

describe('the limits schema', () => {
  const sizes = createAjv().compile(limitsSchema(schema));
  const full = createAjv().compile(schema);

  it('passes every answer the full schema takes', () => {
    for (const data of [{ method: 'bkash' }, { method: 'cash', code: 'A1' }, { pick: 7 }, { pick: 'abc' }]) {
      expect(full(data), JSON.stringify(data)).toBe(true);
      expect(sizes(data), JSON.stringify(data)).toBe(true);
    }
  });

  it('still refuses a size rule broken, with its message, inside or outside a choice', () => {
    expect(sizes({ code: 'ABCDEF' })).toBe(false);
    expect(sizes.errors?.map((e) => e.message)).toEqual(['At most 5 characters']);
    // Too long for the one branch with a size rule, but the other branch has none: left to the full check.
    expect(sizes({ pick: 'abcd' })).toBe(true);
    expect(full({ pick: 'abcd' })).toBe(false);
  });
});
