import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { callFunction } from '../../../api/client.ts';
import { useSession } from '../../../session/SessionProvider.tsx';

/**
 * Starting and stopping an impersonation change which account every page shows: the cached
 * answers of the other account are dropped, the session is read again, then the operator lands
 * on the page that fits (the account's dashboard, or the back office).
 */
export function useImpersonation() {
  const client = useQueryClient();
  const { refresh } = useSession();
  const navigate = useNavigate();

  const switched = useCallback(async (to: string) => {
    client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'getSessionState' && q.queryKey[0] !== 'publicConfig' });
    await refresh();
    await navigate(to);
  }, [client, refresh, navigate]);

  const start = useCallback(async (accountId: string, reason: string) => {
    await callFunction('startAccountImpersonation', { accountId, reason: reason.trim() || null });
    await switched('/');
  }, [switched]);

  const stop = useCallback(async () => {
    await callFunction('stopImpersonation', {});
    await switched('/super-admin');
  }, [switched]);

  return { start, stop };
}
