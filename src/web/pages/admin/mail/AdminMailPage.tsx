import { Alert, Anchor, Button, Center, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  FAILED_TO_LOAD_MAIL, MAIL_STATUS_OPTIONS, type MailStatusName, NO_MAIL, NO_MAIL_HINT,
} from '../../../../common/adminMailTexts.ts';
import type { MailSummary } from '../../../../common/contracts/adminMail.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { formatDateTime } from '../../../components/dateFormat.ts';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert.tsx';
import { SkeletonRows, StackedTable } from '../../../components/StackedTable.tsx';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { MailStatusBadge } from './MailStatusBadge.tsx';
import { useMailPages } from './useMailPages.ts';

const COLUMNS = ['Subject', 'Recipient', 'Status', 'Created', 'Sent'] as const;

function MessageRow({ message }: { message: MailSummary }) {
  return (
    <Table.Tr>
      <Table.Td data-primary>
        <Anchor component={Link} to={`/super-admin/mail/${encodeURIComponent(message.id)}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {message.subject || '(no subject)'}
        </Anchor>
        {message.error && <Text size="xs" c="red" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>{message.error}</Text>}
      </Table.Td>
      <Table.Td data-label="Recipient" style={{ overflowWrap: 'anywhere' }}>{message.to}</Table.Td>
      <Table.Td data-label="Status"><MailStatusBadge status={message.status} /></Table.Td>
      <Table.Td data-label="Created">{formatDateTime(message.createdAt)}</Table.Td>
      <Table.Td data-label="Sent">{message.sentAt ? formatDateTime(message.sentAt) : '—'}</Table.Td>
    </Table.Tr>
  );
}

function Outbox() {
  const [to, setTo] = useState('');
  const [status, setStatus] = useState<MailStatusName | null>(null);
  const [debouncedTo] = useDebouncedValue(to, 300);
  const mail = useMailPages({ to: debouncedTo, status });
  const rows = mail.data?.pages.flatMap((p) => p.messages) ?? [];
  const filtered = Boolean(to.trim() || status);

  let body;
  if (mail.isPending) {
    body = <StackedTable label="Mail outbox" columns={COLUMNS}><SkeletonRows columns={COLUMNS} count={5} wide={['Subject', 'Recipient']} /></StackedTable>;
  } else if (mail.isError && rows.length === 0) {
    body = <LoadFailedAlert onRetry={() => mail.refetch()}>{failureText(FAILED_TO_LOAD_MAIL, mail.error)}</LoadFailedAlert>;
  } else if (rows.length === 0) {
    body = (
      <Paper withBorder p="xl">
        <Stack align="center" gap="xs">
          <Text ta="center" fw={600}>{NO_MAIL}</Text>
          <Text ta="center" size="sm" c="dimmed" maw={520}>{NO_MAIL_HINT}</Text>
          {filtered && <Button variant="default" onClick={() => { setTo(''); setStatus(null); }}>Clear filters</Button>}
        </Stack>
      </Paper>
    );
  } else {
    body = (
      <StackedTable label="Mail outbox" columns={COLUMNS} highlightOnHover>
        {rows.map((message) => <MessageRow key={message.id} message={message} />)}
      </StackedTable>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">Mail outbox</Title>
        <Text size="sm" c="dimmed">
          Every e-mail the portal sent or stored, newest first. Without SMTP, open a message to hand its link (password reset, invitation) to the customer.
        </Text>
      </Stack>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Recipient starts with" placeholder="name@example.com" value={to} onChange={(e) => setTo(e.currentTarget.value)}
          style={{ flex: '1 1 240px' }} type="search"
        />
        <Select
          label="Status" placeholder="All statuses" data={MAIL_STATUS_OPTIONS} value={status} clearable
          onChange={(value) => setStatus(value as MailStatusName | null)} style={{ flex: '1 1 160px' }}
        />
      </Group>
      {body}
      {mail.isFetchNextPageError && <Alert color="red" role="alert">{failureText(FAILED_TO_LOAD_MAIL, mail.error)}</Alert>}
      {mail.hasNextPage && (
        <Center>
          <Button variant="default" loading={mail.isFetchingNextPage} onClick={() => mail.fetchNextPage()}>Load more</Button>
        </Center>
      )}
    </Stack>
  );
}

/** /super-admin/mail: the mail outbox, filtered by recipient and status, 25 at a time. */
export default function AdminMailPage() {
  return <RequireSuperAdmin><Outbox /></RequireSuperAdmin>;
}
