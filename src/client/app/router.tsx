/**
 * The router, built from the screen config: one route per screen, its guard, its layout, and its code loaded lazily
 * (form screens load the form engine; pages load their own chunk). Unknown paths get a real 404 page.
 */
import { Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType, useRoutes, type RouteObject } from 'react-router-dom';
import { screensConfig, type Screen } from '../config';
import { AuthProvider } from '../lib/auth';
import { forgetPageData } from '../lib/preload';
import { Guard } from './guards';
import { pages } from './pages';
import { lazyThemed } from './lazy-themed';
import SiteLayout from '../components/layout/SiteLayout';
import { Loading, ScreenBoundary } from '../components/Status';
import NotFoundPage from '../components/NotFoundPage';
import { useContent, type SiteContent } from '../config';
import { useWords } from '../lib/words';
// Only the loader's registry (no renderer): forms come from the API's published versions, the files as a fallback.
import { setFormSource } from '../form-engine/form-source';
import { getFormVersion, getPublishedForm } from '../lib/forms-api';

setFormSource({ published: getPublishedForm, version: getFormVersion });

// Both draw with Material: its theme comes with them (ThemeScope.tsx).
const FormScreen = lazyThemed(() => import('../features/forms/FormScreen'));
// Only signed-in screens use it: public pages do not load it.
const DashboardLayout = lazyThemed(() => import('../components/layout/DashboardLayout'));

/** Where each page of this tab's history was last scrolled to, by history entry. */
const scrolledTo = new Map<string, number>();

/**
 * A new page starts at its top (or at its #anchor, which the browser finds); back and forward return to where that
 * page was left. The browser's own restoration is off: it would act before a page's content had arrived.
 */
function ScrollOnNavigate() {
  const { key, hash } = useLocation();
  const type = useNavigationType();
  useLayoutEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  }, []);
  useLayoutEffect(() => {
    const saved = scrolledTo.get(key);
    if (type === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    // A fragment of parameters (a receipt's `#key=…`) names no anchor: that page starts at its top too.
    else if (type !== 'POP' && (!hash || hash.includes('='))) window.scrollTo(0, 0);
    const note = () => scrolledTo.set(key, window.scrollY);
    addEventListener('scroll', note, { passive: true });
    return () => removeEventListener('scroll', note);
  }, [key, hash, type]);
  return null;
}

/** A server-rendered page's data describes that page; from the first navigation on, pages ask the API again. */
function ForgetPageDataOnNavigate() {
  const { key } = useLocation();
  const first = useRef(key);
  // During render, before the next page (rendered after this) could read the old page's answers.
  if (key !== first.current) forgetPageData();
  return null;
}

function Root() {
  return (
    <AuthProvider>
      <ForgetPageDataOnNavigate />
      <ScrollOnNavigate />
      <Outlet />
    </AuthProvider>
  );
}

function ScreenBody({ screen }: { screen: Screen }) {
  // Keyed by screen: two form screens never share state (notices, errors, drafts).
  if (screen.kind === 'form') return <FormScreen key={screen.id} screen={screen} />;
  const Page = pages[screen.page!];
  if (!Page) return <NotFoundPage />;
  return <Page screen={screen} props={(screen.props ?? {}) as Record<string, string | number | boolean>} />;
}

/** The document title of a screen (the server writes the same one into the page it renders). */
export function screenTitle(screen: Screen, content: SiteContent, t: (english: string) => string): string {
  return screen.path === '/' ? `${content.siteName} — ${content.tagline}` : `${t(screen.title)} · ${content.siteName}`;
}

function ScreenRoute({ screen }: { screen: Screen }) {
  const content = useContent();
  const { t } = useWords();
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = screenTitle(screen, content, t);
  }, [screen, content, t]);
  // Keyed by address: a screen that failed does not keep its message when the person goes elsewhere.
  const screenBody = (
    <ScreenBoundary key={pathname}>
      <Suspense fallback={<Loading />}>
        <ScreenBody screen={screen} />
      </Suspense>
    </ScreenBoundary>
  );
  const body = <Guard auth={screen.auth}>{screenBody}</Guard>;
  if (screen.layout === 'dashboard') {
    return (
      <SiteLayout app>
        <Guard auth={screen.auth}>
          <ScreenBoundary key={pathname}>
            <DashboardLayout title={t(screen.title)}>{screenBody}</DashboardLayout>
          </ScreenBoundary>
        </Guard>
      </SiteLayout>
    );
  }
  return <SiteLayout narrow={screen.layout === 'narrow'}>{body}</SiteLayout>;
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      ...screensConfig.screens.map((screen) => ({ path: screen.path, element: <ScreenRoute screen={screen} /> })),
      {
        path: '*',
        element: (
          <SiteLayout>
            <NotFoundPage />
          </SiteLayout>
        ),
      },
    ],
  },
];

/**
 * The app's routes, inside whichever router holds them: the browser's (main.tsx) or the server's static one
 * (entry-server.tsx). A plain router, not a data router: no route loads data through the router, and the data
 * router's code would be a seventh of every page's first download.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
