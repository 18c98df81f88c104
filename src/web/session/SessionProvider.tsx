import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import type { AccountRole, GlobalRole } from '../../common/constants.ts';
import type { SessionState } from '../../common/session/contract.ts';
import type { PublicConfig } from '../../common/publicConfig.ts';
import { signOut as authSignOut } from '../api/auth.ts';
import { callFunction, FunctionCallError } from '../api/client.ts';

export interface Session {
  /** True until the first answer about who is signed in. */
  loading: boolean;
  config: PublicConfig | null;
  /** True when `GET /api/config` failed (after its retry): pages that cannot work without it say so. */
  configFailed: boolean;
  state: SessionState | null;
  user: SessionState['user'] | null;
  globalRole: GlobalRole;
  activeAccountId: string | null;
  activeRole: AccountRole | null;
  /** What the caller may do in the active account, as the server's policy answered: never derived here from the role. */
  activeAbilities: SessionState['activeAbilities'];
  /** Set while a global super admin acts as an account (the back office starts and stops it). */
  impersonation: SessionState['impersonation'];
  refresh(): Promise<void>;
  setActiveAccount(accountId: string): Promise<void>;
  signOut(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);
export const SESSION_KEY = ['getSessionState'];

async function loadSession(): Promise<SessionState | null> {
  // better-auth answers 200 with null when signed out, so a signed-out visit logs no failed (401) request.
  const probe = await fetch('/api/auth/get-session', { credentials: 'same-origin' }).catch(() => null);
  if (probe?.ok && (await probe.json().catch(() => undefined)) === null) return null;
  try {
    return await callFunction('getSessionState', {});
  } catch (error) {
    if (error instanceof FunctionCallError && error.code === 'unauthenticated') return null;
    throw error;
  }
}

async function loadConfig(): Promise<PublicConfig> {
  const response = await fetch('/api/config');
  if (!response.ok) throw new Error('Could not load configuration.');
  return response.json();
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const config = useQuery({ queryKey: ['publicConfig'], queryFn: loadConfig, staleTime: Infinity });
  const session = useQuery({ queryKey: SESSION_KEY, queryFn: loadSession, staleTime: 60_000, retry: 1 });

  const refresh = useCallback(async () => {
    await client.invalidateQueries({ queryKey: SESSION_KEY });
  }, [client]);

  const setActiveAccount = useCallback(async (accountId: string) => {
    const next = await callFunction('setActiveAccount', { accountId });
    client.setQueryData(SESSION_KEY, next);
    // Everything else on screen belongs to the previous account.
    await client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'getSessionState' && q.queryKey[0] !== 'publicConfig' });
  }, [client]);

  const signOut = useCallback(async () => {
    await authSignOut();
    // Set the session to null on the live query (clear() would detach the mounted observer and
    // leave the old user on screen), then drop every other user's data.
    client.setQueryData(SESSION_KEY, null);
    client.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] && q.queryKey[0] !== 'publicConfig' });
  }, [client]);

  const value = useMemo<Session>(() => {
    const state = session.data ?? null;
    return {
      loading: session.isPending || config.isPending,
      config: config.data ?? null,
      configFailed: config.isError,
      state,
      user: state?.user ?? null,
      globalRole: state?.globalRole ?? 'user',
      activeAccountId: state?.activeAccountId ?? null,
      activeRole: state?.activeRole ?? null,
      activeAbilities: state?.activeAbilities ?? null,
      impersonation: state?.impersonation ?? null,
      refresh,
      setActiveAccount,
      signOut,
    };
  }, [session.data, session.isPending, config.data, config.isPending, config.isError, refresh, setActiveAccount, signOut]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
