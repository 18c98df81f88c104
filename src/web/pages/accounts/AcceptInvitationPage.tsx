import { INVITATION_EXPIRED, INVITATION_REVOKED } from '../../../common/invitations/texts.ts';
import { Alert, Anchor, Button, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { REDIRECT_AFTER_INVITATION_MS } from '../../../common/constants.ts';
import {
  EMAIL_NOT_VERIFIED, INVITATION_INVALID, INVITATION_NO_ID, INVITATION_SIGN_IN, type InvitationView,
} from '../../../common/invitations/contract.ts';
import { callFunction, type FnOutput, type FunctionCallError } from '../../api/client.ts';
import { CORE_SERVICES_FAILED, failureText } from '../../api/errorTexts.ts';
import { fnKey, useFnMutation } from '../../api/hooks.ts';
import { ACCOUNT_ROLE_LABELS } from '../../components/accountRoles.ts';
import { FeedbackAlert, useFeedback } from '../../components/MutationFeedback.tsx';
import { useDelayedNavigate } from '../../components/useDelayedNavigate.ts';
import { VerifyEmailNotice } from '../../components/VerifyEmailNotice.tsx';
import { useSession } from '../../session/SessionProvider.tsx';

const ACCEPTED = 'Invitation accepted successfully! Redirecting...';

/** What a click on Accept asks of the person before it can work: sign in first, or verify the address. */
type Prompt = 'signIn' | 'unverified';

function Shell({ children }: { children: ReactNode }) {
  return (
    <Center py="xl">
      <Paper withBorder p="xl" w="100%" maw={560}>
        <Stack>
          <Title order={2}>Accept Invitation</Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

/** A refusal the person can still act on (sign in, verify the address) rather than read as a failure. */
function promptFor(error: FunctionCallError): Prompt | null {
  if (error.code === 'unauthenticated') return 'signIn';
  if (error.message === EMAIL_NOT_VERIFIED) return 'unverified';
  return null;
}

const INVITATION_REFUSALS = new Set([INVITATION_INVALID, INVITATION_REVOKED, INVITATION_EXPIRED]);

/** The server's own text where it speaks to the person (wrong e-mail, no longer valid), else the spec's prefix. */
function acceptFailureText(error: FunctionCallError): string {
  if (error.code === 'permission-denied' || error.code === 'not-found' || INVITATION_REFUSALS.has(error.message)) {
    return error.message;
  }
  return failureText('Failed to accept invitation', error);
}

/** Sign-in and sign-up come back here (`?next=`), and so does the sign-up's verification link. */
function SignInPrompt({ from }: { from: string }) {
  const next = `?next=${encodeURIComponent(from)}`;
  return (
    <Alert color="yellow" role="alert">
      <Text size="sm">{INVITATION_SIGN_IN}</Text>
      <Group gap="md" mt="xs">
        <Anchor component={Link} to={`/login${next}`}>Log in</Anchor>
        <Anchor component={Link} to={`/register${next}`}>Sign up</Anchor>
      </Group>
    </Alert>
  );
}

function InvitationDetails({ invitation }: { invitation: InvitationView }) {
  const rows: [string, string][] = [
    ['Account', invitation.accountName],
    ['Role', ACCOUNT_ROLE_LABELS[invitation.role] ?? invitation.role],
    ['Invited by', invitation.invitedByEmail],
    ['For', invitation.email],
  ];
  return (
    <Stack gap="xs">
      <Text>
        You have been invited to join <Text span fw={700}>{invitation.accountName}</Text>.
      </Text>
      <Table variant="vertical" withTableBorder>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={{ base: 96, sm: 140 }}>{label}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** /accept-invitation/:invitationId: public view of an invitation; accepting needs the invited user signed in. */
export default function AcceptInvitationPage() {
  const { invitationId = '' } = useParams();
  const location = useLocation();
  const { user, refresh, configFailed } = useSession();
  const navigateLater = useDelayedNavigate();
  const feedback = useFeedback();
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  // Whether this caller may accept is the server's answer, so it is read again whenever who is signed in changes.
  const invitation = useQuery<FnOutput<'getInvitation'>, FunctionCallError>({
    queryKey: [...fnKey('getInvitation', { invitationId }), user?.id ?? null],
    queryFn: () => callFunction('getInvitation', { invitationId }),
    enabled: invitationId !== '',
    retry: false,
  });
  const accept = useFnMutation('acceptInvitation', ['listMyAccounts', 'listMyInvitations']);

  // Without the portal's configuration nothing here can work; the spec's text replaces the page.
  if (configFailed) {
    return (
      <Shell>
        <Alert color="red" role="alert">{CORE_SERVICES_FAILED}</Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => window.location.reload()}>Refresh</Button>
        </Group>
      </Shell>
    );
  }
  if (!invitationId) return <Shell><Alert color="red" role="alert">{INVITATION_NO_ID}</Alert></Shell>;
  if (invitation.isPending) return <Shell><Center><Loader aria-label="Loading invitation" /></Center></Shell>;
  if (invitation.isError) {
    const missing = invitation.error.code === 'not-found' || invitation.error.code === 'invalid-argument';
    return (
      <Shell>
        <Alert color="red" role="alert">{missing ? INVITATION_INVALID : 'Failed to load invitation details. Please try again.'}</Alert>
      </Shell>
    );
  }
  const { acceptance } = invitation.data;
  const accepted = feedback.current?.ok === true;
  // An invitation that cannot be accepted any more reads the same as one that never existed.
  if (acceptance.reason === 'invalid' && !accepted) {
    // The server's sentence says which: withdrawn, expired, or already used.
    return <Shell><Alert color="red" role="alert">{acceptance.message ?? INVITATION_INVALID}</Alert></Shell>;
  }
  // Any other refusal but "sign in first" is shown before the click, in the server's words;
  // an unverified address gets the notice with its resend button instead.
  const unverified = acceptance.reason === 'unverified' || prompt === 'unverified';
  const clicked = feedback.current !== null || prompt !== null;
  const refusal = !acceptance.allowed && acceptance.reason !== 'sign_in' && !clicked ? acceptance.message : null;

  const onAccept = () => {
    if (acceptance.reason === 'sign_in') {
      setPrompt('signIn');
      return;
    }
    setPrompt(null);
    feedback.clear();
    accept.mutate({ invitationId }, {
      onSuccess: async () => {
        feedback.success(ACCEPTED);
        // The server made the joined account the active one; the session must say so before '/'.
        await refresh();
        navigateLater('/', REDIRECT_AFTER_INVITATION_MS);
      },
      onError: (error) => {
        const next = promptFor(error);
        setPrompt(next);
        if (!next) feedback.error(acceptFailureText(error));
      },
    });
  };

  return (
    <Shell>
      <InvitationDetails invitation={invitation.data} />
      {user && (
        <Text size="sm" c="dimmed">Signed in as {user.email}</Text>
      )}
      <FeedbackAlert feedback={feedback} />
      {prompt === 'signIn' && <SignInPrompt from={location.pathname} />}
      {user && unverified && (
        <VerifyEmailNotice email={user.email} returnTo={location.pathname} />
      )}
      {refusal && !unverified && <Alert color="red" role="alert">{refusal}</Alert>}
      <Group justify="flex-end">
        <Button onClick={onAccept} loading={accept.isPending} disabled={accepted || refusal !== null}>
          Accept Invitation
        </Button>
      </Group>
    </Shell>
  );
}
