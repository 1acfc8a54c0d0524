/**
 * The router, built from the screen config: one route per screen, its guard, its layout, and its code loaded lazily
 * (form screens load the form engine; pages load their own chunk). Unknown paths get a real 404 page.
 */
import { lazy, Suspense, useEffect } from 'react';
import { createBrowserRouter, Outlet, ScrollRestoration, type RouteObject } from 'react-router-dom';
import { screensConfig, type Screen } from '../config';
import { AuthProvider } from '../lib/auth';
import { Guard } from './guards';
import { pages } from './pages';
import SiteLayout from '../components/layout/SiteLayout';
import DashboardLayout from '../components/layout/DashboardLayout';
import { Loading } from '../components/Status';
import NotFoundPage from '../features/misc/NotFoundPage';
import { useContent, type SiteContent } from '../config';
// Only the loader's registry (no renderer): forms come from the API's published versions, the files as a fallback.
import { setFormSource } from '../form-engine/definitions';
import { getFormVersion, getPublishedForm } from '../lib/forms-api';

setFormSource({ published: getPublishedForm, version: getFormVersion });

const FormScreen = lazy(() => import('../features/forms/FormScreen'));

function Root() {
  return (
    <AuthProvider>
      <ScrollRestoration />
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
export function screenTitle(screen: Screen, content: SiteContent): string {
  return screen.path === '/' ? `${content.siteName} — ${content.tagline}` : `${screen.title} · ${content.siteName}`;
}

function ScreenRoute({ screen }: { screen: Screen }) {
  const content = useContent();
  useEffect(() => {
    document.title = screenTitle(screen, content);
  }, [screen, content]);
  const body = (
    <Guard auth={screen.auth}>
      <Suspense fallback={<Loading />}>
        <ScreenBody screen={screen} />
      </Suspense>
    </Guard>
  );
  if (screen.layout === 'dashboard') {
    return (
      <SiteLayout app>
        <Guard auth={screen.auth}>
          <DashboardLayout title={screen.title}>
            <Suspense fallback={<Loading />}>
              <ScreenBody screen={screen} />
            </Suspense>
          </DashboardLayout>
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

/** The browser's router (the server renders the same routes with a static router, see entry-server.tsx). */
export function createRouter() {
  return createBrowserRouter(routes);
}
