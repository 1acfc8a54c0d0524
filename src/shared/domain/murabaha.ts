/**
 * The Murabaha repayment arithmetic of DOMAIN.md: total = principal × (1 + markup), rounded to the paisa; On-time is
 * one instalment after the tenor; Recurring is n = floor(totalDuration / returningTime) instalments, one every
 * `returningTime` months, each the total ÷ n rounded down to the paisa, the last taking the remainder so they sum
 * exactly to the total.
 */
import { divRound, fromPaisa, toBasisPoints, toPaisa } from './money';

export interface Terms {
  /** The markup over the whole financing, percent ("17.70"). */
  markupPercent: string | number;
  /** Tenor in months (`reduration`). */
  tenorMonths: number;
  returnType: 'On-time' | 'Recurring';
  /** Months between instalments (Recurring). */
  returningTime?: number | null;
  /** Months the instalments run over (Recurring). */
  totalDuration?: number | null;
}

export interface Instalment {
  seq: number;
  /** Due date, YYYY-MM-DD. */
  dueOn: string;
  amount: string;
}

/** The total to repay: principal × (1 + markup/100), rounded half up to the paisa. */
export function repaymentTotal(principal: string | number, markupPercent: string | number): string {
  const p = toPaisa(principal);
  return fromPaisa(divRound(p * (10_000n + toBasisPoints(markupPercent)), 10_000n));
}

/** Adds whole months to a date (UTC); the 31st of a short month falls back to its last day. */
export function addMonths(start: Date, months: number): Date {
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth() + months;
  const day = start.getUTCDate();
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(day, last)));
}

function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** How many instalments the terms give. */
export function instalmentCount(terms: Terms): number {
  if (terms.returnType === 'On-time') return 1;
  const every = terms.returningTime ?? 0;
  const over = terms.totalDuration ?? 0;
  if (every < 1 || over < every) throw new Error('Recurring terms need 1 ≤ returningTime ≤ totalDuration');
  return Math.floor(over / every);
}

/** The schedule of a principal under the terms, starting from the acceptance date. */
export function schedule(principal: string | number, terms: Terms, acceptedOn: Date): Instalment[] {
  const total = toPaisa(repaymentTotal(principal, terms.markupPercent));
  if (terms.returnType === 'On-time') {
    return [{ seq: 1, dueOn: isoDay(addMonths(acceptedOn, terms.tenorMonths)), amount: fromPaisa(total) }];
  }
  const n = instalmentCount(terms);
  const each = total / BigInt(n);
  const every = terms.returningTime!;
  return Array.from({ length: n }, (_, i) => ({
    seq: i + 1,
    dueOn: isoDay(addMonths(acceptedOn, every * (i + 1))),
    amount: fromPaisa(i === n - 1 ? total - each * BigInt(n - 1) : each),
  }));
}

/** Annualised return of a markup over a tenor: simple (m × 12 / T) and compound ((1+m)^(12/T) − 1), in percent. */
export function annualisedReturn(markupPercent: string | number, tenorMonths: number): { simple: string; compound: string } {
  const bp = toBasisPoints(markupPercent);
  const simple = fromPaisa(divRound(bp * 12n, BigInt(tenorMonths)));
  const m = Number(bp) / 10_000;
  const compound = (Math.pow(1 + m, 12 / tenorMonths) - 1) * 100;
  return { simple, compound: compound.toFixed(2) };
}
