import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from '../lib/auth';
import { Loading } from '../components/Status';
import NotFoundPage from '../features/misc/NotFoundPage';

/**
 * Applies a screen's `auth`: `user` and `staff` send a signed-out visitor to sign in (and back afterwards); `staff`
 * shows a not-found page to non-staff (staff screens are not advertised); `guest` sends a signed-in user on.
 */
export function Guard({ auth, children }: { auth: 'public' | 'guest' | 'user' | 'staff'; children: ReactNode }) {
  const { status, me } = useAuth();
  const location = useLocation();
  if (auth === 'public') return <>{children}</>;
  if (status === 'loading') return <Loading label="Checking your session…" />;
  if (auth === 'guest') return status === 'signed-in' ? <Navigate to="/dashboard/dashboardBtn" replace /> : <>{children}</>;
  if (status !== 'signed-in') {
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (auth === 'staff' && !me?.staff) return <NotFoundPage />;
  return <>{children}</>;
}
