/**
 * The held agreements, one card each (phone-first; two to a row on wide screens): project, amount and status, what
 * came back and what is outstanding, the next instalment (marked when overdue), the XIRR, and a link to its schedule.
 */
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { AgreementsPage, PortfolioAgreement } from '../../../shared/api/portfolio';
import { formatMoney, toPaisa } from '../../../shared/domain/money';
import { formatNumber } from '../../../shared/format/money';
import { formatDate } from '../../../shared/format/dates';
import { LoadMore } from '../../components/LoadMore';
import { EmptyState } from '../../components/Status';
import { rateText } from './ReturnFigures';
import { useMore } from './use-more';
import { agreementState } from './words';
import { investmentTypeLabel } from '../../components/app/investment-type';
import { useWords } from '../../lib/words';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1.5 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
        {children}
      </Typography>
    </Box>
  );
}

function AgreementCard({ a }: { a: PortfolioAgreement }) {
  const { t, language } = useWords();
  const money = (amount: string) => formatMoney(amount, language);
  const status = agreementState(a, t);
  const next = a.nextInstalment;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }} aria-label={a.projectTitle}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
        <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {a.projectTitle}
        </Typography>
        <Chip size="small" label={status.label} color={status.color} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('{amount} invested on {date}', { amount: money(a.amount), date: formatDate(a.acceptedOn, language) })} · {investmentTypeLabel(a.investmentType, t)}
      </Typography>
      {a.inDefaultSince && (
        <Typography variant="body2" color="error" sx={{ fontWeight: 600 }}>
          {t("In default since {date}: an instalment is long overdue. The platform's staff follow it up with the owner.", { date: formatDate(a.inDefaultSince, language) })}
        </Typography>
      )}
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.5 }}>
        <Row label={t('Received')}>
          {t('{received} of {total} ({confirmed} of {instalments})', {
            received: money(a.received),
            total: money(a.total),
            confirmed: formatNumber(a.confirmedInstalments, language),
            instalments: formatNumber(a.instalments, language),
          })}
        </Row>
        <Row label={t('Outstanding')}>{money(a.outstanding)}</Row>
        {toPaisa(a.overdue) > 0n && (
          <Row label={t('Overdue')}>
            <Box component="span" sx={{ color: 'error.main', fontWeight: 600 }}>
              {money(a.overdue)}
            </Box>
          </Row>
        )}
        <Row label={t('Next instalment')}>
          {next ? (
            <Box component="span" sx={{ color: next.overdue ? 'error.main' : undefined, fontWeight: next.overdue ? 600 : undefined }}>
              {next.overdue
                ? t('{amount} was due {date}', { amount: money(next.amount), date: formatDate(next.dueOn, language) })
                : t('{amount} due {date}', { amount: money(next.amount), date: formatDate(next.dueOn, language) })}
            </Box>
          ) : (
            t('none left to pay')
          )}
        </Row>
        <Row label={t('Expected XIRR')}>{rateText(a.xirr, a.xirrReason, t, language)}</Row>
        <Row label={t('XIRR to date')}>{rateText(a.xirrToDate, a.xirrToDateReason, t, language)}</Row>
      </Box>
      <Link component={RouterLink} to={a.scheduleLink} sx={{ justifySelf: 'start', fontWeight: 500 }}>
        {t('Schedule of {title}', { title: a.projectTitle })}
      </Link>
    </Paper>
  );
}

export default function AgreementCards({ first }: { first: AgreementsPage }) {
  const { t } = useWords();
  const list = useMore(first, '/me/portfolio/agreements');
  if (list.items.length === 0) {
    return <EmptyState title={t('You hold no agreements yet.')} text={t('When a project owner accepts your agreement request, it appears here with its schedule and return.')} />;
  }
  return (
    <>
      <Box component="ul" aria-label={t('Your agreements')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, gap: 1.5 }}>
        {list.items.map((a) => (
          <AgreementCard key={a.id} a={a} />
        ))}
      </Box>
      <LoadMore state={list} label={t('Show more agreements')} />
    </>
  );
}
