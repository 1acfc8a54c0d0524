import type { ProjectView } from '../../../shared/api/views';
import Money from '../../components/Money';
import { formatMoney } from '../../../shared/format/money';
import { localDigits } from '../../../shared/format/digits';
import { useWords } from '../../lib/words';
import { FUNDING_MODEL } from '../../components/funding-model';
import FiguresTable from '../../components/FiguresTable';
import HelpTip from './HelpTip';
import { repaymentText } from './repayment-text';

/** The project's figures (computed by the server) as a table: goal, markup, yearly return, repayment, duration. */
export default function ProjectFigures({ project }: { project: ProjectView }) {
  const { t, language } = useWords();
  const f = project.figures;
  const rows: [string, React.ReactNode][] = [
    [t('Investment Goal'), <Money key="g" amount={f.goal} />],
    [t('Min. Investment'), <Money key="m" amount={f.minInvestment} />],
    [t('Raised'), <Money key="r" amount={f.raised} />],
    [t('Awaiting acceptance'), <Money key="w" amount={f.waiting} />],
    [t('Murabaha Markup Return %'), `${localDigits(String(f.markupPercent), language)} %`],
    [
      t('Calculated Annualized ROI %'),
      <span key="a" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        {t('{percent} % per year', { percent: localDigits(String(f.annualisedReturn.simplePercent), language) })}
        {/* The basis (DOMAIN.md asks for it to be labelled) is help on demand, not a formula in the table. */}
        <HelpTip
          label={t('How the yearly rate is worked out')}
          text={t('Worked out on a simple basis ({basis}). Compounded, the same return is {percent} % a year.', {
            basis: localDigits(f.annualisedReturn.basis.replace(/^simple: /, ''), language).replace(' months', language === 'bn' ? ' মাস' : ' months'),
            percent: localDigits(String(f.annualisedReturn.compoundPercent), language),
          })}
        />
      </span>,
    ],
    [t('Repayment'), t('{plan}; {amount} in all if the goal is raised', { plan: repaymentText(project, t, language), amount: formatMoney(f.repayment.totalOnGoal, language) })],
    [t('Funding model'), t(FUNDING_MODEL[project.fundingModel].label)],
    [t('Project Duration'), t('{months, plural, one {# month} other {# months}}', { months: f.durationMonths })],
    [t('Days Left'), f.daysLeft === null ? t('Not started') : t('{days, plural, one {# day} other {# days}}', { days: f.daysLeft })],
  ];
  return <FiguresTable label={t('Project figures')} rows={rows} />;
}
