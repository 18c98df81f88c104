import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../components/PageLoader.tsx';
import { useSession } from './SessionProvider.tsx';

/**
 * Signed-in routes: 'Loading authentication...' while unknown, /login when signed out. An operator
 * held back by REQUIRE_ADMIN_2FA goes to the profile's Security section whatever they open: the
 * server refuses everything else to them anyway.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { loading, user, state } = useSession();
  const location = useLocation();
  if (loading) return <PageLoader label="Loading authentication..." />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (state?.mustEnrolSecondFactor && location.pathname !== '/profile') return <Navigate to="/profile#two-factor" replace />;
  return children;
}
