/**
 * Exact money: amounts travel as decimal strings ("117700.00") and are computed in integer paisa (bigint).
 * Never a binary float for a sum.
 */

/** Parses "1234.5", "1234.50", 1234.5 or "-3" into paisa. Throws on anything else. */
export function toPaisa(amount: string | number | bigint): bigint {
  if (typeof amount === 'bigint') return amount * 100n;
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount.trim();
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw new Error(`not an amount: "${text}"`);
  const paisa = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -paisa : paisa;
}

/** Paisa as a decimal string with two places: 11770000n → "117700.00". */
export function fromPaisa(paisa: bigint): string {
  const negative = paisa < 0n;
  const abs = negative ? -paisa : paisa;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** Adds decimal amounts exactly. */
export function sumAmounts(amounts: readonly (string | number)[]): string {
  return fromPaisa(amounts.reduce<bigint>((acc, a) => acc + toPaisa(a), 0n));
}

/** Divides with rounding half away from zero (bigint). */
export function divRound(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  const absD = d < 0n ? -d : d;
  if (twice >= absD) return (n < 0n) !== (d < 0n) ? q - 1n : q + 1n;
  return q;
}

/** A percentage given as a decimal string or number ("17.70") in basis points (1770n). */
export function toBasisPoints(percent: string | number): bigint {
  return toPaisa(percent); // two decimal places, like paisa
}

// The people-facing formatters live with the other formatters (lakh grouping, either language); re-exported here for
// the callers that import them with the money arithmetic.
export { formatAmount, formatMoney } from '../format/money';
