/**
 * A project's Murabaha terms: the one mapping from what a project states to what `schedule()` is given. The server
 * makes it from the project's row (and shows it as the figures' `repayment`), the browser from those figures, so a
 * preview and the schedule stored at acceptance are made from the same terms. Only a Recurring project repays every
 * `returningTime` months over `totalDuration` (DOMAIN.md); On-time ignores both.
 */
import type { Figures } from '../api/views';
import type { Terms } from './murabaha';

/** What a project states about its repayment (the project form's answers, as stored and as its figures show them). */
export interface StatedTerms {
  markupPercent: string;
  tenorMonths: number;
  goal: string;
  returnType: 'On-time' | 'Recurring';
  everyMonths: number | null;
  overMonths: number | null;
  initialInstalment: string;
}

/** The terms `schedule()` is given for a project. */
export function murabahaTerms(s: StatedTerms): Terms {
  const recurring = s.returnType === 'Recurring';
  return {
    markupPercent: s.markupPercent,
    tenorMonths: s.tenorMonths,
    returnType: s.returnType,
    returningTime: recurring ? s.everyMonths : null,
    totalDuration: recurring ? s.overMonths : null,
    initialInstalment: s.initialInstalment,
    goal: s.goal,
  };
}

/** The Murabaha terms in a project's figures: the same terms the server passes `schedule()` when an agreement is accepted. */
export function termsOfFigures(figures: Figures): Terms {
  const { type, everyMonths, overMonths, initialInstalment } = figures.repayment;
  return murabahaTerms({ markupPercent: figures.markupPercent, tenorMonths: figures.durationMonths, goal: figures.goal, returnType: type, everyMonths, overMonths, initialInstalment });
}
