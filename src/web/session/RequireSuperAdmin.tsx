import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSession } from './SessionProvider.tsx';

export const BACK_OFFICE_DENIED = 'You do not have permission to access this page.';

/**
 * Back-office pages for global super admins. The server refuses everyone else anyway; this only
 * spares them a page of failed calls.
 */
export function RequireSuperAdmin({ children }: { children: ReactNode }) {
  const { globalRole } = useSession();
  if (globalRole !== 'super_admin') return <Alert color="yellow" role="alert">{BACK_OFFICE_DENIED}</Alert>;
  return children;
}
