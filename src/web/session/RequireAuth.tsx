import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../components/PageLoader.tsx';
import { useSession } from './SessionProvider.tsx';

/** Signed-in routes: 'Loading authentication...' while unknown, /login when signed out. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { loading, user } = useSession();
  const location = useLocation();
  if (loading) return <PageLoader label="Loading authentication..." />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
}
