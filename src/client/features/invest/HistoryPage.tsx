import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useWords } from '../../lib/words';
import HistoryRequests from './HistoryRequests';
import HistoryOffers from './HistoryOffers';
import HistoryInvitations from './HistoryInvitations';
import HistoryDonations from './HistoryDonations';

/** The tabs in order, as `?tab=` names them (a dashboard link to an unpaid pledge, the Invest tab's own offers). */
const HISTORY_TABS = ['requests', 'offers', 'invitations', 'donations'];

/** Investment History: my agreement requests, my offers, the invitations I received, and my donations. */
export default function HistoryPage() {
  const { t } = useWords();
  const [params] = useSearchParams();
  const [tab, setTab] = useState(Math.max(0, HISTORY_TABS.indexOf(params.get('tab') ?? '')));
  return (
    <Box>
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }} aria-label={t('Investment history')}>
        <Tab label={t('Agreement requests')} />
        <Tab label={t('My offers')} />
        <Tab label={t('Invitations')} />
        <Tab label={t('Donations')} />
      </Tabs>
      {tab === 0 && <HistoryRequests />}
      {tab === 1 && <HistoryOffers />}
      {tab === 2 && <HistoryInvitations />}
      {tab === 3 && <HistoryDonations />}
    </Box>
  );
}
