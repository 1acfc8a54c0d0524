import { Suspense, useState, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useContent, type SiteContent } from '../../config';
import { useAuth } from '../../lib/auth';
import Logo from '../Logo';
import { lazyThemed } from '../../app/lazy-themed';
import { Button, LinkButton } from '../../ui/Button';
import { Icon, accountCircle, expandMore, menu } from '../../ui/icons';
import { LanguageSwitch } from '../../lib/page-language';
import { useWords } from '../../lib/words';

type NavEntry = SiteContent['nav'][number];

// The popups' code, fetched when a trigger is about to be used (pointed at, focused or pressed) and drawn once open.
const loadPopups = () => import('./NavPopups');
// They draw with Material, so its theme comes with them.
const EntryMenu = lazyThemed(() => loadPopups().then((m) => ({ default: m.EntryMenu })));
const AccountMenuPopup = lazyThemed(() => loadPopups().then((m) => ({ default: m.AccountMenu })));
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
        endIcon={expandMore}
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
  const { t } = useWords();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const opened = useOpened(Boolean(anchor));
  return (
    <>
      <button
        type="button"
        className="icon-btn btn-inherit"
        aria-label={me?.email ? t('Account menu for {email}', { email: me.email }) : t('Account menu')}
        aria-haspopup="menu"
        aria-controls={anchor ? 'account-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        {...preload}
      >
        <Icon path={accountCircle} />
      </button>
      {opened && (
        <Suspense fallback={null}>
          <AccountMenuPopup id="account-menu" anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}

/** The phone menu's actions under the header entries (a signed-in person also gets Sign out). */
// Said through `t` where they are drawn (words.bn.json has them).
const ACTIONS = [
  { to: '/donate', label: 'Donate' },
  { to: '/dashboard/dashboardBtn', label: 'Dashboard' },
];
const VISITOR_ACTIONS = [
  { to: '/login', label: 'Sign in' },
  { to: '/signup', label: 'Sign Up' },
];

/**
 * Browsers without popovers (Safari before 17, Firefox before 125): the page's code opens and closes the phone's menu
 * itself (`data-open`; site.css hides it otherwise), so the menu works there once the code has arrived.
 */
const popoverMissing = () => typeof HTMLElement !== 'undefined' && !Object.prototype.hasOwnProperty.call(HTMLElement.prototype, 'popover');
const toggleWithoutPopover = () => {
  if (popoverMissing()) document.getElementById('phone-menu')?.toggleAttribute('data-open');
};

/**
 * The phone's menu: every header entry and action in a sheet from the right. It is the browser's own popover (the
 * menu button's `popovertarget`), so it opens, closes on Escape or a tap outside, and its links work before the
 * page's code has arrived, or without it; the code only closes it when one of its links is followed in the page.
 */
function PhoneMenu({ id }: { id: string }) {
  const content = useContent();
  const { status, visitor, signOut } = useAuth();
  const navigate = useNavigate();
  const { t } = useWords();
  const close = (e: MouseEvent<HTMLElement>) => {
    if (!(e.target as Element).closest('a, button')) return;
    if (popoverMissing()) e.currentTarget.removeAttribute('data-open');
    else e.currentTarget.hidePopover();
  };
  return (
    <nav id={id} popover="auto" aria-label={t('Main')} className="phone-menu" onClick={close}>
      <ul className="phone-menu-list">
        {content.nav.map((entry) =>
          entry.children ? (
            <li key={entry.label}>
              <span className="phone-menu-heading">{entry.label}</span>
              <ul>
                {entry.children.map((c) => (
                  <li key={c.to}>
                    <Link to={c.to} className="phone-menu-item phone-menu-sub">
                      {c.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          ) : (
            <li key={entry.label}>
              <Link to={entry.to!} className="phone-menu-item">
                {entry.label}
              </Link>
            </li>
          ),
        )}
      </ul>
      <ul className="phone-menu-list phone-menu-actions">
        {ACTIONS.map((a) => (
          <li key={a.to}>
            <Link to={a.to} className="phone-menu-item">
              {t(a.label)}
            </Link>
          </li>
        ))}
        {visitor &&
          VISITOR_ACTIONS.map((a) => (
            <li key={a.to} className="visitor-only">
              <Link to={a.to} className="phone-menu-item">
                {t(a.label)}
              </Link>
            </li>
          ))}
        <li>
          <LanguageSwitch className="phone-menu-item" />
        </li>
        {status === 'signed-in' && (
          <li>
            <button
              type="button"
              className="phone-menu-item"
              onClick={async () => {
                await signOut();
                navigate('/login', { replace: true });
              }}
            >
              {t('Sign out')}
            </button>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** The navigation bar: menu entries from the content file; on phones they collapse into the phone menu. */
export default function NavBar() {
  const content = useContent();
  const { status, visitor } = useAuth();
  const signedIn = status === 'signed-in';
  const { t } = useWords();

  return (
    <header className="app-bar">
      <div className="container">
        <div className="toolbar">
          <Logo />
          <nav aria-label={t('Main')} className="main-nav">
            {content.nav.map((entry) =>
              entry.children ? (
                <NavMenu key={entry.label} entry={entry} />
              ) : (
                <LinkButton key={entry.label} color="inherit" to={entry.to!}>
                  {entry.label}
                </LinkButton>
              ),
            )}
          </nav>
          <div className="toolbar-spring" />
          {/* Visitors always see Sign up, phones included; the other actions move into the menu on phones (`wide`), and
              Donate and Dashboard on tablets too in Bengali (`roomy`: its words are longer). */}
          <div className="toolbar-actions">
            <LanguageSwitch className="wide btn btn-inherit" />
            {visitor && (
              <LinkButton to="/login" className="wide visitor-only">
                {t('Sign in')}
              </LinkButton>
            )}
            {visitor && (
              <LinkButton to="/signup" variant="contained" className="visitor-only">
                {t('Sign Up')}
              </LinkButton>
            )}
            <LinkButton to="/donate" variant="contained" color="secondary" className="wide roomy">
              {t('Donate')}
            </LinkButton>
            <LinkButton to="/dashboard/dashboardBtn" variant="outlined" className="wide roomy">
              {t('Dashboard')}
            </LinkButton>
            {signedIn && (
              <div className="wide">
                <AccountMenu />
              </div>
            )}
          </div>
          <button type="button" className="icon-btn menu-button" aria-label={t('Open the menu')} popoverTarget="phone-menu" onClick={toggleWithoutPopover}>
            <Icon path={menu} />
          </button>
        </div>
      </div>
      <PhoneMenu id="phone-menu" />
    </header>
  );
}
