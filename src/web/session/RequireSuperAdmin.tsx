import { Alert, Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { ADMIN_GUARD_TEXTS } from '../../common/admin/dashboard/texts.ts';
import { callFunction, type FunctionCallError } from '../api/client.ts';
import { NoticePage } from '../components/NoticePage.tsx';
import { PageLoader } from '../components/PageLoader.tsx';
import { useSession } from './SessionProvider.tsx';
import { guardState, superAdminCheckKey } from './superAdminGuard.ts';

function AccessDeniedCard({ failure, retrying, onRetry }: { failure: { text: string; detail: string } | null; retrying: boolean; onRetry(): void }) {
  return (
    <NoticePage
      title={ADMIN_GUARD_TEXTS.deniedTitle}
      context={failure ? undefined : ADMIN_GUARD_TEXTS.deniedBody}
      actions={(
        <>
          <Button component={Link} to="/">{ADMIN_GUARD_TEXTS.returnToDashboard}</Button>
          <Button variant="default" onClick={onRetry} loading={retrying}>{ADMIN_GUARD_TEXTS.retry}</Button>
        </>
      )}
    >
      {failure && <Alert color="red" role="alert" title={failure.text}>{failure.detail}</Alert>}
    </NoticePage>
  );
}

/**
 * The guard of every /super-admin page: asks the server (checkSuperAdminStatus) once per signed-in
 * user and session, and again on Retry. The server refuses back-office calls to anyone else
 * whatever this shows; the guard spares them a page of refusals.
 */
export function RequireSuperAdmin({ children }: { children: ReactNode }) {
  const { loading, user } = useSession();
  const location = useLocation();
  const check = useQuery<{ isSuperAdmin: boolean }, FunctionCallError>({
    queryKey: superAdminCheckKey(user?.id ?? ''),
    queryFn: () => callFunction('checkSuperAdminStatus', {}),
    enabled: Boolean(user),
    staleTime: Infinity,
    retry: false,
  });
  const state = guardState({
    sessionLoading: loading,
    signedIn: Boolean(user),
    check: { pending: check.isPending, error: check.error, isSuperAdmin: check.data?.isSuperAdmin },
  });
  const retry = () => { void check.refetch(); };

  switch (state.kind) {
    case 'verifying': return <PageLoader label={ADMIN_GUARD_TEXTS.verifying} />;
    case 'signedOut': return <Navigate to="/login" replace state={{ from: location.pathname }} />;
    case 'failed': return <AccessDeniedCard failure={state} retrying={check.isFetching} onRetry={retry} />;
    case 'denied': return <AccessDeniedCard failure={null} retrying={check.isFetching} onRetry={retry} />;
    case 'allowed': return children;
  }
}
