import { ADMIN_GUARD_TEXTS } from '../../common/admin/dashboard/texts.ts';

/** Query key of the guard's check: one answer per signed-in user for the whole session. */
export const superAdminCheckKey = (userId: string) => ['checkSuperAdminStatus', userId] as const;

export type GuardState =
  | { kind: 'verifying' }
  | { kind: 'signedOut' }
  | { kind: 'allowed' }
  | { kind: 'denied' }
  | { kind: 'failed'; text: string; detail: string };

export interface GuardInputs {
  sessionLoading: boolean;
  signedIn: boolean;
  check: { pending: boolean; error: { code: string; message: string } | null; isSuperAdmin: boolean | undefined };
}

/** Codes of a call that never reached the server or never came back. */
const UNREACHED = new Set(['unavailable', 'deadline-exceeded']);

/** What the guard shows, from the session and the server's answer to checkSuperAdminStatus. */
export function guardState({ sessionLoading, signedIn, check }: GuardInputs): GuardState {
  if (sessionLoading) return { kind: 'verifying' };
  if (!signedIn) return { kind: 'signedOut' };
  if (check.error) {
    // The session ended since the page loaded: the caller signs in again.
    if (check.error.code === 'unauthenticated') return { kind: 'signedOut' };
    const text = UNREACHED.has(check.error.code) ? ADMIN_GUARD_TEXTS.checkError : ADMIN_GUARD_TEXTS.checkFailed;
    return { kind: 'failed', text, detail: check.error.message };
  }
  if (check.pending || check.isSuperAdmin === undefined) return { kind: 'verifying' };
  return check.isSuperAdmin ? { kind: 'allowed' } : { kind: 'denied' };
}
