import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatAmount } from '../../../common/billing/billing.ts';
import { AccountStatusBadge } from '../../components/badges/AccountStatusBadge.tsx';
import { InvoiceStatusBadge } from '../../components/badges/BillingStatusBadges.tsx';
import { formatDate } from '../../components/dateFormat.ts';
import type { FnOutput } from '../../api/client.ts';

type Dashboard = FnOutput<'getDashboard'>;

function DashboardCard({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap="xs">
          <Title order={2} size="h4">{title}</Title>
          {children}
        </Stack>
        {action && <Group>{action}</Group>}
      </Stack>
    </Card>
  );
}

/** While loading, each card keeps its place with a placeholder line. */
function Pending() {
  return <Skeleton height={22} radius="sm" />;
}

export function AccountOverviewCard({ data }: { data: Dashboard | undefined }) {
  return (
    <DashboardCard title="Account Overview">
      {data ? (
        <Group gap="sm">
          <Text fw={600}>{data.account.name}</Text>
          <AccountStatusBadge status={data.account.status} />
        </Group>
      ) : <Pending />}
    </DashboardCard>
  );
}

export function SupportTicketsCard({ data }: { data: Dashboard | undefined }) {
  return (
    <DashboardCard
      title="Support Tickets"
      action={<Button component={Link} to="/tickets" variant="light" size="xs">View Tickets</Button>}
    >
      {data ? (
        <Text>
          Open tickets: <Text span fw={700} data-testid="open-ticket-count">{data.openTicketCount}</Text>
        </Text>
      ) : <Pending />}
    </DashboardCard>
  );
}

export function BillingCard({ data }: { data: Dashboard | undefined }) {
  const invoice = data?.lastInvoice;
  const pastDue = data?.pastDueSubscription;
  return (
    <DashboardCard
      title="Billing"
      action={<Button component={Link} to="/billing" variant="light" size="xs">View Invoices</Button>}
    >
      {!data ? <Pending /> : invoice ? (
        <Stack gap={4}>
          <Text>
            Last invoice: <Text span fw={700}>{formatAmount(invoice.amountCents, invoice.currency)}</Text> on {formatDate(invoice.invoiceDate)}
          </Text>
          <Group gap="xs"><Text size="sm">Status:</Text><InvoiceStatusBadge status={invoice.status} /></Group>
        </Stack>
      ) : (
        <Text c="dimmed">No invoices yet.</Text>
      )}
      {pastDue && (
        <Text c="red.8" size="sm" fw={600} role="alert">
          Payment failed for {pastDue.productName}. Update your card on the Billing page.
        </Text>
      )}
    </DashboardCard>
  );
}
