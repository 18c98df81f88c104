import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../session/SessionProvider.tsx';

export const LOGOUT_FAILED = 'Logout failed. Please try again.';

/** Signs out, clears the session state and goes to /login; a failure is reported and nothing changes. */
export function useLogout() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await signOut();
      navigate('/login', { replace: true });
    } catch {
      notifications.show({ color: 'red', title: 'Logout', message: LOGOUT_FAILED });
    }
  }, [signOut, navigate]);
}
