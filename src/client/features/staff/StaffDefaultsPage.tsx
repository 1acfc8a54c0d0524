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
import Money from '../../components/Money';
import { formatDate } from '../../../shared/format/dates';
import { countOf } from '../../../shared/format/count';

interface InDefault {
  agreementId: string;
  projectId: string;
  projectTitle: string;
  owner: { email: string; phone: string };
  investorEmail: string;
  principal: string;
  inDefaultSince: string;
  overdue: { count: number; amount: string; oldestDueOn: string | null; daysOverdue: number };
  outstanding: { count: number; amount: string };
  charityOwing: string;
}

export default function StaffDefaultsPage() {
  const state = useApi<{ items: InDefault[] }>('/staff/defaults');
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Agreements with an instalment long overdue. They leave this queue when the owner has paid every overdue instalment.
      </Typography>
      <ApiItems state={state} empty={<EmptyState title="No agreement is in default." />}>
        {(items) => (
          <Grid container spacing={2} component="ul" aria-label="Agreements in default" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {items.map((a) => (
              <Grid key={a.agreementId} size={{ xs: 12, md: 6 }} component="li">
                <Card variant="outlined">
                  <CardContent sx={{ display: 'grid', gap: 0.5 }}>
                    <Link component={RouterLink} to={`/projectDetails?id=${encodeURIComponent(a.projectId)}`} sx={{ fontWeight: 700 }}>
                      {a.projectTitle}
                    </Link>
                    <Typography variant="h6" component="p" color="error">
                      <Money amount={a.overdue.amount} /> overdue
                    </Typography>
                    <Typography variant="body2">
                      {countOf(a.overdue.count, 'instalment')} overdue, the oldest due {formatDate(a.overdue.oldestDueOn)} ({countOf(a.overdue.daysOverdue, 'day')}); in default since{' '}
                      {formatDate(a.inDefaultSince)}.
                    </Typography>
                    <Typography variant="body2">
                      Outstanding in all: <Money amount={a.outstanding.amount} /> ({countOf(a.outstanding.count, 'instalment')}) of an investment of <Money amount={a.principal} />.
                    </Typography>
                    {a.charityOwing !== '0.00' && (
                      <Typography variant="body2">
                        Late charges owed to charity: <Money amount={a.charityOwing} />
                      </Typography>
                    )}
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      Owner: {a.owner.email} · {a.owner.phone} · Investor: {a.investorEmail}
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
