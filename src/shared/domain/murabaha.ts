/**
 * The Murabaha repayment arithmetic of DOMAIN.md: total = principal × (1 + markup), rounded to the paisa; On-time is
 * one instalment after the tenor; Recurring is n = floor(totalDuration / returningTime) instalments, one every
 * `returningTime` months, each the total ÷ n rounded down to the paisa, the last taking the remainder so they sum
 * exactly to the total. An initial instalment stated for the whole goal gives each investor a first instalment in
 * proportion (initialins × principal / goal, rounded down), and the rest of the total is spread by the same rule.
 */
import { divRound, fromPaisa, toBasisPoints, toPaisa } from './money';
import { addMonths, type CalendarDate } from '../format/dhaka-calendar';

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
  /** The initial instalment the owner states for the whole goal (`initialins`, taka); none when 0 or absent. */
  initialInstalment?: string | number | null;
  /** The project's goal (`askamu`, taka): what `initialInstalment` is a share of. Needed with it. */
  goal?: string | number | null;
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

/** How many instalments the terms give. */
export function instalmentCount(terms: Terms): number {
  if (terms.returnType === 'On-time') return 1;
  const every = terms.returningTime ?? 0;
  const over = terms.totalDuration ?? 0;
  if (every < 1 || over < every) throw new Error('Recurring terms need 1 ≤ returningTime ≤ totalDuration');
  return Math.floor(over / every);
}

/**
 * This investor's share of the initial instalment: initialins × principal / goal, rounded down to the paisa (0 when
 * the terms state none). Never more than the total, so the other instalments cannot go negative.
 */
export function firstInstalment(principal: string | number, terms: Terms): string {
  const initial = terms.initialInstalment ? toPaisa(terms.initialInstalment) : 0n;
  const goal = terms.goal ? toPaisa(terms.goal) : 0n;
  if (initial <= 0n || goal <= 0n) return fromPaisa(0n);
  const share = (initial * toPaisa(principal)) / goal;
  const total = toPaisa(repaymentTotal(principal, terms.markupPercent));
  return fromPaisa(share < total ? share : total);
}

/** `amount` in `count` instalments, each rounded down to the paisa, the last taking the remainder. */
function spread(amount: bigint, count: number): bigint[] {
  const each = amount / BigInt(count);
  return Array.from({ length: count }, (_, i) => (i === count - 1 ? amount - each * BigInt(count - 1) : each));
}

/**
 * The schedule of a principal under the terms, counted from the acceptance date: the Dhaka calendar date the
 * agreement was accepted on (`dhakaDate(decidedAt)`), never the UTC date of the moment.
 */
export function schedule(principal: string | number, terms: Terms, acceptedOn: CalendarDate): Instalment[] {
  const total = toPaisa(repaymentTotal(principal, terms.markupPercent));
  const first = toPaisa(firstInstalment(principal, terms));
  const due = (months: number) => addMonths(acceptedOn, months);
  if (terms.returnType === 'On-time') {
    // With an initial instalment (and room for it before the tenor ends): first after one month, the rest at T.
    if (first > 0n && terms.tenorMonths >= 2) {
      return [
        { seq: 1, dueOn: due(1), amount: fromPaisa(first) },
        { seq: 2, dueOn: due(terms.tenorMonths), amount: fromPaisa(total - first) },
      ];
    }
    return [{ seq: 1, dueOn: due(terms.tenorMonths), amount: fromPaisa(total) }];
  }
  const n = instalmentCount(terms);
  const every = terms.returningTime!;
  const amounts = first > 0n && n >= 2 ? [first, ...spread(total - first, n - 1)] : spread(total, n);
  return amounts.map((amount, i) => ({ seq: i + 1, dueOn: due(every * (i + 1)), amount: fromPaisa(amount) }));
}

/** Annualised return of a markup over a tenor: simple (m × 12 / T) and compound ((1+m)^(12/T) − 1), in percent. */
export function annualisedReturn(markupPercent: string | number, tenorMonths: number): { simple: string; compound: string } {
  const bp = toBasisPoints(markupPercent);
  const simple = fromPaisa(divRound(bp * 12n, BigInt(tenorMonths)));
  const m = Number(bp) / 10_000;
  const compound = (Math.pow(1 + m, 12 / tenorMonths) - 1) * 100;
  return { simple, compound: compound.toFixed(2) };
}
