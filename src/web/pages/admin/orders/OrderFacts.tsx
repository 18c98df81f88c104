import { Badge, Button, Code, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { notesPreview } from '../../../../common/admin/orders/texts.ts';
import { formatAmount } from '../../../../common/billing/billing.ts';
import type { AdminOrderDetails } from '../../../../common/admin/orders/contract.ts';
import { COUNTRY_NAMES } from '../../../../common/domains/orders.ts';
import { formatDateTime } from '../../../components/dateFormat.ts';
import classes from '../../../components/StackedTable.module.css';
import { StackedTable } from '../../../components/StackedTable.tsx';
import { Fact } from '../../../components/Labeled.tsx';

export function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">{title}</Title>
        {children}
      </Stack>
    </Paper>
  );
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

const COST_SOURCE = { registrar: 'as the registrar charged it', price_list: 'from the supplier\'s price list' } as const;

/** What the order cost us, what the customer paid and what is left: the registrar's own charge where it said one. */
function Economics({ order }: { order: AdminOrderDetails }) {
  const { priceCents, costCents, costSource, marginCents, currency } = order.economics;
  return (
    <SimpleGrid cols={3} spacing="sm">
      <Fact label="Price">{formatAmount(priceCents, currency)}</Fact>
      <Fact label="Cost">
        {costCents === null ? null : (
          <>{formatAmount(costCents, currency)}{costSource && <Text span size="xs" c="dimmed"> ({COST_SOURCE[costSource]})</Text>}</>
        )}
      </Fact>
      <Fact label="Margin">
        {marginCents === null ? null : <Text span size="sm" c={marginCents < 0 ? 'red' : undefined} fw={500}>{formatAmount(marginCents, currency)}</Text>}
      </Fact>
    </SimpleGrid>
  );
}

/** The order's fields grouped as the spec lists them: order, registration, customer, contact. */
export function OrderFacts({ order }: { order: AdminOrderDetails }) {
  const contact = order.contactInfo;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Card title="Order">
        <SimpleGrid cols={2} spacing="sm">
          <Fact label="Kind">{order.kind === 'renewal' ? 'Renewal' : 'Registration'}</Fact>
          <Fact label="Years">{order.registrationYears}</Fact>
          <Fact label="Price per year">{formatAmount(order.priceCents, order.currency)}</Fact>
          <Fact label="Total">{formatAmount(order.totalCents, order.currency)}</Fact>
          <Fact label="Privacy protection">{yesNo(order.privacyProtection)}</Fact>
          <Fact label="Auto-renew">{yesNo(order.autoRenew)}</Fact>
          <Fact label="Created">{formatDateTime(order.createdAt)}</Fact>
          <Fact label="Updated">{formatDateTime(order.updatedAt)}</Fact>
          <Fact label="Paid">{order.paidAt ? formatDateTime(order.paidAt) : null}</Fact>
          <Fact label="Refunded">{order.refundedAt ? formatDateTime(order.refundedAt) : null}</Fact>
        </SimpleGrid>
        <Economics order={order} />
      </Card>
      <Card title="Registration">
        <SimpleGrid cols={2} spacing="sm">
          <Fact label="Registrar">{order.registrar}</Fact>
          <Fact label="Registration ID">{order.registrationId}</Fact>
          <Fact label="Registered">{order.registrationDate ? formatDateTime(order.registrationDate) : null}</Fact>
          <Fact label="Expires">{order.expirationDate ? formatDateTime(order.expirationDate) : null}</Fact>
          <Fact label="Completed">{order.completedAt ? formatDateTime(order.completedAt) : null}</Fact>
          <Fact label="Admin action required">
            {order.adminActionRequired ? <Badge color="orange" variant="light">Yes</Badge> : 'No'}
          </Fact>
        </SimpleGrid>
        {order.error && <Fact label="Error"><Text c="red" size="sm">{order.error}</Text></Fact>}
      </Card>
      <Card title="Customer">
        <SimpleGrid cols={2} spacing="sm">
          <Fact label="Account">{order.account.name}</Fact>
          <Fact label="Account e-mail">{order.account.email}</Fact>
          <Fact label="Ordered by">{order.user ? order.user.displayName || order.user.email : order.orderedBy}</Fact>
          <Fact label="User e-mail">{order.user?.email ?? null}</Fact>
        </SimpleGrid>
      </Card>
      <Card title="Contact">
        {contact ? (
          <SimpleGrid cols={2} spacing="sm">
            <Fact label="Name">{`${contact.firstName} ${contact.lastName}`}</Fact>
            <Fact label="Organization">{contact.organization || null}</Fact>
            <Fact label="E-mail">{contact.email}</Fact>
            <Fact label="Phone">{contact.phone}</Fact>
            <Fact label="Address">{`${contact.address}, ${contact.city}, ${contact.state} ${contact.postalCode}`}</Fact>
            <Fact label="Country">{COUNTRY_NAMES[contact.country] ?? contact.country}</Fact>
          </SimpleGrid>
        ) : <Text size="sm" c="dimmed">No contact on this order (renewals use the domain's contacts).</Text>}
      </Card>
    </SimpleGrid>
  );
}

/** The admin notes: the last 2 lines, and all of them on request. */
export function AdminNotes({ notes }: { notes: string | null }) {
  const [all, setAll] = useState(false);
  const { preview, hidden } = notesPreview(notes);
  return (
    <Card title="Admin notes">
      {notes ? (
        <>
          <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{all ? notes : preview}</Code>
          {hidden > 0 && (
            <Button variant="subtle" size="xs" onClick={() => setAll(!all)} style={{ alignSelf: 'flex-start' }}>
              {all ? 'Show the last 2 lines' : `Show all (${hidden} more)`}
            </Button>
          )}
        </>
      ) : <Text size="sm" c="dimmed">No notes yet. Notes given with a status change or a manual completion appear here.</Text>}
    </Card>
  );
}

const ATTEMPT_COLUMNS = ['Registrar', 'Result', 'Reason', 'Attempted', 'Duration'] as const;

export function RegistrationAttempts({ attempts }: { attempts: AdminOrderDetails['registrationAttempts'] }) {
  return (
    <Card title="Registration attempts">
      {attempts.length === 0 ? <Text size="sm" c="dimmed">No supplier has been called for this order yet.</Text> : (
        <StackedTable label="Registration attempts" columns={ATTEMPT_COLUMNS} numeric={['Duration']}>
          {attempts.map((a, i) => (
            <Table.Tr key={`${a.attemptedAt}-${i}`}>
              <Table.Td data-primary><Text fw={600} size="sm">{a.registrar}</Text><Text size="xs" c="dimmed">{a.operation}</Text></Table.Td>
              <Table.Td data-label="Result">
                <Badge color={a.success ? 'green' : a.outcome === 'started' || a.outcome === 'unknown' ? 'yellow' : 'red'} variant="light" className={classes.badge}>
                  {a.success ? 'Succeeded' : a.outcome === 'started' ? 'Unfinished' : a.outcome === 'unknown' ? 'Unknown' : 'Failed'}
                </Badge>
              </Table.Td>
              <Table.Td data-label="Reason"><Text size="sm" style={{ overflowWrap: 'anywhere' }}>{a.reason ?? '—'}</Text></Table.Td>
              <Table.Td data-label="Attempted">{formatDateTime(a.attemptedAt)}</Table.Td>
              <Table.Td data-label="Duration" ta="right">{a.durationMs === null ? '—' : `${a.durationMs} ms`}</Table.Td>
            </Table.Tr>
          ))}
        </StackedTable>
      )}
    </Card>
  );
}
