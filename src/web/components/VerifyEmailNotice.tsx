import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EMAIL_NOT_VERIFIED } from '../../common/invitations/contract.ts';
import { sendVerificationEmail } from '../api/auth.ts';
import { verificationEmailErrorText } from '../api/errorTexts.ts';

const LINK_FAILED = 'That verification link has expired or is not valid. Send yourself a new one below.';

/**
 * Shown where invitations would be, while the signed-in address is unproven: why nothing is
 * listed, and a button that mails a fresh link returning to this page (`returnTo`).
 */
export function VerifyEmailNotice({ email, returnTo }: { email: string; returnTo: string }) {
  // better-auth sends a failed link back to its callback with ?error=TOKEN_EXPIRED or INVALID_TOKEN.
  const [params] = useSearchParams();
  const linkFailed = Boolean(params.get('error'));
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'sent' } | { kind: 'failed'; text: string }>({ kind: 'idle' });

  const resend = async () => {
    setState({ kind: 'sending' });
    try {
      await sendVerificationEmail(email, returnTo);
      setState({ kind: 'sent' });
    } catch (error) {
      setState({ kind: 'failed', text: verificationEmailErrorText(error) });
    }
  };

  return (
    <Alert color="yellow" role="alert" title="Verify your e-mail address">
      <Stack gap="xs">
        {linkFailed && <Text size="sm">{LINK_FAILED}</Text>}
        <Text size="sm">{EMAIL_NOT_VERIFIED}</Text>
        <Group gap="sm">
          <Button size="xs" onClick={resend} loading={state.kind === 'sending'} disabled={state.kind === 'sent'}>
            Resend verification e-mail
          </Button>
        </Group>
        {state.kind === 'sent' && <Text size="sm" role="status">We sent a new link to {email}. It works for 24 hours.</Text>}
        {state.kind === 'failed' && <Text size="sm" c="red.9" role="alert">{state.text}</Text>}
      </Stack>
    </Alert>
  );
}
