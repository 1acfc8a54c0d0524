/**
 * The phone's dashboard drawer: every dashboard entry, from the left. Loaded apart from the layout (see
 * DashboardLayout), since it is closed when a page is first drawn.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import { useWords } from '../../lib/words';

export default function DashboardDrawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  const { t } = useWords();
  return (
    <Drawer anchor="left" open={open} onClose={onClose}>
      <Box id="dashboard-menu" component="nav" aria-label={t('Dashboard menu')} sx={{ width: 280 }}>
        {children}
      </Box>
    </Drawer>
  );
}
