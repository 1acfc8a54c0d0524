import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from '../lib/auth';
import { ErrorState, Loading } from '../components/Status';
import NotFoundPage from '../components/NotFoundPage';

/**
 * Applies a screen's `auth`: `user` and `staff` send a signed-out visitor to sign in (and back afterwards); `staff`
 * shows a not-found page to non-staff (staff screens are not advertised), `reviewer` to anyone neither staff nor a
 * Shariah reviewer; `guest` sends a signed-in user on.
 */
export function Guard({ auth, children }: { auth: 'public' | 'guest' | 'user' | 'staff' | 'reviewer'; children: ReactNode }) {
  const { status, me, expired, refresh } = useAuth();
  const location = useLocation();
  if (auth === 'public') return <>{children}</>;
  if (status === 'loading') return <Loading label="Checking your session…" />;
  if (auth === 'guest') {
    // Signed in on a guest page (just now, or by an old tab): go where the visitor was heading.
    const from = (location.state as { from?: string } | null)?.from;
    return status === 'signed-in' ? <Navigate to={from ?? '/dashboard/dashboardBtn'} replace /> : <>{children}</>;
  }
  if (status === 'unreachable') {
    return <ErrorState message="We could not reach the server to check your session. Check your connection." onRetry={() => void refresh()} />;
  }
  if (status !== 'signed-in') {
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}`, expired }} />;
  }
  if (auth === 'staff' && !me?.staff) return <NotFoundPage />;
  if (auth === 'reviewer' && !me?.staff && !me?.shariah) return <NotFoundPage />;
  return <>{children}</>;
}
