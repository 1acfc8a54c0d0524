/**
 * Bengali digits (০-৯) are read as ASCII before a form is checked (issue 29 §2): amounts, phones, dates and the
 * fields marked `x-ascii-digits` (National ID, verification code), in any branch and list; nothing else changes.
 */
import { describe, expect, it } from 'vitest';
import { asciiDigits, withAsciiDigits } from '../../../src/shared/forms/ascii-digits';
import { loadSchemas } from '../../../src/shared/forms/load-schemas';
import { createCatalog } from '../../../src/shared/forms/catalog';
import { toE164 } from '../../../src/shared/phone/phone.js';

const schema = {
  type: 'object',
  properties: {
    phone: { type: 'string', format: 'phone' },
    login: { type: 'string', format: 'email-or-phone' },
    day: { type: 'string', format: 'date' },
    nid: { type: 'string', 'x-ascii-digits': true },
    amount: { type: 'number' },
    months: { type: 'integer' },
    name: { type: 'string' },
    rows: { type: 'array', items: { type: 'object', properties: { amount: { type: 'number' } } } },
  },
  if: { properties: { name: { const: 'x' } } },
  then: { properties: { otp: { type: 'string', 'x-ascii-digits': true } } },
};

describe('Bengali digits', () => {
  it('reads each Bengali digit as the same ASCII one', () => {
    expect(asciiDigits('০১২৩৪৫৬৭৮৯')).toBe('0123456789');
    expect(asciiDigits('ক১খ')).toBe('ক1খ');
  });

  it('reads amounts, phones, dates, ID numbers and codes typed in Bengali digits; leaves other text alone', () => {
    const out = withAsciiDigits(schema, {
      phone: '০১৮১২৩৪৫৬৭৮',
      login: '০১৮১২৩৪৫৬৭৮',
      day: '২০২৬-১১-২৭',
      nid: '১৯৯০১২৩৪৫৬৭৮৯',
      amount: '২,৫০,০০০',
      months: '১২',
      name: 'রহিম ১২৩',
      rows: [{ amount: '১২৩৪.৫০' }, { amount: 10 }],
      otp: '১২৩৪',
    });
    expect(out).toEqual({
      phone: '01812345678',
      login: '01812345678',
      day: '2026-11-27',
      nid: '1990123456789',
      amount: 250000,
      months: 12,
      name: 'রহিম ১২৩',
      rows: [{ amount: 1234.5 }, { amount: 10 }],
      otp: '1234',
    });
    expect(toE164(out.phone)).toBe('+8801812345678');
  });

  it('leaves an amount that is not a number as it was, for the schema to refuse with its message', () => {
    expect(withAsciiDigits(schema, { amount: '১২ টাকা' }).amount).toBe('১২ টাকা');
    expect(withAsciiDigits(schema, { amount: '1234' }).amount).toBe('1234');
    expect(withAsciiDigits(schema, { amount: '১.২.৩' }).amount).toBe('১.২.৩');
  });

  it('makes a real form accept what was typed in Bengali digits', () => {
    const forms = loadSchemas();
    const catalog = createCatalog(forms);
    const typed = { phone: '০১৮১২৩৪৫৬৭৮', otp: '১২৩৪' };
    expect(catalog.validate('verify-otp', typed).valid).toBe(false);
    expect(catalog.validate('verify-otp', withAsciiDigits(forms['verify-otp']!, typed))).toEqual({ valid: true, errors: [] });
  });
});
