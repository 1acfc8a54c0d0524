/**
 * The investment agreement text, generated from the project's terms: the parties, the amount, the markup and the
 * repayment schedule (computed with the same Murabaha arithmetic as the server). Printable.
 */
import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useApi } from '../../lib/use-api';
import { usePagedApi } from '../../lib/use-paged-api';
import { LoadMore } from '../../components/LoadMore';
import { fileUrl } from '../../lib/api';
import type { ProjectView } from '../../../shared/api/views';
import { formatMoney } from '../../../shared/domain/money';
import { repaymentTotal, schedule } from '../../../shared/domain/murabaha';
import { dhakaDate, dhakaToday } from '../../../shared/format/dhaka-calendar';
import { termsOfFigures } from '../../../shared/domain/project-terms';
import { EmptyState, ErrorState, Loading } from '../../components/Status';
import { FormReadOnlyView } from '../../form-engine/read-only';
import { repaymentText } from './ProjectDetailPage';
import { formatDate } from '../../../shared/format/dates';

interface Proposal {
  id: string;
  status: string;
  investorName: string | null;
  investorType: string | null;
  investorAddress: string | null;
  amount: string;
  investmentType: string;
  decidedAt: string | null;
}

export default function AgreementTextPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const project = useApi<ProjectView>(id ? `/projects/${id}` : null);
  // The accepted agreements, to write one out: 50 at a time (more on request).
  const proposals = usePagedApi<Proposal>(id && project.data?.mine ? `/projects/${id}/agreement-requests?status=accepted&limit=50` : null);
  const [chosen, setChosen] = useState('');
  const [tab, setTab] = useState(0);

  const accepted = (proposals.data?.items ?? []).filter((p) => p.status === 'accepted');
  const agreement = accepted.find((p) => p.id === chosen) ?? null;
  const p = project.data;

  const instalments = useMemo(() => {
    if (!p) return [];
    const principal = agreement?.amount ?? p.figures.goal;
    // Counted from the Dhaka date of the acceptance, as the server counted them (today's, for a draft).
    const start = agreement?.decidedAt ? dhakaDate(agreement.decidedAt) : dhakaToday();
    return schedule(principal, termsOfFigures(p.figures), start);
  }, [p, agreement]);

  if (!id) return <EmptyState title="Open this page from one of your projects." action={<Button component={RouterLink} to="/dashboard/project">My projects</Button>} />;
  if (project.loading) return <Loading label="Loading the project…" />;
  if (project.error || !p) return <ErrorState message={project.error?.message ?? 'The project could not be loaded.'} onRetry={project.reload} />;

  const d = p.details as Record<string, string | number | undefined>;
  const principal = agreement?.amount ?? p.figures.goal;
  const total = repaymentTotal(principal, p.figures.markupPercent);
  const investor = agreement ? `${agreement.investorName} (${agreement.investorType}), of ${agreement.investorAddress}` : '______________________________ (the Investor)';

  return (
    <Box>
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} sx={{ mb: 2 }} className="no-print" aria-label="Project views">
        <Tab label="Agreement" />
        <Tab label="Business/Project Details" />
      </Tabs>
      {tab === 0 ? (
        <>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }} className="no-print">
            {accepted.length > 0 && (
              <FormControl size="small" sx={{ minWidth: 280 }}>
                <InputLabel id="agreement-for">Agreement with</InputLabel>
                <Select labelId="agreement-for" label="Agreement with" value={chosen} onChange={(e) => setChosen(e.target.value)}>
                  <MenuItem value="">A blank agreement for the whole goal</MenuItem>
                  {accepted.map((a) => (
                    <MenuItem key={a.id} value={a.id}>
                      {a.investorName} — {formatMoney(a.amount)}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
            )}
            <Button variant="contained" onClick={() => window.print()}>
              Print
            </Button>
          </Box>
          <Box className="no-print">
            <LoadMore state={proposals} label="Show more accepted agreements" pb={2} />
          </Box>
          <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 5 }, fontFamily: 'Georgia, serif' }} component="article" aria-label="Investment agreement">
            <Typography variant="h5" component="h2" align="center" gutterBottom sx={{ fontFamily: 'inherit' }}>
              Murabaha Investment Agreement
            </Typography>
            <Typography align="center" color="text.secondary" sx={{ mb: 3 }}>
              {p.title}
            </Typography>
            <Typography sx={{ mb: 2 }}>
              This agreement is made between <strong>{String(d.name ?? p.ownerName)}</strong>, owner of <strong>{String(d.bname ?? p.title)}</strong>
              {d.offaddress ? `, ${String(d.offaddress)}` : ''} (the Owner), and {investor}.
            </Typography>
            <Typography sx={{ mb: 2 }}>
              1. <strong>Amount.</strong> The Investor provides {formatMoney(principal)} for the purpose described in the project ({p.category}), by way of{' '}
              {agreement?.investmentType ?? String(d.investType ?? 'Halal Way')}.
            </Typography>
            <Typography sx={{ mb: 2 }}>
              2. <strong>Markup.</strong> The Owner repays the amount with a Murabaha markup of {p.figures.markupPercent} % over the whole financing, a total of{' '}
              <strong>{formatMoney(total)}</strong>. The markup is fixed and does not grow with time ({p.figures.annualisedReturn.simplePercent} % per year on a simple basis over{' '}
              {p.figures.durationMonths} months).
            </Typography>
            <Typography sx={{ mb: 2 }}>
              3. <strong>Repayment.</strong> {repaymentText(p)}, as in the schedule below. Each instalment is marked paid by the Owner and confirmed by the Investor on Halal Fund.
            </Typography>
            <Typography sx={{ mb: 2 }}>
              4. <strong>Security.</strong> {String(d.security ?? 'As stated in the project')}; financial documents: {String(d.financialDocument ?? 'as stated in the project')}.
            </Typography>
            {d.bankName && (
              <Typography sx={{ mb: 2 }}>
                5. <strong>Payments</strong> are made to account {String(d.accountNum ?? '')} ({String(d.accountName ?? '')}) at {String(d.bankName)}, {String(d.branchName ?? '')}.
              </Typography>
            )}
            <Table size="small" aria-label="Repayment schedule" sx={{ my: 2 }}>
              <TableHead>
                <TableRow>
                  <TableCell>#</TableCell>
                  <TableCell>Due</TableCell>
                  <TableCell align="right">Amount</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {instalments.map((i) => (
                  <TableRow key={i.seq}>
                    <TableCell>{i.seq}</TableCell>
                    <TableCell>{formatDate(i.dueOn)}</TableCell>
                    <TableCell align="right">{formatMoney(i.amount)}</TableCell>
                  </TableRow>
                ))}
                <TableRow>
                  <TableCell colSpan={2}>
                    <strong>Total</strong>
                  </TableCell>
                  <TableCell align="right">
                    <strong>{formatMoney(total)}</strong>
                  </TableCell>
                </TableRow>
              </TableBody>
            </Table>
            {!agreement && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                Due dates count from the day an agreement is accepted; they are shown here from today.
              </Typography>
            )}
            <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 6, mt: 6 }}>
              <Typography sx={{ borderTop: 1, pt: 1 }}>The Owner</Typography>
              <Typography sx={{ borderTop: 1, pt: 1 }}>The Investor</Typography>
            </Box>
          </Paper>
        </>
      ) : (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <FormReadOnlyView formId="project-owner" formVersion={p.formVersion} data={p.details} fileUrl={fileUrl} />
        </Paper>
      )}
    </Box>
  );
}
