import { Alert, Button, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { formatAmount } from '../../../common/billing/billing.ts';
import { TEST_SESSION_NOT_FOUND } from '../../../common/testPayments/contract.ts';
import type { FnOutput } from '../../api/client.ts';
import { isSessionGone, TEST_PAGE_LOAD_FAILED } from '../../api/errorTexts.ts';
import { useFn, useFnMutation } from '../../api/hooks.ts';
import { InvoiceStatusBadge } from '../../components/badges/BillingStatusBadges.tsx';
import { formatDate } from '../../components/dateFormat.ts';
import { StackedTable } from '../../components/StackedTable.tsx';
import { type TestCard, TestCardForm } from './TestCardForm.tsx';
import { SessionGone, TestModeFrame } from './TestModeFrame.tsx';
import { PortalSubscription } from './PortalSubscription.tsx';
import { PageSection } from '../../components/PageSection.tsx';
import { LoadFailedAlert } from '../../components/LoadFailedAlert.tsx';

type Portal = FnOutput<'getTestPortal'>['portal'];

function CardOnFile({ portalSessionId, card }: { portalSessionId: string; card: Portal['card'] }) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const update = useFnMutation('testPortalUpdateCard', ['getTestPortal']);
  const save = async (next: TestCard) => {
    const result = await update.mutateAsync({ ...next, portalSessionId });
    setEditing(false);
    setSaved(result.message);
  };
  return (
    <PageSection gap="sm" title="Payment method">
      {card
        ? <Text>{card.brand} ending in <Text span fw={700}>{card.last4}</Text>, expires {String(card.expMonth).padStart(2, '0')}/{card.expYear}</Text>
        : <Text c="dimmed">No card on file.</Text>}
      {saved && <Alert color="green" role="status">{saved}</Alert>}
      {editing ? (
        <TestCardForm submitLabel="Save card" onSubmit={save} extraAction={<Button variant="default" onClick={() => setEditing(false)}>Cancel</Button>} />
      ) : (
        <Group><Button variant="light" onClick={() => { setSaved(null); setEditing(true); }}>Update card</Button></Group>
      )}
    </PageSection>
  );
}

function Invoices({ invoices }: { invoices: Portal['invoices'] }) {
  if (invoices.length === 0) return <Text size="sm" c="dimmed">No invoices yet.</Text>;
  return (
    <StackedTable label="Provider invoices" columns={['Number', 'Date', 'Amount', 'Status']} numeric={['Amount']}>
      {invoices.map((invoice) => (
        <Table.Tr key={invoice.id}>
          <Table.Td data-primary style={{ overflowWrap: 'anywhere' }}>{invoice.number}</Table.Td>
          <Table.Td data-label="Date">{formatDate(invoice.created)}</Table.Td>
          <Table.Td data-label="Amount" ta="right">{formatAmount(invoice.amountCents, invoice.currency)}</Table.Td>
          <Table.Td data-label="Status"><InvoiceStatusBadge status={invoice.status} /></Table.Td>
        </Table.Tr>
      ))}
    </StackedTable>
  );
}

function PortalView({ portalSessionId, portal }: { portalSessionId: string; portal: Portal }) {
  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between">
          <Stack gap={0}>
            <Text fw={600}>{portal.accountName}</Text>
            {portal.customerEmail && <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{portal.customerEmail}</Text>}
          </Stack>
          <Button component="a" href={portal.returnUrl} variant="default">Return to the portal</Button>
        </Group>
      </Paper>
      <CardOnFile portalSessionId={portalSessionId} card={portal.card} />
      <PageSection gap="sm" title="Subscriptions">
        {portal.subscriptions.length === 0
          ? <Text size="sm" c="dimmed">No subscriptions.</Text>
          : portal.subscriptions.map((s) => <PortalSubscription key={s.id} portalSessionId={portalSessionId} subscription={s} />)}
      </PageSection>
      <PageSection gap="sm" title="Invoices"><Invoices invoices={portal.invoices} /></PageSection>
    </Stack>
  );
}

/** /test-mode/portal/:portalSessionId: the test provider's customer portal (card, cancel or resume, renew now). */
export default function TestPortalPage() {
  const { portalSessionId = '' } = useParams();
  const portal = useFn('getTestPortal', { portalSessionId }, { retry: false });

  let body;
  if (portal.isPending) body = <Stack aria-busy aria-label="Loading portal"><Skeleton height={60} /><Skeleton height={140} /><Skeleton height={140} /></Stack>;
  else if (portal.isError) {
    body = isSessionGone(portal.error) ? <SessionGone text={TEST_SESSION_NOT_FOUND} /> : (
      <LoadFailedAlert onRetry={() => portal.refetch()}>{TEST_PAGE_LOAD_FAILED}</LoadFailedAlert>
    );
  } else body = <PortalView portalSessionId={portalSessionId} portal={portal.data.portal} />;
  return <TestModeFrame title="Billing portal">{body}</TestModeFrame>;
}
