/**
 * Rates for people: a decimal fraction (0.1934, as the API sends an XIRR) as a percentage with two decimals,
 * "19.34 %", the way the product writes the markup and the annualised return ("18.00 % per year").
 */
import type { Language } from '../i18n/language';
import { localDigits } from './digits';

/**
 * 0.1934 → "19.34 %" ("১৯.৩৪ %" in Bengali), −0.031 → "−3.10 %"; null (not available) → null, so a screen says so in
 * its own words.
 */
export function formatRate(rate: number | null, language: Language = 'en'): string | null {
  if (rate === null || !Number.isFinite(rate)) return null;
  const text = (Math.abs(rate) * 100).toFixed(2);
  return `${rate < 0 && text !== '0.00' ? '−' : ''}${localDigits(text, language)} %`;
}
