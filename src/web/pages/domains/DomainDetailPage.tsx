import { Alert, Anchor, Button, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { DomainDetail } from '../../../common/domains/managementContract.ts';
import { useFn } from '../../api/hooks.ts';
import { LoadFailedAlert } from '../../components/LoadFailedAlert.tsx';
import { ContactsPanel } from './detail/ContactsPanel.tsx';
import { DomainFacts } from './detail/DomainFacts.tsx';
import { DnsRecordsComingSoon, DomainNotes } from './detail/DomainExtras.tsx';
import { domainLoadText } from './detail/domainLoadText.ts';
import { DomainSettings } from './detail/DomainSettings.tsx';
import { NameserversPanel } from './detail/NameserversPanel.tsx';
import { TransferCodePanel } from './detail/TransferCodePanel.tsx';
import { SyncOutcomeAlert, useSync } from './detail/useSync.tsx';
import { DomainStatusBadge } from './list/DomainStatusBadge.tsx';
import { RenewDomainModal } from './list/RenewDomainModal.tsx';
import { DetailSkeleton } from './DetailSkeleton.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

function BackToDomains() {
  return <Anchor component={Link} to="/domains" size="sm">← My Domains</Anchor>;
}

function LoadingDomain() {
  return <DetailSkeleton label="Loading domain" titleWidths={['40%']} />;
}

function DomainView({ detail }: { detail: DomainDetail }) {
  const sync = useSync(detail.domain);
  const [renewing, setRenewing] = useState(false);
  return (
    <Stack gap="lg">
      <PageHeader
        title={detail.domain}
        badges={<DomainStatusBadge status={detail.status} expirationDate={detail.expirationDate} />}
        actions={(
          <>
            <Button variant="default" onClick={sync.run} loading={sync.pending}>Sync</Button>
            <Button onClick={() => setRenewing(true)} disabled={detail.status !== 'active'}>Renew</Button>
          </>
        )}
      />
      <SyncOutcomeAlert outcome={sync.outcome} onDismiss={sync.dismiss} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <DomainFacts detail={detail} />
        <DomainSettings detail={detail} />
        <NameserversPanel detail={detail} />
        <TransferCodePanel domain={detail.domain} />
      </SimpleGrid>
      <ContactsPanel detail={detail} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <DomainNotes notes={detail.notes} />
        <DnsRecordsComingSoon />
      </SimpleGrid>
      <RenewDomainModal domain={renewing ? detail.domain : null} onClose={() => setRenewing(false)} />
    </Stack>
  );
}

/** /domains/{domain}: one domain of the caller's accounts, its settings, nameservers, contacts and transfer code. */
export default function DomainDetailPage() {
  const domain = (useParams().domain ?? '').trim().toLowerCase();
  const details = useFn('getDomainDetails', { domain }, { retry: (count, error) => domainLoadText(error.code).retry && count < 2 });

  let body;
  if (details.isPending) body = <LoadingDomain />;
  else if (details.isError) {
    const { text, retry } = domainLoadText(details.error.code);
    body = retry
      ? <LoadFailedAlert onRetry={() => details.refetch()}>{text}</LoadFailedAlert>
      : <Alert color="yellow" role="alert" title={text}>{`There is no domain ${domain} in your accounts.`}</Alert>;
  } else body = <DomainView detail={details.data.local} />;

  return (
    <Stack gap="sm">
      <BackToDomains />
      {body}
    </Stack>
  );
}
