/**
 * The navigation bar's popups: the header menus of a wide screen (the phone's menu is the browser's own popover, in
 * NavBar). They are closed when a page is first drawn, so their code (Material's menus and their transitions) is
 * loaded only when one is about to open (NavBar starts the load when a trigger is pointed at, focused or pressed),
 * not with every page.
 */
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { SiteContent } from '../../config';
import { useAuth } from '../../lib/auth';
import { useWords } from '../../lib/words';

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
  const { t } = useWords();
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      <MenuItem disabled sx={{ opacity: '1 !important' }}>
        <Typography variant="body2" color="text.secondary">
          {t('Signed in as {email}', { email: me?.email ?? '' })}
        </Typography>
      </MenuItem>
      <MenuItem component={RouterLink} to="/dashboard/dashboardBtn" onClick={onClose}>
        {t('Dashboard')}
      </MenuItem>
      <MenuItem component={RouterLink} to="/dashboard/profile" onClick={onClose}>
        {t('Profile')}
      </MenuItem>
      <MenuItem
        onClick={async () => {
          onClose();
          await signOut();
        }}
      >
        {t('Sign out')}
      </MenuItem>
    </Menu>
  );
}
