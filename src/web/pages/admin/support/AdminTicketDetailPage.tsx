import { Anchor, Badge, Divider, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { FAILED_TO_LOAD_TICKET } from '../../../../common/admin/support/texts.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { useFn } from '../../../api/hooks.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { formatDateTime } from '../../../components/dateFormat.ts';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert.tsx';
import { TicketStatusBadge } from '../../../components/badges/TicketStatusBadge.tsx';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { StaffConversation } from './StaffConversation.tsx';
import { StaffReplyForm } from './StaffReplyForm.tsx';
import { TicketStatusControl } from './TicketStatusControl.tsx';
import { ticketPriorityLabel } from '../../../components/labels.ts';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>{children}</Text>
    </Stack>
  );
}

function TicketDetail({ ticketId }: { ticketId: string }) {
  const query = useFn('getTicketForStaff', { ticketId }, { retry: false });

  if (query.isPending) {
    return <Stack aria-busy aria-label="Loading ticket">{[0, 1, 2].map((i) => <Skeleton key={i} height={100} />)}</Stack>;
  }
  if (query.isError) {
    return <LoadFailedAlert onRetry={() => query.refetch()}>{failureText(FAILED_TO_LOAD_TICKET, query.error)}</LoadFailedAlert>;
  }
  const { ticket, replies } = query.data;
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        title={ticket.subject || 'No Subject'}
        badges={(
          <>
            <TicketStatusBadge status={ticket.status} />
            <Badge variant="outline" color={ticket.priority === 'high' ? 'red' : 'gray'}>{ticketPriorityLabel(ticket.priority)}</Badge>
          </>
        )}
        context={`Opened ${formatDateTime(ticket.createdAt)} · last activity ${formatDateTime(ticket.lastActivityAt)}`}
      />
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Fact label="Account">
            <Anchor component={Link} to={`/super-admin/accounts/${encodeURIComponent(ticket.accountId)}`}>{ticket.accountName}</Anchor>
          </Fact>
          <Fact label="Author">
            <Anchor component={Link} to={`/super-admin/users/${encodeURIComponent(ticket.authorId)}`}>{ticket.authorName || ticket.authorEmail}</Anchor>
            <Text size="xs" c="dimmed">{ticket.authorEmail}</Text>
          </Fact>
          <TicketStatusControl key={ticket.status} ticketId={ticket.id} status={ticket.status} />
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">Description</Title>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{ticket.description}</Text>
      </Paper>
      <Divider />
      <Title order={2} size="h3">Conversation</Title>
      <StaffConversation replies={replies} />
      <StaffReplyForm ticketId={ticket.id} />
    </Stack>
  );
}

/** /super-admin/tickets/:ticketId (issue 8): the conversation, the staff reply and the status. */
export default function AdminTicketDetailPage() {
  const { ticketId = '' } = useParams();
  return (
    <RequireSuperAdmin>
      <Stack gap="md">
        <Anchor component={Link} to="/super-admin/tickets" size="sm">← All tickets</Anchor>
        <TicketDetail ticketId={ticketId} />
      </Stack>
    </RequireSuperAdmin>
  );
}
