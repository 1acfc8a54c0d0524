import type { ProjectView } from '../../../shared/api/views';
import { formatMoney } from '../../../shared/format/money';
import type { Language } from '../../../shared/i18n/language';
import type { Words } from '../../lib/words';

/** The project's repayment plan in words (its figures table's Repayment row). */
export function repaymentText(p: ProjectView, t: Words['t'], language: Language): string {
  const r = p.figures.repayment;
  const initial = Number(r.initialInstalment) > 0 ? formatMoney(r.initialInstalment, language) : null;
  // DOMAIN.md: each investor's first instalment is their share of the initial instalment stated for the whole goal.
  const share = t("an initial instalment ({amount} on the whole goal, each investor's share in proportion)", { amount: initial ?? '' });
  if (r.type === 'On-time') {
    return r.instalments === 2
      ? t('On-time: {share} after 1 month, the rest after {months, plural, one {# month} other {# months}}', { share, months: r.overMonths })
      : t('On-time: one payment after {months, plural, one {# month} other {# months}}', { months: r.overMonths });
  }
  const plan = t(
    'Recurring: every {every, plural, one {# month} other {# months}} over {months, plural, one {# month} other {# months}} ({count, plural, one {# instalment} other {# instalments}})',
    { every: r.everyMonths ?? 0, months: r.overMonths, count: r.instalments },
  );
  return initial && r.instalments >= 2 ? t('{plan}, the first being {share}', { plan, share }) : plan;
}
