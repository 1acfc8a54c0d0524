/**
 * A large figure rounded to be read at a glance, the way Bangladesh writes big numbers: "৳59,600+", "৳12.4 lakh+",
 * "1.2 crore+", "1,230+", "4". Never rounded up: a figure shown is never more than the real one, and "+" says when
 * the real one is more. Split into parts so a count-up can run the number alone and keep its unit ("৳0.0 lakh+" …
 * "৳12.4 lakh+"). No `Intl` formatter is built (pages that only read run little code).
 */
import type { Language } from '../i18n/language';
import { localDigits } from './digits';
import { groupLakh } from './money';

export interface FigureParts {
  /** "৳" for money, "" for a count. */
  prefix: string;
  /** The number shown, in the unit of `suffix` (12.4 for "12.4 lakh"). */
  value: number;
  /** Digits after the point (0 or 1). */
  decimals: number;
  /** " lakh", " crore" (" লাখ", " কোটি") or "", then "+" when the real figure is more than shown. */
  suffix: string;
  /** The language the figure is written in (its digits); English when absent. */
  language?: Language;
}

const UNITS: Record<Language, { lakh: string; crore: string }> = { en: { lakh: ' lakh', crore: ' crore' }, bn: { lakh: ' লাখ', crore: ' কোটি' } };

const LAKH = 100_000;
const CRORE = 10_000_000;

/** Keeps the first three significant digits of a whole number (rounded down): 59,689 → 59,600. */
function threeDigits(n: number): number {
  if (n < 1000) return n;
  const step = 10 ** (Math.floor(Math.log10(n)) - 2);
  return Math.floor(n / step) * step;
}

/** The parts of a figure: `kind` money is taka (a decimal string as the API sends it, or a number). */
export function figureParts(figure: number | string, kind: 'money' | 'count', language: Language = 'en'): FigureParts {
  const whole = Math.max(0, Math.floor(Number(figure)) || 0);
  const prefix = kind === 'money' ? '৳' : '';
  const inUnit = (unit: number, name: string): FigureParts => {
    const tenths = Math.floor(whole / (unit / 10));
    const decimals = tenths % 10 === 0 || tenths >= 1000 ? 0 : 1;
    // What the parts stand for, in whole taka or people (integers: no binary fraction decides the "+").
    const stands = decimals ? tenths * (unit / 10) : Math.floor(tenths / 10) * unit;
    const value = decimals ? tenths / 10 : Math.floor(tenths / 10);
    return { prefix, value, decimals, suffix: `${name}${stands < whole ? '+' : ''}`, language };
  };
  if (whole >= CRORE) return inUnit(CRORE, UNITS[language].crore);
  if (whole >= LAKH) return inUnit(LAKH, UNITS[language].lakh);
  const shown = threeDigits(whole);
  return { prefix, value: shown, decimals: 0, suffix: shown < whole ? '+' : '', language };
}

/** The figure as text, its number scaled by `progress` (0 to 1) for a count-up; 1 shows it whole. */
export function formatFigure(parts: FigureParts, progress = 1): string {
  const scale = 10 ** parts.decimals;
  const n = progress >= 1 ? parts.value : Math.floor(parts.value * Math.max(0, progress) * scale) / scale;
  const [whole, fraction] = n.toFixed(parts.decimals).split('.');
  const text = `${groupLakh(whole!)}${fraction === undefined ? '' : `.${fraction}`}`;
  return `${parts.prefix}${localDigits(text, parts.language)}${parts.suffix}`;
}
