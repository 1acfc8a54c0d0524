/** The Murabaha terms of a project as the server reads them from its row, rebuilt from the project's public view. */
import type { ProjectView } from '../../../../shared/api/views';
import type { Terms } from '../../../../shared/domain/murabaha';

/** Terms for `schedule()`: the same fields the server passes when an agreement is accepted. */
export function termsOf(project: ProjectView): Terms {
  const f = project.figures;
  return {
    markupPercent: f.markupPercent,
    tenorMonths: f.durationMonths,
    returnType: f.repayment.type,
    returningTime: f.repayment.everyMonths,
    totalDuration: f.repayment.type === 'Recurring' ? f.repayment.overMonths : null,
    initialInstalment: f.repayment.initialInstalment,
    goal: f.goal,
  };
}
