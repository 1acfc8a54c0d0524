/**
 * The owner's side: what their projects raised, repaid, what is due and overdue, what they owe next, and the same
 * per project (a page at a time), with the way to the repayments page where instalments are marked paid.
 */
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { OwnerProject, OwnerSide } from '../../../shared/api/portfolio';
import { formatMoney, toPaisa } from '../../../shared/domain/money';
import { formatDate } from '../../../shared/format/dates';
import { LoadMore } from '../../components/LoadMore';
import { useMore } from './use-more';

const figures = (p: { raised: string; repaid: string; due: string; overdue: string }): [string, string, boolean][] => [
  ['Raised', p.raised, false],
  ['Repaid', p.repaid, false],
  ['Still to repay', p.due, false],
  ['Overdue', p.overdue, toPaisa(p.overdue) > 0n],
];

function Figures({ of, label }: { of: Parameters<typeof figures>[0]; label: string }) {
  return (
    <Box component="dl" aria-label={label} sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, minmax(0, 1fr))' }, gap: 1 }}>
      {figures(of).map(([name, amount, alarm]) => (
        <Box key={name}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {name}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 700, fontVariantNumeric: 'tabular-nums', color: alarm ? 'error.main' : undefined }}>
            {formatMoney(amount)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function ProjectCard({ p }: { p: OwnerProject }) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }} aria-label={p.title}>
      <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {p.title}
      </Typography>
      <Figures of={p} label={`Repayments of ${p.title}`} />
      <Typography variant="body2" sx={{ color: p.next?.overdue ? 'error.main' : undefined }}>
        {p.next ? `Next: ${formatMoney(p.next.amount)} ${p.next.overdue ? 'was due' : 'due'} ${formatDate(p.next.dueOn)}${p.next.instalments > 1 ? ` (${p.next.instalments} instalments)` : ''}` : 'Nothing left to repay.'}
      </Typography>
    </Paper>
  );
}

export default function OwnerRepayments({ owner }: { owner: OwnerSide }) {
  const list = useMore(owner.projects, '/me/portfolio/projects');
  const next = owner.next;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
        <Figures of={owner.totals} label="Your repayments in all" />
        {next ? (
          <Alert severity={next.overdue ? 'error' : 'info'} sx={{ m: 0 }}>
            {next.overdue ? `You owe ${formatMoney(next.amount)} that was due ${formatDate(next.dueOn)}: mark it paid once you have paid it.` : `You owe ${formatMoney(next.amount)} next, due ${formatDate(next.dueOn)}.`}
          </Alert>
        ) : (
          <Typography color="text.secondary">You owe nothing now.</Typography>
        )}
        <Button component={RouterLink} to="/dashboard/returns?view=repayments" variant="outlined" sx={{ justifySelf: 'start' }}>
          Mark repayments paid
        </Button>
      </Paper>
      <Box component="ul" aria-label="Your projects' repayments" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, gap: 1.5 }}>
        {list.items.map((p) => (
          <ProjectCard key={p.id} p={p} />
        ))}
      </Box>
      <LoadMore state={list} label="Show more projects" />
    </Box>
  );
}
