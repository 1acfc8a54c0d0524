/** A project's terms in one sentence, as staff and Shariah reviewers read them before deciding. */
import Typography from '@mui/material/Typography';
import type { ProjectView } from '../../../shared/api/views';
import { formatMoney } from '../../../shared/format/money';
import { localDigits } from '../../../shared/format/digits';
import { useWords } from '../../lib/words';

export default function ProjectTerms({ figures: f, minimum = false }: { figures: ProjectView['figures']; minimum?: boolean }) {
  const { t, language } = useWords();
  const repayment =
    f.repayment.type === 'On-time'
      ? t('On-time')
      : f.repayment.everyMonths
        ? t('Recurring every {count, plural, one {# month} other {# months}}', { count: f.repayment.everyMonths })
        : t('Recurring');
  const values = {
    goal: formatMoney(f.goal, language),
    markup: localDigits(f.markupPercent, language),
    count: f.durationMonths,
    rate: localDigits(f.annualisedReturn.simplePercent, language),
    repayment,
  };
  return (
    <Typography>
      {minimum
        ? t('Goal {goal}, minimum {minimum}, markup {markup} % over {count, plural, one {# month} other {# months}} ({rate} % a year), {repayment}.', {
            ...values,
            minimum: formatMoney(f.minInvestment, language),
          })
        : t('Goal {goal}, markup {markup} % over {count, plural, one {# month} other {# months}} ({rate} % a year), {repayment}.', values)}
    </Typography>
  );
}
