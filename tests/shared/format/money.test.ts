import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney, formatNumber, groupLakh } from '../../../src/shared/format/money';
import { bengaliDigits } from '../../../src/shared/format/digits';
import { formatMoney as domainFormatMoney } from '../../../src/shared/domain/money';

describe('money and numbers (lakh and crore grouping)', () => {
  it('writes taka the way Bangladesh reads it, in English and in Bengali', () => {
    expect(formatMoney('250000.00')).toBe('৳2,50,000');
    expect(formatMoney('250000.00', 'bn')).toBe('৳২,৫০,০০০');
    expect(formatMoney('12345678.5')).toBe('৳1,23,45,678.50');
    expect(formatMoney('12345678.5', 'bn')).toBe('৳১,২৩,৪৫,৬৭৮.৫০');
    expect(formatMoney(59689)).toBe('৳59,689');
    expect(formatMoney('999')).toBe('৳999');
    expect(formatMoney('0')).toBe('৳0');
    expect(formatMoney('0.5', 'bn')).toBe('৳০.৫০');
  });

  it('writes another currency by its code and a negative amount with a minus before the sign', () => {
    expect(formatMoney(1200, 'en', 'USD')).toBe('USD 1,200');
    expect(formatMoney('-100000', 'en')).toBe('−৳1,00,000');
    expect(formatMoney('-0.00')).toBe('৳0');
    expect(formatAmount('-1234.5', 'bn')).toBe('−১,২৩৪.৫০');
  });

  it('keeps the callers of the money module on the same formatter, English by default', () => {
    expect(domainFormatMoney('3000000')).toBe('৳30,00,000');
  });

  it('refuses text that is not an amount', () => {
    expect(() => formatMoney('12,000')).toThrow('not an amount');
    expect(() => formatAmount('1.234')).toThrow('not an amount');
  });

  it('groups digits as Node’s Intl does for en-IN and bn-BD', () => {
    const en = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
    const bn = new Intl.NumberFormat('bn-BD', { maximumFractionDigits: 2 });
    for (const n of [0, 7, 42, 999, 1000, 12345, 100000, 999999, 1000000, 12345678, 123456789, 9876543210, 100000000000]) {
      expect(groupLakh(String(n))).toBe(en.format(n));
      expect(formatAmount(String(n), 'bn')).toBe(bn.format(n));
      expect(formatNumber(n, 'bn')).toBe(bn.format(n));
    }
    expect(formatNumber(2.5)).toBe('2.5');
    expect(formatNumber(-1204)).toBe('−1,204');
  });

  it('writes Bengali digits and leaves everything else', () => {
    expect(bengaliDigits('OTP 0123456789, ৳')).toBe('OTP ০১২৩৪৫৬৭৮৯, ৳');
  });
});
