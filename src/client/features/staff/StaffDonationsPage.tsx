import { useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SchemaForm } from '../../form-engine';
import type { ReviewForm } from '../../../shared/generated/form-types';
import { api } from '../../lib/api';
import { useApi } from '../../lib/use-api';
import { ApiItems, EmptyState } from '../../components/Status';
import InlineFailure from '../../components/InlineFailure';
import { useSubmit } from '../../lib/use-submit';
import GatewayEvents from './GatewayEvents';
import { formatDateTime } from '../../../shared/format/dates';
import { formatMoney } from '../../../shared/format/money';
import { useWords } from '../../lib/words';
import type { ApiItem } from '../../lib/api-paths';
import { methodWord, statusWord } from './status-words';

type Donation = ApiItem<'GET /staff/donations'>;

/** Staff: confirm that pledged donations arrived (they then count as raised), or cancel them with a note. */
export default function StaffDonationsPage() {
  const { t, language } = useWords();
  const [status, setStatus] = useState<'pledged' | 'confirmed' | 'cancelled'>('pledged');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const state = useApi(search ? `/staff/donations?q=${encodeURIComponent(search)}` : `/staff/donations?status=${status}`);
  const searchError = search && state.error?.status === 400 ? (state.error.errors[0]?.message ?? state.error.message) : null;
  const [open, setOpen] = useState<Donation | null>(null);
  const review = useSubmit<ReviewForm>(async (form) => {
    if (!open) return;
    await api.post(`/staff/donations/${open.id}/review`, form);
    setOpen(null);
    state.reload();
    return { title: form.decision === 'approve' ? t('Donation confirmed') : t('Donation cancelled'), text: t('Recorded in the audit log.'), tone: 'success' };
  }, t('Not recorded'));

  return (
    <Box>
      <Box
        component="form"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(typed.trim());
        }}
        sx={{ display: 'flex', gap: 1, mb: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <TextField
          size="small"
          label={t('Find by payment reference')}
          placeholder="HF-7K3Q-92"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          error={Boolean(searchError)}
          helperText={searchError ?? t('Searches every status')}
          slotProps={{ htmlInput: { maxLength: 40 } }}
          sx={{ minWidth: 240 }}
        />
        <Button type="submit" variant="contained">
          {t('Find')}
        </Button>
        {search && (
          <Button
            onClick={() => {
              setTyped('');
              setSearch('');
            }}
          >
            {t('Show the queue')}
          </Button>
        )}
      </Box>
      {!search && (
        <Tabs value={status} onChange={(_e, v: typeof status) => setStatus(v)} sx={{ mb: 2 }} aria-label={t('Donation status')}>
          <Tab value="pledged" label={t('Pledged')} />
          <Tab value="confirmed" label={t('Confirmed')} />
          <Tab value="cancelled" label={t('Cancelled')} />
        </Tabs>
      )}
      {!searchError && (
        <ApiItems
          state={state}
          empty={
            <EmptyState
              title={search ? t('No donation has the reference {reference}.', { reference: search }) : t('Nothing here.')}
              text={!search && status === 'pledged' ? t('No donation is waiting for confirmation.') : undefined}
            />
          }
        >
          {(items) => (
            <Grid container spacing={2}>
              {items.map((d) => (
                <Grid key={d.id} size={{ xs: 12, md: 6 }}>
                  <Card>
                    <CardContent sx={{ display: 'grid', gap: 0.5 }}>
                      <Typography sx={{ fontWeight: 700 }}>{d.projectTitle}</Typography>
                      <Typography variant="h6" component="p">
                        {t('{amount} by {method}', { amount: formatMoney(d.amount, language), method: methodWord(t, d.paymentMethod) })}
                      </Typography>
                      {search && <Typography variant="body2">{t('Status: {status}', { status: statusWord(t, d.status) })}</Typography>}
                      <Typography variant="body2" color="text.secondary">
                        {d.reference} · {d.anonymous ? t('Anonymous') : (d.donorName ?? t('No name'))} {d.email ? `· ${d.email}` : ''} ·{' '}
                        {formatDateTime(d.createdAt, language)}
                      </Typography>
                      {d.note && <Typography variant="body2">{t('Note: {note}', { note: d.note })}</Typography>}
                      {d.status === 'pledged' && (
                        <Box sx={{ mt: 1 }}>
                          <Button variant="contained" size="small" onClick={() => setOpen(d)} aria-label={t('Review donation {reference}', { reference: d.reference })}>
                            {t('Review')}
                          </Button>
                        </Box>
                      )}
                    </CardContent>
                  </Card>
                </Grid>
              ))}
            </Grid>
          )}
        </ApiItems>
      )}
      <GatewayEvents />
      <Dialog open={Boolean(open)} onClose={() => !review.busy && setOpen(null)} aria-labelledby="donation-review-title" maxWidth="sm" fullWidth>
        <DialogTitle id="donation-review-title">
          {open && t('{reference}: {amount} by {method}', { reference: open.reference, amount: formatMoney(open.amount, language), method: methodWord(t, open.paymentMethod) })}
        </DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {t('Approve when the money has arrived; reject to cancel the pledge.')}
          </Typography>
          <SchemaForm formId="review" onSubmit={review.submit} busy={review.busy} serverErrors={review.errors} hideTitle actions={<Button onClick={() => setOpen(null)}>{t('Cancel')}</Button>} />
          <InlineFailure failure={review.failure} onClose={review.clearFailure} />
        </DialogContent>
      </Dialog>
    </Box>
  );
}
