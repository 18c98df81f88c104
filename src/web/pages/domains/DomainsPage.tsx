import { Alert, Button, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { NO_ACTIVE_ACCOUNT_DOMAINS } from '../../../common/domains/domains.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useSession } from '../../session/SessionProvider.tsx';
import { DomainList } from './list/DomainList.tsx';

/** /domains: the active account's domains, with their expiry, renewal and bulk actions. */
export default function DomainsPage() {
  const { activeAccountId } = useSession();
  return (
    <Stack gap="lg">
      <PageHeader
        title="My Domains" context="The account's domains: when they expire, whether they renew, and what to do about it."
        actions={(
          <>
            <Button component={Link} to="/domains/orders" variant="default">Orders</Button>
            <Button component={Link} to="/domains/search">Register a domain</Button>
          </>
        )}
      />
      {activeAccountId
        ? <DomainList key={activeAccountId} accountId={activeAccountId} />
        : <Alert color="yellow" role="alert">{NO_ACTIVE_ACCOUNT_DOMAINS}</Alert>}
    </Stack>
  );
}
