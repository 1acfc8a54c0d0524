/**
 * What an investor would receive and when, as the amount is typed: the schedule the server would create if the owner
 * accepted today, computed by the same shared function (`schedule`) with the project's terms.
 */
import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ProjectView } from '../../../../shared/api/views';
import { formatMoney, fromPaisa, toPaisa } from '../../../../shared/domain/money';
import { repaymentTotal, schedule, type Instalment } from '../../../../shared/domain/murabaha';
import { termsOfFigures } from '../../../../shared/domain/project-terms';
import { formatDate } from '../../../../shared/format/dates';
import { dhakaToday, type CalendarDate } from '../../../../shared/format/dhaka-calendar';

/** Investment types that are repaid (the server schedules only these). */
const REPAID = new Set(['Halal Way', 'Bank Loan', 'Borrow']);


export interface SchedulePreviewProps {
  project: ProjectView;
  amount: unknown;
  investmentType: unknown;
  /** "Accepted today": today's date in Dhaka (as the server will count it), whatever this computer's time zone; injectable for tests. */
  today?: CalendarDate;
}

export default function SchedulePreview({ project, amount, investmentType, today = dhakaToday() }: SchedulePreviewProps) {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) {
    return <Typography color="text.secondary">Type an amount to see what you would receive and when.</Typography>;
  }
  if (typeof investmentType === 'string' && !REPAID.has(investmentType)) {
    return <Typography color="text.secondary">A {investmentType.toLowerCase()} is not repaid, so it has no repayment schedule.</Typography>;
  }
  const principal = fromPaisa(toPaisa(amount));
  let rows: Instalment[];
  try {
    rows = schedule(principal, termsOfFigures(project.figures), today);
  } catch {
    return <Typography color="text.secondary">This project's repayment terms do not give a schedule.</Typography>;
  }
  const total = repaymentTotal(principal, project.figures.markupPercent);
  const belowMinimum = toPaisa(principal) < toPaisa(project.figures.minInvestment);
  return (
    <>
      {belowMinimum && (
        <Alert severity="warning" sx={{ mb: 1.5 }}>
          The minimum investment in this project is {formatMoney(project.figures.minInvestment)}.
        </Alert>
      )}
      <Typography sx={{ mb: 1 }} aria-live="polite">
        If the owner accepted today, you would receive <strong>{formatMoney(total)}</strong> in all ({formatMoney(principal)} plus a markup of{' '}
        {formatMoney(fromPaisa(toPaisa(total) - toPaisa(principal)))}), in {rows.length} instalment{rows.length === 1 ? '' : 's'}
        {rows.length > 1 ? `, the last on ${formatDate(rows[rows.length - 1]!.dueOn)}` : ` on ${formatDate(rows[0]!.dueOn)}`}.
      </Typography>
      <Table size="small" aria-label="Repayment preview">
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>Due</TableCell>
            <TableCell align="right">You receive</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.seq}>
              <TableCell>{r.seq}</TableCell>
              <TableCell>{formatDate(r.dueOn)}</TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(r.amount)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
