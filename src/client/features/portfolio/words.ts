/** What the portfolio says when a rate is not available, by the API's reason (never a number in its place). */
import type { RateReason } from '../../../shared/api/portfolio';
import type { Language } from '../../../shared/i18n/language';
import { formatMonth } from '../../../shared/format/dates';
import type { Words } from '../../lib/words';

export function notAvailable(t: Words['t'], reason: RateReason): string {
  switch (reason) {
    case 'no_agreements':
      return t('Not available: you hold no agreements yet.');
    case 'no_schedule':
      return t('Not available: this agreement has no repayment schedule.');
    case 'too_early':
      return t('Not available yet: so far all the money moved on one day.');
    case 'no_solution':
      return t('Not available: no rate fits these dates and amounts.');
  }
}

/** An agreement's state as people read it: in default (an instalment long overdue) or active. */
export function agreementState(a: { status: string; inDefaultSince: string | null }, t: Words['t']): { label: string; color: 'success' | 'error' | 'default' } {
  if (a.inDefaultSince) return { label: t('In default'), color: 'error' };
  return a.status === 'accepted' ? { label: t('Active'), color: 'success' } : { label: a.status, color: 'default' };
}

/** `2026-07` → "Jul 2026" ("জুলাই ২০২৬"). */
export function monthName(month: string, language: Language): string {
  return formatMonth(month, language);
}

/** `2026-07` → "Jul" ("জুলাই"). */
export function monthShort(month: string, language: Language): string {
  return formatMonth(month, language, true);
}

