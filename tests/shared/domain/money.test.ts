import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney, fromPaisa, sumAmounts, toPaisa } from '../../../src/shared/domain/money';

describe('money', () => {
  it('parses and prints amounts exactly', () => {
    expect(toPaisa('117700')).toBe(11770000n);
    expect(toPaisa(0.1 + 0.2)).toBe(30n);
    expect(fromPaisa(-5n)).toBe('-0.05');
    expect(sumAmounts(['0.10', '0.20', 1000000.01])).toBe('1000000.31');
    expect(() => toPaisa('1.234')).toThrow();
  });

  it('formats taka with ৳ and lakh grouping, other currencies by code', () => {
    expect(formatAmount('59689.00')).toBe('59,689');
    expect(formatAmount('1234567.5')).toBe('12,34,567.50');
    expect(formatMoney('3000000')).toBe('৳30,00,000');
    expect(formatMoney(1200, 'en', 'USD')).toBe('USD 1,200');
  });
});
