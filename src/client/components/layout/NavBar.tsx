import { useState, type MouseEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { useContent, type SiteContent } from '../../config';
import { useAuth } from '../../lib/auth';
import Logo from '../Logo';

type NavEntry = SiteContent['nav'][number];

/** Shown from the small-tablet width up; on phones these actions are in the menu drawer. */
const wide = { display: { xs: 'none', sm: 'inline-flex' } } as const;

/** A header entry with children opens a menu (About Us and its four policy pages). */
function NavMenu({ entry }: { entry: NavEntry }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
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
      >
        {entry.label}
      </Button>
      <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {entry.children?.map((child) => (
          <MenuItem key={child.to} component={RouterLink} to={child.to} onClick={() => setAnchor(null)}>
            {child.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

function AccountMenu() {
  const { me, signOut } = useAuth();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={`Account menu for ${me?.email ?? 'you'}`}
        aria-haspopup="menu"
        aria-controls={anchor ? 'account-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <AccountCircleIcon />
      </IconButton>
      <Menu id="account-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem disabled sx={{ opacity: '1 !important' }}>
          <Typography variant="body2" color="text.secondary">
            Signed in as {me?.email}
          </Typography>
        </MenuItem>
        <MenuItem component={RouterLink} to="/dashboard/dashboardBtn" onClick={() => setAnchor(null)}>
          Dashboard
        </MenuItem>
        <MenuItem component={RouterLink} to="/dashboard/profile" onClick={() => setAnchor(null)}>
          Profile
        </MenuItem>
        <MenuItem
          onClick={async () => {
            setAnchor(null);
            await signOut();
            navigate('/login', { replace: true });
          }}
        >
          Sign out
        </MenuItem>
      </Menu>
    </>
  );
}

/** The navigation bar: menu entries from the content file; on phones they collapse into a drawer. */
export default function NavBar() {
  const content = useContent();
  const { status, signOut } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
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
            {!signedIn && (
              <Button component={RouterLink} to="/login" color="primary" sx={wide}>
                Sign in
              </Button>
            )}
            {!signedIn && (
              <Button component={RouterLink} to="/signup" variant="contained" color="primary">
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
          >
            <MenuIcon />
          </IconButton>
        </Toolbar>
      </Container>
      <Drawer anchor="right" open={open} onClose={() => setOpen(false)}>
        <Box id="mobile-menu" component="nav" aria-label="Main" sx={{ width: 280 }} onClick={() => setOpen(false)}>
          <List component="div">
            {content.nav.map((entry) =>
              entry.children ? (
                <Box key={entry.label}>
                  <ListSubheader>{entry.label}</ListSubheader>
                  {entry.children.map((c) => (
                    <ListItemButton key={c.to} component={RouterLink} to={c.to} sx={{ pl: 4 }}>
                      <ListItemText primary={c.label} />
                    </ListItemButton>
                  ))}
                </Box>
              ) : (
                <ListItemButton key={entry.label} component={RouterLink} to={entry.to!}>
                  <ListItemText primary={entry.label} />
                </ListItemButton>
              ),
            )}
            <Divider sx={{ my: 1 }} />
            <ListItemButton component={RouterLink} to="/donate">
              <ListItemText primary="Donate" />
            </ListItemButton>
            <ListItemButton component={RouterLink} to="/dashboard/dashboardBtn">
              <ListItemText primary="Dashboard" />
            </ListItemButton>
            {signedIn ? (
              <ListItemButton
                onClick={async () => {
                  await signOut();
                  navigate('/login', { replace: true });
                }}
              >
                <ListItemText primary="Sign out" />
              </ListItemButton>
            ) : (
              <>
                <ListItemButton component={RouterLink} to="/login">
                  <ListItemText primary="Sign in" />
                </ListItemButton>
                <ListItemButton component={RouterLink} to="/signup">
                  <ListItemText primary="Sign Up" />
                </ListItemButton>
              </>
            )}
          </List>
        </Box>
      </Drawer>
    </AppBar>
  );
}
