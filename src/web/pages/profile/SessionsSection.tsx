import { Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { SessionView } from '../../../common/profile/sessionsContract.ts';
import { NO_OTHER_SESSIONS, OTHER_SESSIONS_ENDED, SESSIONS_LOAD_FAILED } from '../../../common/profile/texts.ts';
import { useFn, useFnMutation } from '../../api/hooks.ts';
import { LoadFailedAlert } from '../../components/LoadFailedAlert.tsx';
import { FeedbackAlert, useFeedback } from '../../components/MutationFeedback.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';

/**
 * Where the user is signed in (issue 21): each session's device, address and times, this one
 * marked; signing out any other, or all others at once. A session ended here answers 401 on its
 * next request, and its open live updates close.
 */
export function SessionsSection() {
  const sessions = useFn('listMySessions', {});
  const revoke = useFnMutation('revokeMySession', ['listMySessions']);
  const revokeOthers = useFnMutation('revokeMyOtherSessions', ['listMySessions']);
  const feedback = useFeedback();

  const onRevoke = async (session: SessionView) => {
    feedback.clear();
    try {
      feedback.success((await revoke.mutateAsync({ sessionId: session.id })).message);
    } catch (error) {
      feedback.failure('Failed to sign out the session', error);
    }
  };
  const onRevokeOthers = async () => {
    feedback.clear();
    try {
      feedback.success(OTHER_SESSIONS_ENDED((await revokeOthers.mutateAsync({})).sessionsEnded));
    } catch (error) {
      feedback.failure('Failed to sign out the other sessions', error);
    }
  };

  if (sessions.isPending) {
    return <Stack gap="sm" aria-label="Loading sessions">{[0, 1].map((i) => <Skeleton key={i} height={64} radius="md" />)}</Stack>;
  }
  if (sessions.isError) return <LoadFailedAlert onRetry={() => sessions.refetch()}>{SESSIONS_LOAD_FAILED}</LoadFailedAlert>;

  const list = sessions.data.sessions;
  const others = list.filter((s) => !s.current);
  const busy = revoke.isPending || revokeOthers.isPending;
  return (
    <Stack gap="sm">
      <FeedbackAlert feedback={feedback} />
      {list.map((session) => (
        <Card key={session.id} withBorder padding="sm" radius="md" data-testid="session-row">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              <Group gap="xs">
                <Text fw={600}>{session.device}</Text>
                {session.current && <Badge color="green" variant="light" style={{ flexShrink: 0 }}>This device</Badge>}
              </Group>
              <Text size="sm" c="dimmed">
                {session.ipAddress ?? 'Unknown address'} · Signed in <RelativeTime value={session.signedInAt} /> · Last active{' '}
                <RelativeTime value={session.lastActiveAt} />
              </Text>
            </Stack>
            {!session.current && (
              <Button
                size="xs" variant="default" style={{ flexShrink: 0 }}
                onClick={() => onRevoke(session)}
                loading={revoke.isPending && revoke.variables?.sessionId === session.id}
                disabled={busy}
                aria-label={`Sign out ${session.device}`}
              >
                Sign out
              </Button>
            )}
          </Group>
        </Card>
      ))}
      {others.length === 0 ? (
        <Text c="dimmed" size="sm">{NO_OTHER_SESSIONS}</Text>
      ) : (
        <Button variant="light" color="red" onClick={onRevokeOthers} loading={revokeOthers.isPending} disabled={busy} style={{ alignSelf: 'flex-start' }}>
          Sign out all other sessions
        </Button>
      )}
    </Stack>
  );
}
