import { Button, Group, Select, Stack, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FAILED_TO_REPLY, REPLY_AND_MARK, STAFF_REPLY_SENT } from '../../../../common/admin/support/texts.ts';
import { TICKET_STATUS_LABELS, type TicketStatus } from '../../../../common/constants.ts';
import { useFnMutation } from '../../../api/hooks.ts';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';
import { useReplyDraft } from '../../../components/useReplyDraft.ts';
import { STATUS_OPTIONS } from './ticketOptions.ts';

/** The staff answer: by default it leaves the ticket answered; the operator may pick another status in the same act. */
export function StaffReplyForm({ ticketId }: { ticketId: string }) {
  const draft = useReplyDraft();
  const [status, setStatus] = useState<TicketStatus>('answered');
  const feedback = useFeedback();
  const reply = useFnMutation('replyToTicketAsStaff', ['getTicketForStaff', 'listAllTickets']);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    feedback.clear();
    const body = draft.take();
    if (body === null) return;
    reply.mutate({ ticketId, body, status }, {
      onSuccess: () => { draft.clear(); setStatus('answered'); feedback.success(STAFF_REPLY_SENT); },
      onError: (error) => feedback.failure(FAILED_TO_REPLY, error),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Reply as staff">
      <Stack gap="xs">
        <Textarea
          label="Reply to the customer" description="The ticket's author is e-mailed the reply with a link to the ticket."
          autosize minRows={4} maxLength={10_000} {...draft.field}
        />
        <FeedbackAlert feedback={feedback} />
        <Group justify="flex-end" align="flex-end" gap="sm">
          <Select
            label="Status after the reply" data={STATUS_OPTIONS} value={status} allowDeselect={false}
            onChange={(value) => value && setStatus(value as TicketStatus)} w={190}
          />
          <Button type="submit" loading={reply.isPending}>{REPLY_AND_MARK(TICKET_STATUS_LABELS[status])}</Button>
        </Group>
      </Stack>
    </form>
  );
}
