import type { ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import DashboardIcon from '@mui/icons-material/SpaceDashboard';
import PersonIcon from '@mui/icons-material/Person';
import WorkIcon from '@mui/icons-material/Work';
import SavingsIcon from '@mui/icons-material/Savings';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import SettingsIcon from '@mui/icons-material/Settings';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import LogoutIcon from '@mui/icons-material/Logout';
import { screensConfig } from '../../config';
import { useAuth } from '../../lib/auth';

const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardIcon />,
  profile: <PersonIcon />,
  projects: <WorkIcon />,
  invest: <SavingsIcon />,
  success: <EmojiEventsIcon />,
  settings: <SettingsIcon />,
  staff: <VerifiedUserIcon />,
  review: <FactCheckIcon />,
  donations: <VolunteerActivismIcon />,
  signout: <LogoutIcon />,
};

/** The dashboard: the sidebar of the screen config (staff entries for staff only) beside the screen. */
export default function DashboardLayout({ children, title }: { children: ReactNode; title: string }) {
  const { me, signOut } = useAuth();
  const navigate = useNavigate();
  const items = screensConfig.dashboardNav.filter((i) => !i.staff || me?.staff);

  const entries = items.map((item) =>
    item.action === 'sign-out' ? (
      <ListItemButton
        key={item.label}
        onClick={async () => {
          await signOut();
          navigate('/login', { replace: true });
        }}
      >
        <ListItemIcon>{ICONS[item.icon]}</ListItemIcon>
        <ListItemText primary={item.label} />
      </ListItemButton>
    ) : (
      <ListItemButton
        key={item.label}
        component={NavLink}
        to={item.to!}
        end={item.to === '/dashboard/settings'}
        sx={{ '&.active': { bgcolor: 'primary.main', color: 'primary.contrastText', '& .MuiListItemIcon-root': { color: 'inherit' } } }}
      >
        <ListItemIcon>{ICONS[item.icon]}</ListItemIcon>
        <ListItemText primary={item.label} />
      </ListItemButton>
    ),
  );

  return (
    <Container sx={{ py: { xs: 2, md: 4 } }}>
      <Box sx={{ display: 'flex', gap: 3, flexDirection: { xs: 'column', md: 'row' } }}>
        <Paper component="nav" aria-label="Dashboard" variant="outlined" sx={{ width: { xs: '100%', md: 250 }, minWidth: 0, flexShrink: 0, alignSelf: { md: 'flex-start' }, position: { md: 'sticky' }, top: { md: 88 } }}>
          <List
            component="div"
            sx={{
              display: { xs: 'flex', md: 'block' },
              overflowX: { xs: 'auto', md: 'visible' },
              whiteSpace: 'nowrap',
              '& .MuiListItemButton-root': { flex: { xs: '0 0 auto' }, borderRadius: 1, mx: 0.5 },
              '& .MuiListItemIcon-root': { minWidth: { xs: 32, md: 40 } },
            }}
          >
            {entries}
          </List>
        </Paper>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
            {title}
          </Typography>
          {children}
        </Box>
      </Box>
    </Container>
  );
}
