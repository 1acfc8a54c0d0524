/** The repayment terms of a project as the API shows them, for the same schedule arithmetic in the browser. */
import type { Figures } from '../api/views';
import type { Terms } from './murabaha';

/** The Murabaha terms in a project's figures: the same fields the server passes `schedule()` when an agreement is accepted. */
export function termsOfFigures(figures: Figures): Terms {
  return {
    markupPercent: figures.markupPercent,
    tenorMonths: figures.durationMonths,
    returnType: figures.repayment.type,
    returningTime: figures.repayment.everyMonths,
    totalDuration: figures.repayment.type === 'Recurring' ? figures.repayment.overMonths : null,
    initialInstalment: figures.repayment.initialInstalment,
    goal: figures.goal,
  };
}
