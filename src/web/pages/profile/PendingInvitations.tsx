import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { REDIRECT_AFTER_INVITATION_MS } from '../../../common/constants.ts';
import type { InvitationView } from '../../../common/invitations/contract.ts';
import { useFn, useFnMutation } from '../../api/hooks.ts';
import { ACCOUNT_ROLE_LABELS } from '../../components/accountRoles.ts';
import { FeedbackAlert, useFeedback } from '../../components/MutationFeedback.tsx';
import { formatDate } from '../../components/dateFormat.ts';
import { useDelayedNavigate } from '../../components/useDelayedNavigate.ts';
import { VerifyEmailNotice } from '../../components/VerifyEmailNotice.tsx';
import { useSession } from '../../session/SessionProvider.tsx';

/** Invitations addressed to the user's e-mail; accepting joins the account, makes it active and goes home. */
export function PendingInvitations() {
  const invitations = useFn('listMyInvitations', {});
  const accept = useFnMutation('acceptInvitation', ['listMyInvitations', 'getProfile']);
  const { refresh, user } = useSession();
  const navigateLater = useDelayedNavigate();
  const feedback = useFeedback();

  const onAccept = async (invitation: InvitationView) => {
    feedback.clear();
    try {
      const answer = await accept.mutateAsync({ invitationId: invitation.id });
      await refresh();
      feedback.success(answer.message);
      navigateLater('/', REDIRECT_AFTER_INVITATION_MS);
    } catch (error) {
      feedback.failure('Failed to accept invitation', error);
    }
  };

  if (invitations.isPending) return <Loader size="sm" aria-label="Loading invitations" />;
  if (invitations.isError) return <Alert color="red">Failed to load invitations: {invitations.error.message}</Alert>;

  // Until the address is proven, invitations stay hidden (anyone can sign up with any address).
  if (!invitations.data.emailVerified) return <VerifyEmailNotice email={user?.email ?? ''} returnTo="/profile" />;

  const list = invitations.data.invitations;
  return (
    <Stack gap="sm">
      <FeedbackAlert feedback={feedback} />
      {list.length === 0 ? (
        <Text c="dimmed" size="sm">You have no pending invitations.</Text>
      ) : (
        list.map((invitation) => (
          <Card key={invitation.id} withBorder padding="sm" radius="md">
            <Group justify="space-between" wrap="nowrap">
              <Stack gap={2} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <Text fw={600}>{invitation.accountName}</Text>
                <Text size="sm" c="dimmed">
                  Role: {ACCOUNT_ROLE_LABELS[invitation.role]} · Invited by {invitation.invitedByEmail} · Expires {formatDate(invitation.expiresAt)}
                </Text>
              </Stack>
              <Button
                size="xs"
                style={{ flexShrink: 0 }}
                onClick={() => onAccept(invitation)}
                loading={accept.isPending && accept.variables?.invitationId === invitation.id}
                disabled={accept.isPending || feedback.current?.ok === true}
                aria-label={`Accept invitation to ${invitation.accountName}`}
              >
                Accept
              </Button>
            </Group>
          </Card>
        ))
      )}
    </Stack>
  );
}
