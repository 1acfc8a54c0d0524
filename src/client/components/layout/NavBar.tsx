import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { useContent, type SiteContent } from '../../config';
import { useAuth } from '../../lib/auth';
import Logo from '../Logo';

type NavEntry = SiteContent['nav'][number];

/** Shown from the small-tablet width up; on phones these actions are in the menu drawer. */
const wide = { display: { xs: 'none', sm: 'inline-flex' } } as const;

// The popups' code, fetched when a trigger is about to be used (pointed at, focused or pressed) and drawn once open.
const loadPopups = () => import('./NavPopups');
const EntryMenu = lazy(() => loadPopups().then((m) => ({ default: m.EntryMenu })));
const AccountMenuPopup = lazy(() => loadPopups().then((m) => ({ default: m.AccountMenu })));
const MenuDrawer = lazy(() => loadPopups().then((m) => ({ default: m.MenuDrawer })));
const preload = { onPointerEnter: loadPopups, onFocus: loadPopups, onTouchStart: loadPopups } as const;

/** A popup is rendered from its first opening on (so it can animate closed), never before. */
function useOpened(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** A header entry with children opens a menu (About Us and its four policy pages). */
function NavMenu({ entry }: { entry: NavEntry }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const opened = useOpened(Boolean(anchor));
  const id = `nav-menu-${entry.label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <>
      <Button
        color="inherit"
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? id : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        {...preload}
      >
        {entry.label}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <EntryMenu id={id} anchor={anchor} onClose={() => setAnchor(null)} entry={entry} />
        </Suspense>
      )}
    </>
  );
}

function AccountMenu() {
  const { me } = useAuth();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const opened = useOpened(Boolean(anchor));
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={`Account menu for ${me?.email ?? 'you'}`}
        aria-haspopup="menu"
        aria-controls={anchor ? 'account-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        {...preload}
      >
        <AccountCircleIcon />
      </IconButton>
      {opened && (
        <Suspense fallback={null}>
          <AccountMenuPopup id="account-menu" anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}

/** The navigation bar: menu entries from the content file; on phones they collapse into a drawer. */
export default function NavBar() {
  const content = useContent();
  const { status, visitor } = useAuth();
  const [open, setOpen] = useState(false);
  const drawerOpened = useOpened(open);
  const signedIn = status === 'signed-in';

  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Container>
        <Toolbar disableGutters sx={{ gap: 1, minHeight: 68 }}>
          <Logo />
          <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', lg: 'flex' }, gap: 0.5, ml: 3, flexGrow: 1 }}>
            {content.nav.map((entry) =>
              entry.children ? (
                <NavMenu key={entry.label} entry={entry} />
              ) : (
                <Button key={entry.label} color="inherit" component={RouterLink} to={entry.to!}>
                  {entry.label}
                </Button>
              ),
            )}
          </Box>
          <Box sx={{ flexGrow: { xs: 1, lg: 0 } }} />
          {/* Visitors always see Sign up, phones included; the other actions move into the menu on phones. */}
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            {visitor && (
              <Button component={RouterLink} to="/login" color="primary" sx={wide} className="visitor-only">
                Sign in
              </Button>
            )}
            {visitor && (
              <Button component={RouterLink} to="/signup" variant="contained" color="primary" className="visitor-only">
                Sign Up
              </Button>
            )}
            <Button component={RouterLink} to="/donate" variant="contained" color="secondary" sx={wide}>
              Donate
            </Button>
            <Button component={RouterLink} to="/dashboard/dashboardBtn" variant="outlined" sx={wide}>
              Dashboard
            </Button>
            {signedIn && (
              <Box sx={wide}>
                <AccountMenu />
              </Box>
            )}
          </Box>
          <IconButton
            sx={{ display: { lg: 'none' } }}
            aria-label="Open the menu"
            aria-controls={open ? 'mobile-menu' : undefined}
            aria-expanded={open ? 'true' : undefined}
            onClick={() => setOpen(true)}
            {...preload}
          >
            <MenuIcon />
          </IconButton>
        </Toolbar>
      </Container>
      {drawerOpened && (
        <Suspense fallback={null}>
          <MenuDrawer id="mobile-menu" open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </AppBar>
  );
}
