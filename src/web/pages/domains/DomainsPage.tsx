import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { NO_ACTIVE_ACCOUNT_DOMAINS } from '../../../common/domains.ts';
import { useSession } from '../../session/SessionProvider.tsx';
import { DomainList } from './list/DomainList.tsx';

/** /domains: the active account's domains, with their expiry, renewal and bulk actions. */
export default function DomainsPage() {
  const { activeAccountId } = useSession();
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1} size="h2">My Domains</Title>
          <Text size="sm" c="dimmed">The account&apos;s domains: when they expire, whether they renew, and what to do about it.</Text>
        </Stack>
        <Button component={Link} to="/domains/search">Register a domain</Button>
      </Group>
      {activeAccountId
        ? <DomainList key={activeAccountId} accountId={activeAccountId} />
        : <Alert color="yellow" role="alert">{NO_ACTIVE_ACCOUNT_DOMAINS}</Alert>}
    </Stack>
  );
}
