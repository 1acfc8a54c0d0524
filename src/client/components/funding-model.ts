/**
 * The names of a project's funding models (issue 31 §2), in one place for the project page and the cards (said
 * through `t`: their Bengali is in words.bn.json, as the cards are on the home page). What each model means, and
 * what happened to a campaign that missed its goal, are the project page's own words
 * (features/projects/funding-words.ts).
 */
import type { ProjectView } from '../../shared/api/views';

export const FUNDING_MODEL: Record<ProjectView['fundingModel'], { label: string }> = {
  all_or_nothing: { label: 'All or nothing' },
  keep_what_you_raise: { label: 'Keep what you raise' },
};
