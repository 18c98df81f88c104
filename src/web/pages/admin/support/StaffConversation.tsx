import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { NO_REPLIES_YET } from '../../../../common/admin/support/texts.ts';
import type { StaffTicketReply } from '../../../../common/admin/support/contract.ts';
import { formatDateTime } from '../../../components/dateFormat.ts';

/** Staff replies sit on the right, tinted; the customer's on the left, plain: who said what reads at a glance. */
function ReplyItem({ reply }: { reply: StaffTicketReply }) {
  return (
    <Paper
      withBorder p="sm" component="li" maw="90%" ml={reply.byStaff ? 'auto' : 0}
      bg={reply.byStaff ? 'var(--mantine-color-blue-light)' : undefined}
    >
      <Group justify="space-between" mb={4} gap="xs">
        <Group gap={6}>
          <Text fw={600} size="sm">{reply.authorName}</Text>
          <Badge size="sm" color={reply.byStaff ? 'blue' : 'gray'} variant={reply.byStaff ? 'filled' : 'light'}>
            {reply.byStaff ? 'Staff' : 'Customer'}
          </Badge>
        </Group>
        <Text c="dimmed" size="xs">{formatDateTime(reply.createdAt)}</Text>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{reply.body}</Text>
    </Paper>
  );
}

export function StaffConversation({ replies }: { replies: StaffTicketReply[] }) {
  if (replies.length === 0) return <Text c="dimmed">{NO_REPLIES_YET}</Text>;
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Conversation">
      {replies.map((reply) => <ReplyItem key={reply.id} reply={reply} />)}
    </Stack>
  );
}
