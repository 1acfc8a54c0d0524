/** Above the agreement request form: what one is investing in (title, goal, minimum, markup, annualised return) and the live repayment preview. */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { ProjectView } from '../../../../shared/api/views';
import { formatMoney } from '../../../../shared/domain/money';
import SchedulePreview from './SchedulePreview';
import LimitsLeft from './LimitsLeft';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{children}</Typography>
    </Box>
  );
}

export default function ProjectAgreementPanel({ project, data }: { project: ProjectView; data: Record<string, unknown> }) {
  const f = project.figures;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="agreement-project" sx={{ p: { xs: 2, sm: 2.5 }, mb: 3, bgcolor: 'action.hover' }}>
      <Typography variant="overline" color="text.secondary">
        You are investing in
      </Typography>
      <Typography id="agreement-project" variant="h6" component="h2" gutterBottom>
        <Link component={RouterLink} to={`/projectDetails?id=${project.id}`} underline="hover" color="inherit">
          {project.title}
        </Link>
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 2, mb: 2 }}>
        <Fact label="Goal">{formatMoney(f.goal)}</Fact>
        <Fact label="Minimum investment">{formatMoney(f.minInvestment)}</Fact>
        <Fact label="Murabaha markup">{`${f.markupPercent} % over ${f.durationMonths} months`}</Fact>
        <Fact label="Annualised return">
          {`${f.annualisedReturn.simplePercent} % per year`}
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', fontWeight: 400 }}>
            simple basis: {f.annualisedReturn.basis.replace(/^simple: /, '')}
          </Typography>
        </Fact>
      </Box>
      <LimitsLeft projectId={project.id} />
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        What you would receive
      </Typography>
      <SchedulePreview project={project} amount={data.investmentAmount} investmentType={data.investmentType} />
    </Paper>
  );
}
