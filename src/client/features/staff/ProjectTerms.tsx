/** A project's terms in one sentence, as staff and Shariah reviewers read them before deciding. */
import Typography from '@mui/material/Typography';
import type { ProjectView } from '../../../shared/api/views';
import Money from '../../components/Money';

export default function ProjectTerms({ figures: f, minimum = false }: { figures: ProjectView['figures']; minimum?: boolean }) {
  return (
    <Typography>
      Goal <Money amount={f.goal} />
      {minimum && (
        <>
          , minimum <Money amount={f.minInvestment} />
        </>
      )}
      , markup {f.markupPercent} % over {f.durationMonths} months ({f.annualisedReturn.simplePercent} % a year), {f.repayment.type}
      {f.repayment.everyMonths ? ` every ${f.repayment.everyMonths} months` : ''}.
    </Typography>
  );
}
