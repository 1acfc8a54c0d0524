/**
 * Staff: agreements in default (an instalment overdue DEFAULT_AFTER_DAYS), longest first, each with what is
 * overdue, what is still outstanding, what is owed to charity, and who to contact. Cards, two to a row on a wide
 * screen, one on a phone.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useApi } from '../../lib/use-api';
import { ApiItems, EmptyState } from '../../components/Status';
import { formatDate } from '../../../shared/format/dates';
import { formatMoney } from '../../../shared/format/money';
import { useWords } from '../../lib/words';

export default function StaffDefaultsPage() {
  const { t, language } = useWords();
  const state = useApi('/staff/defaults');
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('Agreements with an instalment long overdue. They leave this queue when the owner has paid every overdue instalment.')}
      </Typography>
      <ApiItems state={state} empty={<EmptyState title={t('No agreement is in default.')} />}>
        {(items) => (
          <Grid container spacing={2} component="ul" aria-label={t('Agreements in default')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {items.map((a) => (
              <Grid key={a.agreementId} size={{ xs: 12, md: 6 }} component="li">
                <Card variant="outlined">
                  <CardContent sx={{ display: 'grid', gap: 0.5 }}>
                    <Link component={RouterLink} to={`/projectDetails?id=${encodeURIComponent(a.projectId)}`} sx={{ fontWeight: 700 }}>
                      {a.projectTitle}
                    </Link>
                    <Typography variant="h6" component="p" color="error">
                      {t('{amount} overdue', { amount: formatMoney(a.overdue.amount, language) })}
                    </Typography>
                    <Typography variant="body2">
                      {t('{count, plural, one {# instalment} other {# instalments}} overdue, the oldest due {due} ({days, plural, one {# day} other {# days}}); in default since {since}.', {
                        count: a.overdue.count,
                        due: formatDate(a.overdue.oldestDueOn, language),
                        days: a.overdue.daysOverdue,
                        since: formatDate(a.inDefaultSince, language),
                      })}
                    </Typography>
                    <Typography variant="body2">
                      {t('Outstanding in all: {amount} ({count, plural, one {# instalment} other {# instalments}}) of an investment of {principal}.', {
                        amount: formatMoney(a.outstanding.amount, language),
                        count: a.outstanding.count,
                        principal: formatMoney(a.principal, language),
                      })}
                    </Typography>
                    {a.charityOwing !== '0.00' && (
                      <Typography variant="body2">
                        {t('Late charges owed to charity: {amount}', { amount: formatMoney(a.charityOwing, language) })}
                      </Typography>
                    )}
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {t('Owner: {owner} · {phone} · Investor: {investor}', { owner: a.owner.email, phone: a.owner.phone, investor: a.investorEmail })}
                    </Typography>
                  </CardContent>
                </Card>
              </Grid>
            ))}
          </Grid>
        )}
      </ApiItems>
    </Box>
  );
}
