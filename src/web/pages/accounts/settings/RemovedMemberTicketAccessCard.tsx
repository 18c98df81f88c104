import { Paper, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  REMOVED_MEMBER_TICKET_ACCESS, REMOVED_MEMBER_TICKET_ACCESS_LABELS, type RemovedMemberTicketAccess,
} from '../../../../common/accounts/ticketAccessSetting.ts';
import { useFn, useFnMutation } from '../../../api/hooks.ts';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';

/** What a member removed from the account keeps of the tickets they wrote here; saved as soon as it is chosen. */
export function RemovedMemberTicketAccessCard({ accountId }: { accountId: string }) {
  const setting = useFn('getAccountTicketAccess', { accountId });
  const save = useFnMutation('setAccountTicketAccess', ['getAccountTicketAccess']);
  const feedback = useFeedback();

  const onChange = (value: string) => {
    feedback.clear();
    save.mutate({ accountId, removedMemberTicketAccess: value as RemovedMemberTicketAccess }, {
      onSuccess: (result) => feedback.success(result.message),
      onError: (error) => feedback.failure('Failed to save setting', error),
    });
  };

  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Title order={2} size="h3">Removed members&apos; tickets</Title>
        <Text size="sm" c="dimmed">When you remove someone from the account, what happens to the support tickets they wrote here.</Text>
        <FeedbackAlert feedback={feedback} />
        {setting.isPending && <Skeleton h={48} aria-label="Loading setting" />}
        {setting.isError && <Text c="red" size="sm" role="alert">Failed to load the setting.</Text>}
        {setting.data && (
          <Radio.Group
            aria-label="Removed members' tickets"
            value={save.isPending ? save.variables?.removedMemberTicketAccess : setting.data.removedMemberTicketAccess}
            onChange={onChange}
          >
            <Stack gap="xs">
              {REMOVED_MEMBER_TICKET_ACCESS.map((value) => (
                <Radio key={value} value={value} label={REMOVED_MEMBER_TICKET_ACCESS_LABELS[value]} disabled={save.isPending} />
              ))}
            </Stack>
          </Radio.Group>
        )}
      </Stack>
    </Paper>
  );
}
