import { Anchor, Button, Code, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import {
  DASHBOARD_SHOWN, FAILED_TO_LOAD_DASHBOARD, NO_DELIVERIES, NO_DELIVERIES_HINT, NO_RECENT_EVENTS,
} from '../../../../common/admin/events/texts.ts';
import type { DashboardDelivery, EventView } from '../../../../common/admin/events/contract.ts';
import { liveTopics } from '../../../../common/live.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { fnKey, useFn } from '../../../api/hooks.ts';
import { useLiveTopic } from '../../../api/useLiveTopic.ts';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RelativeTime } from '../../../components/RelativeTime.tsx';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { DashboardCounters, DashboardCountersSkeleton } from './DashboardCounters.tsx';
import { DeliveryStatusBadge } from '../deliveries/DeliveryStatusBadge.tsx';
import { ProcessedBadge, SeverityBadge } from './EventBadges.tsx';
import { QuickSetupCard } from './QuickSetupCard.tsx';
import { DELIVERY_LOG_PATH, deliveryPath } from '../deliveries/deliveryPaths.ts';

const wrap = { overflowWrap: 'anywhere' } as const;

function Section({ title, link, linkLabel, children }: { title: string; link: string; linkLabel: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">{title}</Title>
          <Anchor component={Link} to={link} size="sm">{linkLabel}</Anchor>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

function EmptyLine({ text, hint, action }: { text: string; hint: string; action: React.ReactNode }) {
  return (
    <Stack gap={6} align="flex-start" py="sm">
      <Text fw={600}>{text}</Text>
      <Text size="sm" c="dimmed">{hint}</Text>
      {action}
    </Stack>
  );
}

function EventLine({ event }: { event: EventView }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" py={6} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Code style={wrap}>{event.eventType}</Code>
        <Text size="xs" c="dimmed" style={wrap}>{event.source} · <RelativeTime value={event.createdAt} /></Text>
      </Stack>
      <Group gap={6} wrap="nowrap">
        <SeverityBadge severity={event.severity} />
        <ProcessedBadge processed={event.processed} />
      </Group>
    </Group>
  );
}

function DeliveryLine({ delivery }: { delivery: DashboardDelivery }) {
  const facts = [delivery.httpStatus !== null ? `HTTP ${delivery.httpStatus}` : null, delivery.responseMs !== null ? `${delivery.responseMs} ms` : null]
    .filter(Boolean).map((fact) => `${fact} · `).join('');
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" py={6} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Anchor component={Link} to={deliveryPath(delivery.id)} size="sm" fw={600} style={wrap}>
          {delivery.webhookName ?? 'Deleted webhook'}
        </Anchor>
        <Text size="xs" c="dimmed" style={wrap}><Code>{delivery.eventType}</Code> · {facts}<RelativeTime value={delivery.at} /></Text>
      </Stack>
      <DeliveryStatusBadge status={delivery.status} />
    </Group>
  );
}

function Dashboard() {
  const dashboard = useFn('getEventsDashboard', {});
  useLiveTopic(dashboard.isSuccess ? liveTopics.adminEvents() : null, fnKey('getEventsDashboard'));
  const data = dashboard.data;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Events" context="What happens on the platform, and where webhooks deliver it. Updates live."
        actions={(
          <>
            <Button variant="default" component={Link} to="/super-admin/events/webhooks">Webhooks</Button>
            <Button variant="default" component={Link} to="/super-admin/events/flows">Flows</Button>
            <Button component={Link} to="/super-admin/events/test">Test Events</Button>
          </>
        )}
      />

      {dashboard.isError && !data && (
        <LoadFailedAlert onRetry={() => dashboard.refetch()}>{failureText(FAILED_TO_LOAD_DASHBOARD, dashboard.error)}</LoadFailedAlert>
      )}
      {dashboard.isPending && <DashboardCountersSkeleton />}
      {data && <DashboardCounters counts={data.counts} />}
      {data?.showQuickSetup && <QuickSetupCard />}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Section title="Latest events" link="/super-admin/events/all" linkLabel="All events">
          {dashboard.isPending && <Skeleton height={180} />}
          {data && data.latestEvents.length === 0 && (
            <EmptyLine
              text={NO_RECENT_EVENTS} hint="Events appear here as customers and operators act. Send a test event to see one now."
              action={<Button size="xs" component={Link} to="/super-admin/events/test">Send a test event</Button>}
            />
          )}
          {data?.latestEvents.slice(0, DASHBOARD_SHOWN).map((e) => <EventLine key={e.id} event={e} />)}
        </Section>
        <Section title="Latest deliveries" link={DELIVERY_LOG_PATH} linkLabel="All deliveries">
          {dashboard.isPending && <Skeleton height={180} />}
          {data && data.latestDeliveries.length === 0 && (
            <EmptyLine
              text={NO_DELIVERIES} hint={NO_DELIVERIES_HINT}
              action={<Button size="xs" variant="default" component={Link} to={data.counts.webhooks === 0 ? '/super-admin/events/webhooks' : '/super-admin/events/flows'}>
                {data.counts.webhooks === 0 ? 'Create a webhook' : 'Set up a flow'}
              </Button>}
            />
          )}
          {data?.latestDeliveries.slice(0, DASHBOARD_SHOWN).map((d) => <DeliveryLine key={d.id} delivery={d} />)}
        </Section>
      </SimpleGrid>
    </Stack>
  );
}

/** /super-admin/events: counters, the latest events and deliveries, Quick Setup; live through admin/events. */
export default function EventsDashboardPage() {
  return <RequireSuperAdmin><Dashboard /></RequireSuperAdmin>;
}
