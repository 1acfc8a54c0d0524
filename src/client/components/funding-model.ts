/**
 * The words for a project's funding model and for an all-or-nothing campaign that missed its goal (issue 31 §2), in
 * one place for the project page and the cards.
 */
import type { ProjectView } from '../../shared/api/views';
import { countOf } from '../../shared/format/count';

export const FUNDING_MODEL: Record<ProjectView['fundingModel'], { label: string; text: string }> = {
  all_or_nothing: { label: 'All or nothing', text: 'if the goal is not reached by the end date, agreements are cancelled and donations returned.' },
  keep_what_you_raise: { label: 'Keep what you raise', text: 'the project keeps what it raises, even below its goal.' },
};

/** The short state of a campaign that missed its all-or-nothing goal: honest while refunds are still due. */
export function goalNotReachedTitle(g: NonNullable<ProjectView['goalNotReached']>): string {
  return g.refundsDue > 0 ? 'Goal not reached — money being returned' : 'Goal not reached — money returned';
}

/** What happened to the money of a campaign that missed its all-or-nothing goal. */
export function goalNotReachedText(g: NonNullable<ProjectView['goalNotReached']>): string {
  if (g.refundsDue > 0) {
    return `The campaign ended below its goal, so its agreements were cancelled. ${countOf(g.refundsDue, 'donation')} ${g.refundsDue === 1 ? 'is' : 'are'} still being returned to donors (${g.refunded} returned so far).`;
  }
  return g.refunded > 0
    ? `The campaign ended below its goal, so its agreements were cancelled and ${g.refunded === 1 ? 'its donation was' : `all ${g.refunded} donations were`} returned.`
    : 'The campaign ended below its goal, so its agreements were cancelled; no donation was confirmed, so none was owed back.';
}
