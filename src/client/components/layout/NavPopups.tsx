/**
 * The navigation bar's popups: the header menus and the phone's menu drawer. They are closed when a page is first
 * drawn, so their code (menus, drawers, modals and their transitions) is loaded only when one is about to open
 * (NavBar starts the load when a trigger is pointed at, focused or pressed), not with every page.
 */
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useContent, type SiteContent } from '../../config';
import { useAuth } from '../../lib/auth';

type NavEntry = SiteContent['nav'][number];

/** Signs out and goes to the sign-in page. */
function useSignOut(): () => Promise<void> {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return async () => {
    await signOut();
    navigate('/login', { replace: true });
  };
}

interface MenuProps {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** A header entry's menu (About Us and its four policy pages). */
export function EntryMenu({ id, anchor, onClose, entry }: MenuProps & { entry: NavEntry }) {
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {entry.children?.map((child) => (
        <MenuItem key={child.to} component={RouterLink} to={child.to} onClick={onClose}>
          {child.label}
        </MenuItem>
      ))}
    </Menu>
  );
}

/** The signed-in person's menu. */
export function AccountMenu({ id, anchor, onClose }: MenuProps) {
  const { me } = useAuth();
  const signOut = useSignOut();
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      <MenuItem disabled sx={{ opacity: '1 !important' }}>
        <Typography variant="body2" color="text.secondary">
          Signed in as {me?.email}
        </Typography>
      </MenuItem>
      <MenuItem component={RouterLink} to="/dashboard/dashboardBtn" onClick={onClose}>
        Dashboard
      </MenuItem>
      <MenuItem component={RouterLink} to="/dashboard/profile" onClick={onClose}>
        Profile
      </MenuItem>
      <MenuItem
        onClick={async () => {
          onClose();
          await signOut();
        }}
      >
        Sign out
      </MenuItem>
    </Menu>
  );
}

/** The drawer's actions under the header entries (a signed-in person also gets Sign out). */
const SIGNED_IN_ACTIONS = [
  { to: '/donate', label: 'Donate' },
  { to: '/dashboard/dashboardBtn', label: 'Dashboard' },
];
const VISITOR_ACTIONS = [...SIGNED_IN_ACTIONS, { to: '/login', label: 'Sign in' }, { to: '/signup', label: 'Sign Up' }];

/** The phone's menu: every header entry and action in a drawer from the right. */
export function MenuDrawer({ id, open, onClose }: { id: string; open: boolean; onClose: () => void }) {
  const content = useContent();
  const { status, visitor } = useAuth();
  const signOut = useSignOut();
  const signedIn = status === 'signed-in';
  return (
    <Drawer anchor="right" open={open} onClose={onClose}>
      <Box id={id} component="nav" aria-label="Main" sx={{ width: 280 }} onClick={onClose}>
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
          {(visitor ? VISITOR_ACTIONS : SIGNED_IN_ACTIONS).map((a) => (
            <ListItemButton key={a.to} component={RouterLink} to={a.to}>
              <ListItemText primary={a.label} />
            </ListItemButton>
          ))}
          {signedIn && (
            <ListItemButton onClick={signOut}>
              <ListItemText primary="Sign out" />
            </ListItemButton>
          )}
        </List>
      </Box>
    </Drawer>
  );
}
