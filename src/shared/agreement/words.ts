/**
 * An amount of taka in words, as Bangladeshi cheques and agreements write it beside the figure (lakh and crore):
 * "Taka One Lakh Seventeen Thousand Seven Hundred Only". A figure mistyped is caught by its words.
 */
import { toPaisa } from '../domain/money';

const ONES = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1–99. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const unit = n % 10;
  return unit === 0 ? TENS[Math.floor(n / 10)]! : `${TENS[Math.floor(n / 10)]!}-${ONES[unit]!}`;
}

/** 1–999. */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts = [hundreds > 0 ? `${ONES[hundreds]!} Hundred` : '', rest > 0 ? belowHundred(rest) : ''];
  return parts.filter(Boolean).join(' ');
}

/** A whole number in the South Asian system (crore, lakh, thousand); crores above 99 are said in the same way. */
function inWords(n: bigint): string {
  if (n === 0n) return 'Zero';
  const parts: string[] = [];
  const crore = n / 10_000_000n;
  const rest = n % 10_000_000n;
  if (crore > 0n) parts.push(`${inWords(crore)} Crore`);
  const lakh = Number(rest / 100_000n);
  const thousand = Number((rest % 100_000n) / 1000n);
  const last = Number(rest % 1000n);
  if (lakh > 0) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand > 0) parts.push(`${belowHundred(thousand)} Thousand`);
  if (last > 0) parts.push(belowThousand(last));
  return parts.join(' ');
}

/** "Taka One Lakh Only"; with paisa, "Taka Ten and Paisa Fifty Only". */
export function takaInWords(amount: string | number): string {
  const paisa = toPaisa(amount);
  if (paisa < 0n) throw new Error('an amount in words is never negative');
  const taka = paisa / 100n;
  const rest = Number(paisa % 100n);
  return `Taka ${inWords(taka)}${rest > 0 ? ` and Paisa ${belowHundred(rest)}` : ''} Only`;
}
