/** Investment History's fourth tab: my donations, each with its receipt. */
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { usePagedApi } from '../../lib/use-paged-api';
import { LoadMore } from '../../components/LoadMore';
import Money from '../../components/Money';
import { ApiItems, EmptyState } from '../../components/Status';
import { donationStatus } from '../../components/app/donation-status';
import { useWords } from '../../lib/words';
import { paymentMethodWord } from '../../components/app/payment-method';

export default function HistoryDonations() {
  const { t } = useWords();
  const state = usePagedApi('/me/donations');
  return (
    <>
      <ApiItems state={state} empty={
          <EmptyState
            title={t('No donations from this account yet.')}
            action={
              <Button component={RouterLink} to="/donate">
                {t('Donate')}
              </Button>
            }
          />
        }>
        {(items) => (
          <Grid container spacing={2}>
            {items.map((d) => (
              <Grid key={d.id} size={{ xs: 12, md: 6 }}>
                <Card>
                  <CardContent>
                    <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
                      <Typography sx={{ fontWeight: 700 }}>{d.projectTitle}</Typography>
                      <Chip size="small" label={donationStatus(d.status, t).chip} color={donationStatus(d.status, t).color} />
                    </Box>
                    <Typography>
                      <Money amount={d.amount} /> {t('by {method} · reference {reference}', { method: paymentMethodWord(d.paymentMethod, t), reference: d.reference })}
                    </Typography>
                    {d.note && <Typography variant="body2" color="text.secondary">{t('Staff note: {note}', { note: d.note })}</Typography>}
                    <Button size="small" variant="outlined" sx={{ mt: 1 }} component={RouterLink} to={`/donations/receipt?id=${d.id}`} aria-label={t('Receipt {reference}', { reference: d.reference })}>
                      {d.status === 'pledged' ? t('Receipt and how to pay') : t('Receipt')}
                    </Button>
                  </CardContent>
                </Card>
              </Grid>
            ))}
          </Grid>
        )}
      </ApiItems>
      <LoadMore state={state} label={t('Show more donations')} />
    </>
  );
}
