/** Rates for people: two decimals and a percent sign; null stays null so a screen can say "not available". */
import { describe, expect, it } from 'vitest';
import { formatRate } from '../../../src/shared/format/percent';

describe('formatRate', () => {
  it('writes a decimal fraction as a percentage with two decimals', () => {
    expect(formatRate(0.1934)).toBe('19.34 %');
    expect(formatRate(0.373362533518831)).toBe('37.34 %');
    expect(formatRate(0)).toBe('0.00 %');
    expect(formatRate(-0.031)).toBe('−3.10 %');
    expect(formatRate(-0.00001)).toBe('0.00 %');
    expect(formatRate(99)).toBe('9900.00 %');
  });

  it('writes the digits of a Bengali rate in Bengali', () => {
    expect(formatRate(0.1934, 'bn')).toBe('১৯.৩৪ %');
    expect(formatRate(-0.031, 'bn')).toBe('−৩.১০ %');
  });

  it('gives null for a rate that is not available', () => {
    expect(formatRate(null)).toBeNull();
    expect(formatRate(Number.NaN)).toBeNull();
  });
});
