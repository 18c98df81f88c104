import { Anchor, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AdminHostingServiceDetail } from '../../../../common/hosting/adminServicesContract.ts';
import { SUSPEND_REASON_LABELS } from '../../../../common/hosting/adminServicesTexts.ts';
import { PANEL_NAMES } from '../../../../common/hosting/panels.ts';
import { formatDateTime } from '../../../components/dateFormat.ts';
import { adminPath } from '../adminPaths.ts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{label}</Text>
      <div style={{ overflowWrap: 'anywhere' }}>{children}</div>
    </Stack>
  );
}

const mb = (value: number | null) => (value === null ? '—' : `${value.toLocaleString()} MB`);

/** What an operator needs to know of a service at a glance: whose, where, on what package, and why suspended. */
export function ServiceFacts({ service }: { service: AdminHostingServiceDetail }) {
  const refs = Object.entries(service.panelRef);
  return (
    <Paper withBorder p="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
        <Fact label="Account">
          <Anchor component={Link} to={adminPath('accounts', service.accountId)} size="sm">{service.accountName ?? service.accountId}</Anchor>
        </Fact>
        <Fact label="Panel username"><Text size="sm" ff="monospace">{service.username ?? 'Not created yet'}</Text></Fact>
        <Fact label="Server">
          {service.serverId
            ? <Anchor component={Link} to="/super-admin/servers" size="sm">{service.serverName ?? service.serverId}</Anchor>
            : <Text size="sm">Not chosen yet</Text>}
          <Text size="xs" c="dimmed">{PANEL_NAMES[service.panel]}</Text>
        </Fact>
        <Fact label="Product and package"><Text size="sm">{service.productName}{service.package ? ` · ${service.package}` : ''}</Text></Fact>
        <Fact label="Domain"><Text size="sm">{service.domain ?? '—'}</Text></Fact>
        {service.status === 'suspended' && (
          <Fact label="Suspended">
            <Text size="sm">{service.suspendReason ? SUSPEND_REASON_LABELS[service.suspendReason] : 'Reason not recorded'}{service.suspendNote ? `: ${service.suspendNote}` : ''}</Text>
            {service.suspendedAt && <Text size="xs" c="dimmed">{formatDateTime(service.suspendedAt)}</Text>}
          </Fact>
        )}
        <Fact label="Renews"><Text size="sm">{service.renewsAt ? formatDateTime(service.renewsAt) : '—'}</Text></Fact>
        <Fact label="Source"><Text size="sm">{service.source === 'import' ? 'Imported from the panel' : 'Ordered'}</Text></Fact>
        {service.pastDueSince && <Fact label="Past due since"><Text size="sm" c="orange">{formatDateTime(service.pastDueSince)}</Text></Fact>}
        {service.usage && (
          <Fact label="Usage">
            <Text size="sm">Disk {mb(service.usage.diskUsedMb)} of {mb(service.usage.diskLimitMb)}</Text>
            <Text size="sm">Bandwidth {mb(service.usage.bandwidthUsedMb)} of {mb(service.usage.bandwidthLimitMb)}</Text>
            {service.usage.mailboxes !== null && <Text size="sm">{service.usage.mailboxes} mailboxes</Text>}
          </Fact>
        )}
        {refs.length > 0 && (
          <Fact label="Panel ids"><Text size="sm" ff="monospace">{refs.map(([k, v]) => `${k}: ${v}`).join(' · ')}</Text></Fact>
        )}
      </SimpleGrid>
    </Paper>
  );
}
