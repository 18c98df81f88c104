import {
  Anchor, Button, Code, CopyButton, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title, Tooltip,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { FAILED_TO_LOAD_MESSAGE } from '../../../../common/admin/mail/texts.ts';
import type { MailMessageDetails } from '../../../../common/admin/mail/contract.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { useFn } from '../../../api/hooks.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { formatDateTime } from '../../../components/dateFormat.ts';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert.tsx';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { linksIn } from './mailLinks.ts';
import { MailLinkBadge, MailStatusBadge } from './MailStatusBadge.tsx';

function Header({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">{label}</Text>
      <Text component="div" size="sm" style={{ overflowWrap: 'anywhere' }}>{children}</Text>
    </Stack>
  );
}

function Links({ links }: { links: string[] }) {
  if (links.length === 0) return null;
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h4">Links in this message</Title>
        <Text size="sm" c="dimmed">Copy a link to hand it to the customer, for instance when no SMTP server delivered the e-mail.</Text>
        {links.map((link) => (
          <Group key={link} gap="xs" wrap="nowrap" align="flex-start">
            <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', flex: 1 }}>{link}</Code>
            <CopyButton value={link}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy link'}>
                  <Button size="compact-sm" variant={copied ? 'filled' : 'default'} color={copied ? 'teal' : undefined} onClick={copy}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

function Body({ message }: { message: MailMessageDetails }) {
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={2} size="h4">Text body</Title>
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.text}</Code>
      </Stack>
      {message.html && (
        <Stack gap="xs">
          <Title order={2} size="h4">HTML body</Title>
          {/* sandbox="" gives the frame no scripts, forms, popups or same-origin access: the HTML is only looked at. */}
          <iframe
            title="HTML body" sandbox="" srcDoc={message.html} referrerPolicy="no-referrer"
            style={{ width: '100%', minHeight: 240, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4, background: 'white' }}
          />
        </Stack>
      )}
    </Stack>
  );
}

function Message({ messageId }: { messageId: string }) {
  const details = useFn('getMailMessage', { messageId });

  let body;
  if (details.isPending) {
    body = <Stack aria-busy aria-label="Loading message">{[0, 1].map((i) => <Skeleton key={i} height={140} />)}</Stack>;
  } else if (details.isError) {
    body = <LoadFailedAlert onRetry={() => details.refetch()}>{failureText(FAILED_TO_LOAD_MESSAGE, details.error)}</LoadFailedAlert>;
  } else {
    const { message } = details.data;
    body = (
      <Stack gap="lg">
        <PageHeader title={message.subject || '(no subject)'} badges={<><MailStatusBadge status={message.status} /><MailLinkBadge link={message.link} /></>} />
        <Paper withBorder p="md">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
            <Header label="To">{message.to}</Header>
            <Header label="Created">{formatDateTime(message.createdAt)}</Header>
            <Header label="Sent">{message.sentAt ? formatDateTime(message.sentAt) : 'Not sent'}</Header>
            <Header label="Message ID"><Code>{message.id}</Code></Header>
          </SimpleGrid>
          {message.error && <Text mt="md" size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>Last delivery error: {message.error}</Text>}
        </Paper>
        <Links links={linksIn(message.text)} />
        <Body message={message} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/super-admin/mail" size="sm">← Mail outbox</Anchor>
      {body}
    </Stack>
  );
}

/** /super-admin/mail/:messageId: one message with its headers, its links to copy and its body. */
export default function AdminMailMessagePage() {
  const { messageId = '' } = useParams();
  return <RequireSuperAdmin><Message key={messageId} messageId={messageId} /></RequireSuperAdmin>;
}
