/** Investment History's second tab: the offers I published, each withdrawn from its card. */
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import { api } from '../../lib/api';
import { usePagedApi } from '../../lib/use-paged-api';
import { LoadMore } from '../../components/LoadMore';
import { ApiItems, EmptyState } from '../../components/Status';
import InlineFailure from '../../components/InlineFailure';
import OfferCard from './OfferCard';
import { useWords } from '../../lib/words';
import { useFailures } from './use-failures';

export default function HistoryOffers() {
  const { t } = useWords();
  const { failureOf, fail, clear } = useFailures();
  const state = usePagedApi('/me/offers');
  return (
    <>
      <ApiItems state={state} empty={
          <EmptyState
            title={t('You have published no offers.')}
            action={
              <Button component={RouterLink} to="/investForm">
                {t('Create New Invest')}
              </Button>
            }
          />
        }>
        {(items) => (
          <Grid container spacing={2}>
            {items.map((o) => (
              <Grid key={o.id} size={{ xs: 12, sm: 6, lg: 4 }}>
                <OfferCard
                  offer={o}
                  action={
                    o.status === 'open' ? (
                      <Button
                        size="small"
                        color="error"
                        onClick={async () => {
                          clear(o.id);
                          try {
                            await api.post(`/offers/${o.id}/withdraw`);
                            state.reload();
                          } catch (e) {
                            fail(o.id, t('Could not withdraw'), e);
                          }
                        }}
                      >
                        {t('Withdraw offer')}
                      </Button>
                    ) : (
                      <Chip size="small" label={t('Withdrawn')} />
                    )
                  }
                />
                <InlineFailure failure={failureOf(o.id)} />
              </Grid>
            ))}
          </Grid>
        )}
      </ApiItems>
      <LoadMore state={state} label={t('Show more offers')} />
    </>
  );
}
