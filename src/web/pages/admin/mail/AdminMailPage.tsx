import { Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { FAILED_TO_LOAD_MAIL, MAIL_PAGE_SIZE, MAIL_STATUS_OPTIONS, NO_MAIL, NO_MAIL_HINT } from '../../../../common/admin/mail/texts.ts';
import { listMailOutbox, type MailSummary } from '../../../../common/admin/mail/contract.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { useKeysetPages } from '../../../api/useKeysetPages.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RelativeTime } from '../../../components/RelativeTime.tsx';
import { ListToolbar } from '../../../components/resourceList/ListToolbar.tsx';
import { ResourceList } from '../../../components/resourceList/ResourceList.tsx';
import { RowLink } from '../../../components/resourceList/RowLink.tsx';
import { inputFields } from '../../../components/resourceList/urlFilters.ts';
import { useUrlFilters } from '../../../components/resourceList/useUrlFilters.ts';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { adminPath } from '../adminPaths.ts';
import { MailLinkBadge, MailStatusBadge } from './MailStatusBadge.tsx';

const COLUMNS = ['Subject', 'Recipient', 'Status', 'Link', 'Created', 'Sent'] as const;
const FIELDS = inputFields(listMailOutbox.input, ['to', 'status']);

function MessageRow({ message }: { message: MailSummary }) {
  return (
    <Table.Tr>
      <Table.Td data-primary>
        <RowLink to={adminPath('mail', message.id)}>{message.subject || '(no subject)'}</RowLink>
        {message.error && <Text size="xs" c="red" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>{message.error}</Text>}
      </Table.Td>
      <Table.Td data-label="Recipient" style={{ overflowWrap: 'anywhere' }}>{message.to}</Table.Td>
      <Table.Td data-label="Status"><MailStatusBadge status={message.status} /></Table.Td>
      <Table.Td data-label="Link">{message.link ? <MailLinkBadge link={message.link} /> : '—'}</Table.Td>
      <Table.Td data-label="Created"><RelativeTime value={message.createdAt} /></Table.Td>
      <Table.Td data-label="Sent">{message.sentAt ? <RelativeTime value={message.sentAt} /> : '—'}</Table.Td>
    </Table.Tr>
  );
}

function Outbox() {
  const filters = useUrlFilters(FIELDS, { typed: ['to'] });
  const mail = useKeysetPages('listMailOutbox', { limit: MAIL_PAGE_SIZE, ...filters.values });
  const rows = mail.data?.pages.flatMap((p) => p.messages) ?? [];

  return (
    <Stack gap="lg">
      <PageHeader
        title="Mail outbox"
        context="Every e-mail the portal sent or stored, newest first. Without SMTP, open a message to hand its link (password reset, invitation) to the customer. Every read here is written to the audit log."
      />
      <ResourceList
        label="Mail outbox" columns={COLUMNS} highlightOnHover
        query={mail} rows={rows} renderRow={(message) => <MessageRow key={message.id} message={message} />}
        skeleton={{ count: 5, wide: ['Subject', 'Recipient'] }}
        failure={failureText(FAILED_TO_LOAD_MAIL, mail.error)}
        empty={{ title: NO_MAIL, hint: NO_MAIL_HINT }}
        filters={filters}
        toolbar={(
          <ListToolbar label="Filter mail">
            <TextInput label="Recipient starts with" placeholder="name@example.com" type="search" style={{ flex: '1 1 240px' }} {...filters.input('to')} />
            <Select label="Status" placeholder="All statuses" data={MAIL_STATUS_OPTIONS} clearable style={{ flex: '1 1 160px' }} {...filters.choice('status')} />
          </ListToolbar>
        )}
      />
    </Stack>
  );
}

/** /super-admin/mail: the mail outbox, filtered by recipient and status, 25 at a time. */
export default function AdminMailPage() {
  return <RequireSuperAdmin><Outbox /></RequireSuperAdmin>;
}
