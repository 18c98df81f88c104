import { Button } from '@mantine/core';
import { useState } from 'react';
import { signInSocial } from '../../api/auth.ts';
import { useSession } from '../../session/SessionProvider.tsx';
import { googleStartErrorText } from '../../api/errorTexts.ts';

interface Props {
  flow: 'sign-in' | 'sign-up';
  /** A path on this site to land on once signed in (already checked by useReturnTo). */
  returnTo?: string;
  onError(message: string): void;
}

/** Google sign-in by redirect; shown only when the server has Google configured. */
export function GoogleButton({ flow, returnTo = '/', onError }: Props) {
  const { config } = useSession();
  const [busy, setBusy] = useState(false);
  if (!config?.signInMethods.google) return null;

  const start = async () => {
    setBusy(true);
    try {
      const { url } = await signInSocial('google', flow === 'sign-in' ? '/login' : '/register', returnTo);
      if (typeof url !== 'string') throw new Error('No redirect address');
      window.location.assign(url);
    } catch (error) {
      onError(googleStartErrorText(flow, error));
      setBusy(false);
    }
  };

  return (
    <Button variant="default" fullWidth onClick={start} loading={busy}>
      {flow === 'sign-in' ? 'Sign in with Google' : 'Sign up with Google'}
    </Button>
  );
}
