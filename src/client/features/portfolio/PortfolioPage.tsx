/**
 * Portfolio (issue 30 §1, §4): what I put in, what came back, what is outstanding and late, the return I am getting
 * (XIRR, expected and to date), money out and back by month (a chart and its table), my agreements, a zakat estimate,
 * and, for an owner, what their projects repay. Phone-first: one column, cards, two figures to a row.
 */
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDate } from '../../../shared/format/dates';
import { toPaisa } from '../../../shared/domain/money';
import { useApi } from '../../lib/use-api';
import { EmptyState, ErrorState, Loading } from '../../components/Status';
import { useWords } from '../../lib/words';
import PortfolioTotals from './PortfolioTotals';
import ReturnFigures from './ReturnFigures';
import MoneyChart, { MoneyTable } from './MoneyChart';
import AgreementCards from './AgreementCards';
import ZakatPanel from './ZakatPanel';
import OwnerRepayments from './OwnerRepayments';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5 }}>
      <Typography id={id} variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export default function PortfolioPage() {
  const { t, language } = useWords();
  const { data: p, error, loading, reload } = useApi('/me/portfolio');
  if (loading) return <Loading label={t('Loading your portfolio…')} />;
  if (error || !p) return <ErrorState message={t('Your portfolio could not be loaded: {reason}', { reason: error?.message ?? t('no answer') })} onRetry={reload} />;
  const investing = p.agreements.items.length > 0 || toPaisa(p.totals.invested) > 0n;
  const owning = p.owner.projects.items.length > 0;
  if (!investing && !owning) {
    return (
      <EmptyState
        title={t('Your portfolio is empty.')}
        text={t('When a project owner accepts your agreement request, what you invested, what comes back and the return you get appear here.')}
        action={
          <Button component={RouterLink} to="/projects" variant="contained">
            {t('Browse projects')}
          </Button>
        }
      />
    );
  }
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 4 }}>
      {investing && (
        <>
          <Section id="portfolio-totals" title={t('Your money on {date}', { date: formatDate(p.asOf, language) })}>
            <PortfolioTotals totals={p.totals} />
          </Section>
          <Section id="portfolio-return" title={t('Your return')}>
            <ReturnFigures rates={p} />
          </Section>
          {p.months.length > 0 && (
            <Section id="portfolio-months" title={t('Money out and back by month')}>
              <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
                <MoneyChart months={p.months} asOf={p.asOf} />
                <Box component="details" sx={{ mt: 1.5, '& > summary': { cursor: 'pointer', fontWeight: 500, py: 0.5 } }}>
                  <summary>{t('The figures as a table')}</summary>
                  <Box sx={{ overflowX: 'auto', mt: 1 }}>
                    <MoneyTable months={p.months} />
                  </Box>
                </Box>
              </Paper>
            </Section>
          )}
          <Section id="portfolio-agreements" title={t('Your agreements')}>
            <AgreementCards first={p.agreements} />
          </Section>
          <Section id="portfolio-zakat" title={t('Zakat on your holdings (estimate)')}>
            <ZakatPanel zakat={p.zakat} />
          </Section>
        </>
      )}
      {owning && (
        <Section id="portfolio-owner" title={t('As a project owner: your repayments')}>
          <OwnerRepayments owner={p.owner} />
        </Section>
      )}
    </Box>
  );
}
