import { lazy, Suspense, useState, type ReactNode } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import DashboardIcon from '@mui/icons-material/SpaceDashboard';
import PersonIcon from '@mui/icons-material/Person';
import WorkIcon from '@mui/icons-material/Work';
import SavingsIcon from '@mui/icons-material/Savings';
import InsightsIcon from '@mui/icons-material/Insights';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import SettingsIcon from '@mui/icons-material/Settings';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import LogoutIcon from '@mui/icons-material/Logout';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import MenuIcon from '@mui/icons-material/Menu';
import { screensConfig } from '../../config';
import { useAuth } from '../../lib/auth';
import { useWords } from '../../lib/words';

const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardIcon />,
  profile: <PersonIcon />,
  projects: <WorkIcon />,
  invest: <SavingsIcon />,
  portfolio: <InsightsIcon />,
  success: <EmojiEventsIcon />,
  settings: <SettingsIcon />,
  staff: <VerifiedUserIcon />,
  review: <FactCheckIcon />,
  donations: <VolunteerActivismIcon />,
  statements: <ReceiptLongIcon />,
  signout: <LogoutIcon />,
};

// The phone's drawer (Material's Drawer brings its modal, portal and transitions) is loaded when "More" is about to be
// used (pointed at, focused or pressed) and drawn from its first opening on, never with the page.
const loadDrawer = () => import('./DashboardDrawer');
const DashboardDrawer = lazy(loadDrawer);
const preloadDrawer = { onPointerEnter: loadDrawer, onFocus: loadDrawer, onTouchStart: loadDrawer } as const;

/** Material's bottom navigation holds three to five destinations: four entries and "More" (the drawer with all). */
const BOTTOM_ENTRIES = 4;

type NavItem = (typeof screensConfig.dashboardNav)[number];

/**
 * One entry's look, as a list row: icon, then label; the current page's entry filled with the brand colour. A plain
 * ButtonBase (already on every page for the buttons) rather than Material's list items, which weigh more than the
 * whole sidebar needs.
 */
const entrySx = {
  display: 'flex',
  justifyContent: 'flex-start',
  alignItems: 'center',
  gap: 2,
  width: 'calc(100% - 8px)',
  mx: 0.5,
  px: 2,
  py: 1,
  borderRadius: 1,
  typography: 'body1',
  textAlign: 'left',
  color: 'text.primary',
  '& > svg': { color: 'action.active', flexShrink: 0 },
  '&:hover': { bgcolor: 'action.hover' },
  '&.Mui-focusVisible': { bgcolor: 'action.focus' },
  '&.active': { bgcolor: 'primary.main', color: 'primary.contrastText', '& > svg': { color: 'inherit' } },
} as const;

/** The sidebar's entries (NavLink marks the current one with aria-current="page"); used by the sidebar and the phone drawer. */
function NavEntries({ items, onPick }: { items: NavItem[]; onPick?: () => void }) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const { t } = useWords();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.25, py: 1 }}>
      {items.map((item) =>
        item.action === 'sign-out' ? (
          <ButtonBase
            key={item.label}
            sx={entrySx}
            onClick={async () => {
              onPick?.();
              await signOut();
              navigate('/login', { replace: true });
            }}
          >
            {ICONS[item.icon]}
            {t(item.label)}
          </ButtonBase>
        ) : (
          <ButtonBase key={item.label} component={NavLink} to={item.to!} end={item.to === '/dashboard/settings'} onClick={onPick} sx={entrySx}>
            {ICONS[item.icon]}
            {t(item.label)}
          </ButtonBase>
        ),
      )}
    </Box>
  );
}

/** Phones: a bar fixed to the bottom with the first entries and "More", which opens a drawer with every entry. */
function PhoneNav({ items }: { items: NavItem[] }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const { t } = useWords();
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  const bottom = items.filter((i) => i.to).slice(0, BOTTOM_ENTRIES);
  const current = bottom.find((i) => i.to === pathname)?.to ?? (open ? 'more' : null);
  return (
    <>
      <Paper
        component="nav"
        aria-label={t('Dashboard')}
        className="no-print"
        elevation={8}
        sx={{ display: { xs: 'block', md: 'none' }, position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 'appBar', pb: 'env(safe-area-inset-bottom)' }}
      >
        <BottomNavigation showLabels value={current} component="div">
          {bottom.map((item) => (
            <BottomNavigationAction key={item.label} component={NavLink} to={item.to!} value={item.to} label={t(item.label)} icon={ICONS[item.icon]} sx={{ minWidth: 0, px: 0.5 }} />
          ))}
          <BottomNavigationAction
            value="more"
            label={t('More')}
            icon={<MenuIcon />}
            aria-haspopup="dialog"
            aria-expanded={open ? 'true' : 'false'}
            aria-controls={open ? 'dashboard-menu' : undefined}
            onClick={() => setOpen(true)}
            {...preloadDrawer}
            sx={{ minWidth: 0, px: 0.5 }}
          />
        </BottomNavigation>
      </Paper>
      {opened && (
        <Suspense fallback={null}>
          <DashboardDrawer open={open} onClose={() => setOpen(false)}>
            <NavEntries items={items} onPick={() => setOpen(false)} />
          </DashboardDrawer>
        </Suspense>
      )}
    </>
  );
}

/**
 * The dashboard: the sidebar of the screen config (staff entries for staff only) beside the screen on wide screens;
 * on phones and tablets a bottom navigation bar and a drawer with the same entries instead.
 */
export default function DashboardLayout({ children, title }: { children: ReactNode; title: string }) {
  const { me } = useAuth();
  const { t } = useWords();
  const items = screensConfig.dashboardNav.filter((i) => (!i.staff || me?.staff) && (!i.reviewer || me?.staff || me?.shariah));

  return (
    // The bottom padding keeps the last content clear of the fixed bottom bar on phones.
    <Container sx={{ pt: { xs: 2, md: 4 }, pb: { xs: 12, md: 4 } }}>
      <Box sx={{ display: 'flex', gap: 3 }}>
        <Paper
          component="nav"
          aria-label={t('Dashboard')}
          variant="outlined"
          sx={{ display: { xs: 'none', md: 'block' }, width: 250, flexShrink: 0, alignSelf: 'flex-start', position: 'sticky', top: 88 }}
        >
          <NavEntries items={items} />
        </Paper>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ mb: 3, fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
            {title}
          </Typography>
          {children}
        </Box>
      </Box>
      <PhoneNav items={items} />
    </Container>
  );
}
