import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { AccountService } from '../../../common/hosting/servicesContract.ts';
import { liveTopics } from '../../../common/live.ts';
import { fnKey, useFn } from '../../api/hooks.ts';
import { useLiveTopic } from '../../api/useLiveTopic.ts';
import { LoadFailedAlert } from '../../components/LoadFailedAlert.tsx';
import { serviceFacts, ServiceStatusBadge, ServiceUsage, SETUP_POLL_MS } from './serviceFacts.tsx';

export const SERVICES_LOAD_FAILED = 'Could not load your services.';
const grid = { base: 1, sm: 2, lg: 3 };

function ServiceCard({ service }: { service: AccountService }) {
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={service.productName}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Anchor component={Link} to={`/services/${service.id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>{service.productName}</Anchor>
          <ServiceStatusBadge status={service.status} />
        </Group>
        {service.setupNote && <Text size="sm" c="dimmed">{service.setupNote}</Text>}
        {service.suspensionReason && <Text size="sm" c="orange.8">{service.suspensionReason}</Text>}
        <Stack gap={2}>
          {serviceFacts(service).map(([label, value]) => (
            <Text key={label} size="sm"><Text span c="dimmed">{label}: </Text>{value}</Text>
          ))}
        </Stack>
        <ServiceUsage usage={service.usage} />
      </Stack>
    </Card>
  );
}

/**
 * "Your services" on /services: the active account's hosting services, above the plans. Nothing
 * at all when the account has none (the plans below are the next step). Refreshed when the
 * account's billing changes (a payment activates or restores a service), on focus, and every few
 * seconds while one is being set up.
 */
export function YourServices({ accountId }: { accountId: string }) {
  const query = useFn('listAccountServices', { accountId }, {
    refetchInterval: (q) => (q.state.data?.services.some((s) => s.status === 'pending') ? SETUP_POLL_MS : false),
  });
  useLiveTopic(query.isSuccess ? liveTopics.billing(accountId) : null, fnKey('listAccountServices', { accountId }));

  let body;
  if (query.isPending) {
    body = (
      <SimpleGrid cols={grid} aria-label="Loading your services" aria-busy>
        {[0, 1].map((i) => (
          <Card key={i} withBorder radius="md" padding="lg" aria-hidden>
            <Stack gap="sm"><Skeleton height={20} width="60%" />{[0, 1, 2, 3].map((l) => <Skeleton key={l} height={12} width={`${70 - l * 8}%`} />)}</Stack>
          </Card>
        ))}
      </SimpleGrid>
    );
  } else if (query.isError) {
    body = <LoadFailedAlert onRetry={() => query.refetch()}>{SERVICES_LOAD_FAILED}</LoadFailedAlert>;
  } else if (query.data.services.length === 0) {
    return null;
  } else {
    body = <SimpleGrid cols={grid}>{query.data.services.map((s) => <ServiceCard key={s.id} service={s} />)}</SimpleGrid>;
  }

  return (
    <Stack gap="sm" component="section" aria-label="Your services">
      <Title order={2} size="h3">Your services</Title>
      {body}
    </Stack>
  );
}
