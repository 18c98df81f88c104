import { Button } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PASSKEY_SIGN_IN_BUTTON } from '../../../common/profile/passkeyTexts.ts';
import { passkeyErrorText, passkeysSupported, signInWithPasskey } from '../../api/passkeys.ts';
import { useSession } from '../../session/SessionProvider.tsx';

interface Props {
  /** A path on this site to land on once signed in (already checked by useReturnTo). */
  returnTo: string;
  onError(message: string): void;
}

/**
 * Signs in with a passkey the device holds for this site: no e-mail to type, and no second
 * code afterwards, since the passkey is possession and the person's PIN or biometrics at once.
 */
export function PasskeySignInButton({ returnTo, onError }: Props) {
  const { refresh } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (!passkeysSupported()) return null;

  const start = async () => {
    setBusy(true);
    try {
      await signInWithPasskey();
      await refresh();
      navigate(returnTo, { replace: true });
    } catch (error) {
      onError(passkeyErrorText(error));
      setBusy(false);
    }
  };

  return (
    <Button variant="default" fullWidth onClick={start} loading={busy}>
      {PASSKEY_SIGN_IN_BUTTON}
    </Button>
  );
}
