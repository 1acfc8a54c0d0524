/**
 * Digits in the reader's script: Bengali text writes numbers in Bengali digits (০–৯), English in 0–9. A figure is
 * formatted once, with ASCII digits, then written in the language's digits; nothing else in the text changes.
 */
import type { Language } from '../i18n/language';

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';

/** "2,50,000.50" → "২,৫০,০০০.৫০": every ASCII digit as its Bengali digit, the rest as it is. */
export function bengaliDigits(text: string): string {
  return text.replace(/[0-9]/g, (d) => BENGALI_DIGITS[Number(d)]!);
}

/** Text with its digits in the language's script (Bengali digits for `bn`, unchanged for `en`). */
export function localDigits(text: string, language: Language = 'en'): string {
  return language === 'bn' ? bengaliDigits(text) : text;
}
