/**
 * What a project's funding model means, and what happened to the money of an all-or-nothing campaign that missed its
 * goal (issue 31 §2), in the page language, for the project page.
 */
import type { ProjectView } from '../../../shared/api/views';
import type { Language } from '../../../shared/i18n/language';
import { formatNumber } from '../../../shared/format/money';
import type { Words } from '../../lib/words';

/** What the funding model does with the money. */
export function fundingModelText(model: ProjectView['fundingModel'], t: Words['t']): string {
  return model === 'all_or_nothing'
    ? t('if the goal is not reached by the end date, agreements are cancelled and donations returned.')
    : t('the project keeps what it raises, even below its goal.');
}

/** The short state of a campaign that missed its all-or-nothing goal: honest while refunds are still due. */
export function goalNotReachedTitle(g: NonNullable<ProjectView['goalNotReached']>, t: Words['t']): string {
  return g.refundsDue > 0 ? t('Goal not reached — money being returned') : t('Goal not reached — money returned');
}

/** What happened to the money of a campaign that missed its all-or-nothing goal. */
export function goalNotReachedText(g: NonNullable<ProjectView['goalNotReached']>, t: Words['t'], language: Language): string {
  if (g.refundsDue > 0) {
    return t(
      'The campaign ended below its goal, so its agreements were cancelled. {count, plural, one {# donation is} other {# donations are}} still being returned to donors ({returned} returned so far).',
      { count: g.refundsDue, returned: formatNumber(g.refunded, language) },
    );
  }
  if (g.refunded > 0) {
    return t('The campaign ended below its goal, so its agreements were cancelled and {count, plural, one {its donation was} other {all # donations were}} returned.', { count: g.refunded });
  }
  return t('The campaign ended below its goal, so its agreements were cancelled; no donation was confirmed, so none was owed back.');
}
