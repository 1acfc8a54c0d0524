import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { usePagedApi } from '../../lib/use-paged-api';
import { LoadMore } from '../../components/LoadMore';
import { ApiItems, EmptyState } from '../../components/Status';
import Chip from '@mui/material/Chip';
import OfferCard from './OfferCard';
import RequestForInvestButton from './RequestForInvest';
import type { Offer } from './types';
import { useWords } from '../../lib/words';

/** A card's action: Request For Invest on someone else's offer; on one's own, where to manage it. */
function CardAction({ offer }: { offer: Offer }) {
  const { t } = useWords();
  if (!offer.mine) return <RequestForInvestButton offer={offer} />;
  return (
    <>
      <Chip size="small" label={t('Your offer')} />
      <Button component={RouterLink} to="/dashboard/history?tab=offers" size="small" variant="outlined">
        {t('Manage my offers')}
      </Button>
    </>
  );
}

/** The Invest tab: Create New Invest and the investor cards of open offers. */
export default function InvestTab() {
  const { t } = useWords();
  const state = usePagedApi('/offers');
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography color="text.secondary">{t('Investors and donors who published an offer. Owners of matching projects can invite them.')}</Typography>
        <Button component={RouterLink} to="/investForm" variant="contained" startIcon={<AddIcon />}>
          {t('Create New Invest')}
        </Button>
      </Box>
      <ApiItems state={state} loadingLabel={t('Loading offers…')} empty={<EmptyState title={t('No offers yet.')} text={t('Publish yours with Create New Invest.')} />}>
        {(items) => (
          <Grid container spacing={2}>
            {items.map((o) => (
              <Grid key={o.id} size={{ xs: 12, sm: 6, lg: 4 }}>
                <OfferCard offer={o} action={<CardAction offer={o} />} />
              </Grid>
            ))}
          </Grid>
        )}
      </ApiItems>
      <LoadMore state={state} label={t('Show more offers')} />
    </Box>
  );
}
