import { Group, Select, Stack } from '@mantine/core';
import { FAILED_TO_CHANGE_STATUS, STATUS_CHANGED } from '../../../../common/admin/support/texts.ts';
import type { TicketStatus } from '../../../../common/constants.ts';
import { useFnMutation } from '../../../api/hooks.ts';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';
import { STATUS_OPTIONS } from './ticketOptions.ts';

/** Changes the status without a reply (closing a solved ticket, reopening one). */
export function TicketStatusControl({ ticketId, status }: { ticketId: string; status: TicketStatus }) {
  const feedback = useFeedback();
  const change = useFnMutation('setTicketStatus', ['getTicketForStaff', 'listAllTickets']);
  const onChange = (value: string | null) => {
    if (!value || value === status) return;
    feedback.clear();
    change.mutate({ ticketId, status: value as TicketStatus }, {
      onSuccess: () => feedback.success(STATUS_CHANGED),
      onError: (error) => feedback.failure(FAILED_TO_CHANGE_STATUS, error),
    });
  };
  return (
    <Stack gap={4}>
      <Group>
        <Select label="Status" data={STATUS_OPTIONS} value={status} allowDeselect={false} onChange={onChange} disabled={change.isPending} w={190} />
      </Group>
      <FeedbackAlert feedback={feedback} closable />
    </Stack>
  );
}
