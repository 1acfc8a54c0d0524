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
import { useWords } from '../../lib/words';

type Amounts = { raised: string; repaid: string; due: string; overdue: string };
const figures = (p: Amounts, t: ReturnType<typeof useWords>['t']): [string, string, boolean][] => [
  [t('Raised'), p.raised, false],
  [t('Repaid'), p.repaid, false],
  [t('Still to repay'), p.due, false],
  [t('Overdue'), p.overdue, toPaisa(p.overdue) > 0n],
];

function Figures({ of, label }: { of: Amounts; label: string }) {
  const { t, language } = useWords();
  return (
    <Box component="dl" aria-label={label} sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, minmax(0, 1fr))' }, gap: 1 }}>
      {figures(of, t).map(([name, amount, alarm]) => (
        <Box key={name}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {name}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 700, fontVariantNumeric: 'tabular-nums', color: alarm ? 'error.main' : undefined }}>
            {formatMoney(amount, language)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function nextText(p: OwnerProject, t: ReturnType<typeof useWords>['t'], language: ReturnType<typeof useWords>['language']): string {
  if (!p.next) return t('Nothing left to repay.');
  const values = { amount: formatMoney(p.next.amount, language), date: formatDate(p.next.dueOn, language), count: p.next.instalments };
  if (p.next.instalments > 1) {
    return p.next.overdue
      ? t('Next: {amount} was due {date} ({count, plural, one {# instalment} other {# instalments}})', values)
      : t('Next: {amount} due {date} ({count, plural, one {# instalment} other {# instalments}})', values);
  }
  return p.next.overdue ? t('Next: {amount} was due {date}', values) : t('Next: {amount} due {date}', values);
}

function ProjectCard({ p }: { p: OwnerProject }) {
  const { t, language } = useWords();
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }} aria-label={p.title}>
      <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {p.title}
      </Typography>
      <Figures of={p} label={t('Repayments of {title}', { title: p.title })} />
      <Typography variant="body2" sx={{ color: p.next?.overdue ? 'error.main' : undefined }}>
        {nextText(p, t, language)}
      </Typography>
    </Paper>
  );
}

export default function OwnerRepayments({ owner }: { owner: OwnerSide }) {
  const { t, language } = useWords();
  const list = useMore(owner.projects, '/me/portfolio/projects');
  const next = owner.next;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
        <Figures of={owner.totals} label={t('Your repayments in all')} />
        {next ? (
          <Alert severity={next.overdue ? 'error' : 'info'} sx={{ m: 0 }}>
            {next.overdue
              ? t('You owe {amount} that was due {date}: mark it paid once you have paid it.', { amount: formatMoney(next.amount, language), date: formatDate(next.dueOn, language) })
              : t('You owe {amount} next, due {date}.', { amount: formatMoney(next.amount, language), date: formatDate(next.dueOn, language) })}
          </Alert>
        ) : (
          <Typography color="text.secondary">{t('You owe nothing now.')}</Typography>
        )}
        <Button component={RouterLink} to="/dashboard/returns?view=repayments" variant="outlined" sx={{ justifySelf: 'start' }}>
          {t('Mark repayments paid')}
        </Button>
      </Paper>
      <Box component="ul" aria-label={t("Your projects' repayments")} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, gap: 1.5 }}>
        {list.items.map((p) => (
          <ProjectCard key={p.id} p={p} />
        ))}
      </Box>
      <LoadMore state={list} label={t('Show more projects')} />
    </Box>
  );
}
