/**
 * Money and plain numbers the way Bangladesh reads them, in either language (issue 29 §3): digits grouped by lakh and
 * crore (the last three, then pairs: ৳2,50,000, ৳1,23,45,678.50), taka as "৳" before the figure, Bengali digits in
 * Bengali (৳২,৫০,০০০). The same result as `Intl.NumberFormat('en-IN' | 'bn-BD')` gives for the digits, but worked out
 * from the decimal text itself: money travels as decimal strings and is never turned into a binary float here, and
 * a page that only reads builds no Intl formatter.
 */
import type { Language } from '../i18n/language';
import { localDigits } from './digits';

/** A whole number's digits grouped by lakh and crore: "12345678" → "1,23,45,678"; fewer than four digits unchanged. */
export function groupLakh(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  return `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/** An amount's exact decimal text ("-1234.5" → sign "-", whole "1234", fraction "50"); throws on anything else. */
function decimalParts(amount: string | number): { negative: boolean; whole: string; fraction: string } {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount.trim();
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw new Error(`not an amount: "${text}"`);
  const whole = m[2]!.replace(/^0+(?=\d)/, '');
  const fraction = (m[3] ?? '').padEnd(2, '0');
  return { negative: m[1] === '-' && (/[1-9]/.test(whole) || /[1-9]/.test(fraction)), whole, fraction };
}

/** Minus for a negative figure: the typographic minus, as rates are written ("−3.10 %"). */
const MINUS = '−';

/**
 * An amount with lakh grouping and no currency: "250000.00" → "2,50,000", "1234567.5" → "12,34,567.50" (paisa shown
 * only when there are any), "-3" → "−3"; in Bengali digits for `bn`. Throws on text that is not an amount.
 */
export function formatAmount(amount: string | number, language: Language = 'en'): string {
  const { negative, whole, fraction } = decimalParts(amount);
  const text = `${groupLakh(whole)}${fraction === '00' ? '' : `.${fraction}`}`;
  return `${negative ? MINUS : ''}${localDigits(text, language)}`;
}

/**
 * Money for people: taka as "৳2,50,000" (৳২,৫০,০০০ in Bengali), another currency by its code ("USD 1,200").
 * The language comes first after the amount because every message knows it; the currency is rarely other than BDT.
 */
export function formatMoney(amount: string | number, language: Language = 'en', currency = 'BDT'): string {
  const formatted = formatAmount(amount, language);
  const negative = formatted.startsWith(MINUS);
  const figure = negative ? formatted.slice(MINUS.length) : formatted;
  const sign = negative ? MINUS : '';
  return currency === 'BDT' ? `${sign}৳${figure}` : `${sign}${currency} ${figure}`;
}

/**
 * A plain number with lakh grouping, in the language's digits: 1204 → "1,204", 250000 → "2,50,000" ("২,৫০,০০০"),
 * 2.5 → "2.5". For counts and figures that are not money (money: formatMoney).
 */
export function formatNumber(value: number, language: Language = 'en'): string {
  if (!Number.isFinite(value)) return localDigits(String(value), language);
  const [whole, fraction] = String(Math.abs(value)).split('.');
  // Exponent notation (1e21 and above, tiny fractions) is left as it is: no count or figure of the product is one.
  if (!/^\d+$/.test(whole!)) return String(value);
  const text = `${groupLakh(whole!)}${fraction === undefined ? '' : `.${fraction}`}`;
  return `${value < 0 ? MINUS : ''}${localDigits(text, language)}`;
}
