/** What the portfolio says when a rate is not available, by the API's reason (never a number in its place). */
import type { RateReason } from '../../../shared/api/portfolio';

export const NOT_AVAILABLE: Record<RateReason, string> = {
  no_agreements: 'Not available: you hold no agreements yet.',
  no_schedule: 'Not available: this agreement has no repayment schedule.',
  too_early: 'Not available yet: so far all the money moved on one day.',
  no_solution: 'Not available: no rate fits these dates and amounts.',
};

/** An agreement's state as people read it: in default (an instalment long overdue) or active. */
export function agreementState(a: { status: string; inDefaultSince: string | null }): { label: string; color: 'success' | 'error' | 'default' } {
  if (a.inDefaultSince) return { label: 'In default', color: 'error' };
  return a.status === 'accepted' ? { label: 'Active', color: 'success' } : { label: a.status, color: 'default' };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-07` → "Jul 2026". */
export function monthName(month: string): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

/** `2026-07` → "Jul". */
export function monthShort(month: string): string {
  return MONTHS[Number(month.slice(5, 7)) - 1]!;
}
