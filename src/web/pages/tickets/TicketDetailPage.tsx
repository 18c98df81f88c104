import { Alert, Anchor, Badge, Button, Center, Divider, Group, Loader, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { TicketReply } from '../../../common/tickets/contract.ts';
import { liveTopics } from '../../../common/live.ts';
import { TICKET_READ_ONLY } from '../../../common/tickets/quota.ts';
import { fnKey, useFn, useFnMutation } from '../../api/hooks.ts';
import { useLiveTopic } from '../../api/useLiveTopic.ts';
import { formatDateTime } from '../../components/dateFormat.ts';
import { FeedbackAlert, useFeedback } from '../../components/MutationFeedback.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { TicketStatusBadge } from '../../components/badges/TicketStatusBadge.tsx';
import { useReplyDraft } from '../../components/useReplyDraft.ts';
import { ticketPriorityLabel } from '../../components/labels.ts';

/** The server answers 'not found' and 'no access' alike so a ticket's existence does not leak. */
const HIDDEN_CODES = new Set(['not-found', 'permission-denied', 'invalid-argument']);

function BackToTickets() {
  return <Anchor component={Link} to="/tickets">Back to My Tickets</Anchor>;
}

/** Staff replies stand out (tinted, "Staff" badge): the customer must tell the provider's answer from a co-worker's. */
function ReplyItem({ reply }: { reply: TicketReply }) {
  return (
    <Paper withBorder p="sm" component="li" bg={reply.byStaff ? 'var(--mantine-color-blue-light)' : undefined}>
      <Group justify="space-between" mb={4}>
        <Group gap={6}>
          <Text fw={600} size="sm">{reply.authorName}</Text>
          {reply.byStaff && <Badge size="sm" color="blue">Staff</Badge>}
        </Group>
        <Text c="dimmed" size="xs">{formatDateTime(reply.createdAt)}</Text>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{reply.body}</Text>
    </Paper>
  );
}

/** A blank reply is the field's own error; a failed save is the write's outcome above the button. */
function AddReplyForm({ ticketId }: { ticketId: string }) {
  const draft = useReplyDraft();
  const feedback = useFeedback();
  const addReply = useFnMutation('addTicketReply', ['getTicket', 'listMyTickets']);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    feedback.clear();
    const body = draft.take();
    if (body === null) return;
    addReply.mutate({ ticketId, body }, {
      // The new reply appearing in the list above is the success.
      onSuccess: draft.clear,
      onError: (error) => feedback.failure('Failed to add reply', error),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add Reply">
      <Stack gap="xs">
        <Textarea label="Reply" autosize minRows={3} maxLength={10_000} {...draft.field} />
        <FeedbackAlert feedback={feedback} />
        <Group justify="flex-end">
          <Button type="submit" loading={addReply.isPending}>Add Reply</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Close ticket, after a confirmation; writing to the ticket again reopens it. */
function CloseTicketButton({ ticketId }: { ticketId: string }) {
  const [confirming, setConfirming] = useState(false);
  const feedback = useFeedback();
  const close = useFnMutation('closeMyTicket', ['getTicket', 'listMyTickets']);
  const onConfirm = () => {
    feedback.clear();
    close.mutate({ ticketId }, {
      onSuccess: () => setConfirming(false),
      onError: (error) => feedback.failure('Failed to close ticket', error),
    });
  };
  return (
    <>
      <Button variant="default" onClick={() => setConfirming(true)}>Close ticket</Button>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Close ticket">
        <Stack>
          <Text>Close this ticket? You can still reply later; a reply reopens it.</Text>
          <FeedbackAlert feedback={feedback} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>Cancel</Button>
            <Button onClick={onConfirm} loading={close.isPending}>Close ticket</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** /tickets/:ticketId: one stored ticket and its conversation, refreshed when someone replies. */
export default function TicketDetailPage() {
  const { ticketId = '' } = useParams();
  const query = useFn('getTicket', { ticketId }, { enabled: ticketId !== '', retry: false });
  // Subscribed once the ticket could be read: the stream would refuse whom getTicket refuses.
  useLiveTopic(query.isSuccess ? liveTopics.ticket(ticketId) : null, fnKey('getTicket', { ticketId }));

  if (query.isPending && ticketId) return <Center py="xl"><Loader aria-label="Loading ticket" /></Center>;
  if (!ticketId || (query.isError && HIDDEN_CODES.has(query.error.code))) {
    return (
      <Stack>
        <Alert color="yellow" role="alert">Ticket not found.</Alert>
        <BackToTickets />
      </Stack>
    );
  }
  if (query.isError || !query.data) {
    return (
      <Stack>
        <Alert color="red" role="alert">Failed to load ticket: {query.error?.message}</Alert>
        <BackToTickets />
      </Stack>
    );
  }

  const { ticket, replies, canReply } = query.data;
  return (
    <Stack maw={860}>
      <PageHeader
        back={<BackToTickets />}
        title={ticket.subject || 'No Subject'}
        badges={<TicketStatusBadge status={ticket.status} />}
        actions={canReply && ticket.status !== 'closed' && <CloseTicketButton ticketId={ticket.id} />}
      />
      <Group gap="lg">
        <Group gap={6}>
          <Text size="sm" c="dimmed">Priority:</Text>
          <Badge variant="outline" color="gray">{ticketPriorityLabel(ticket.priority)}</Badge>
        </Group>
        <Text size="sm"><Text span c="dimmed">Created: </Text>{formatDateTime(ticket.createdAt)}</Text>
        <Text size="sm"><Text span c="dimmed">By: </Text>{ticket.authorName}</Text>
        <Text size="sm"><Text span c="dimmed">Account: </Text>{ticket.accountName}</Text>
      </Group>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">Description</Title>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{ticket.description}</Text>
      </Paper>
      <Divider />
      <Title order={2} size="h3">Comments/History</Title>
      {replies.length === 0
        ? <Text c="dimmed">No replies yet.</Text>
        : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Comments/History">
            {replies.map((reply) => <ReplyItem key={reply.id} reply={reply} />)}
          </Stack>
        )}
      {canReply ? <AddReplyForm ticketId={ticket.id} /> : <Alert color="gray" role="status">{TICKET_READ_ONLY}</Alert>}
    </Stack>
  );
}
