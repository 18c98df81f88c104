import { Button, Group, Pagination, Select, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { type AdminHostingService, listHostingServices, SERVICES_PAGE_SIZE } from '../../../../common/hosting/adminServicesContract.ts';
import {
  FAILED_TO_LOAD_SERVICES, NO_MATCHING_SERVICES, NO_SERVICES, NO_SERVICES_HINT, SERVICE_STATUS_LABELS, serviceCountLabel,
} from '../../../../common/hosting/adminServicesTexts.ts';
import { PANEL_NAMES } from '../../../../common/hosting/panels.ts';
import { HOSTING_SERVICE_STATUSES } from '../../../../common/hosting/servicesContract.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { useFn } from '../../../api/hooks.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RelativeTime } from '../../../components/RelativeTime.tsx';
import { ListToolbar } from '../../../components/resourceList/ListToolbar.tsx';
import { ResourceList } from '../../../components/resourceList/ResourceList.tsx';
import { RowLink } from '../../../components/resourceList/RowLink.tsx';
import { inputFields } from '../../../components/resourceList/urlFilters.ts';
import { useUrlFilters } from '../../../components/resourceList/useUrlFilters.ts';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { adminPath } from '../adminPaths.ts';
import { AccountFilter } from '../accounts/AccountFilter.tsx';
import { ServiceStatusBadge } from './ServiceBadges.tsx';

const COLUMNS = ['Service', 'Account', 'Status', 'Server', 'Failed steps', 'Created'] as const;
const FIELDS = inputFields(listHostingServices.input, ['status', 'serverId', 'productId', 'accountId']);
const STATUS_OPTIONS = HOSTING_SERVICE_STATUSES.map((value) => ({ value, label: SERVICE_STATUS_LABELS[value] }));

function ServiceRow({ service }: { service: AdminHostingService }) {
  return (
    <Table.Tr>
      <Table.Td data-primary>
        <RowLink to={adminPath('services', service.id)}>{service.domain ?? service.username ?? service.id}</RowLink>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {service.productName}{service.package ? ` · ${service.package}` : ''}{service.username ? ` · ${service.username}` : ''}
        </Text>
      </Table.Td>
      <Table.Td data-label="Account">
        <RowLink to={adminPath('accounts', service.accountId)} secondary>{service.accountName ?? service.accountId}</RowLink>
      </Table.Td>
      <Table.Td data-label="Status">
        <ServiceStatusBadge status={service.status} />
      </Table.Td>
      <Table.Td data-label="Server">
        <Text size="sm">{service.serverName ?? 'Not chosen yet'}</Text>
        <Text size="xs" c="dimmed">{PANEL_NAMES[service.panel]}</Text>
      </Table.Td>
      <Table.Td data-label="Failed steps" ta="right">
        <Text size="sm" c={service.failedSteps > 0 ? 'red' : undefined} fw={service.failedSteps > 0 ? 600 : undefined}>{service.failedSteps}</Text>
      </Table.Td>
      <Table.Td data-label="Created"><RelativeTime value={service.createdAt} withTime={false} /></Table.Td>
    </Table.Tr>
  );
}

export function HostingServicesList() {
  const filters = useUrlFilters(FIELDS);
  const { values } = filters;
  // The page belongs to the filters it was chosen under: other filters start at page 1.
  const filterKey = JSON.stringify(values);
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const input = {
    ...(values.status ? { status: values.status as AdminHostingService['status'] } : {}),
    ...(values.serverId ? { serverId: values.serverId } : {}),
    ...(values.productId ? { productId: values.productId } : {}),
    ...(values.accountId ? { accountId: values.accountId } : {}),
    page,
    pageSize: SERVICES_PAGE_SIZE,
  };
  const services = useFn('listHostingServices', input, { placeholderData: keepPreviousData });
  const data = services.data;
  const rows = data?.items ?? [];
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const setPage = (next: number) => setPaging({ filterKey, page: next });

  return (
    <Stack gap="lg">
      <PageHeader
        title="Hosting Services" context="Every hosting service of every account. Open one for its job history, to run a step by hand or to log in to its panel."
        actions={<Button component={Link} to="/super-admin/servers" variant="light">Servers</Button>}
      />
      <ResourceList
        label="Hosting services" columns={COLUMNS} numeric={['Failed steps']} highlightOnHover
        query={services} rows={rows} renderRow={(service) => <ServiceRow key={service.id} service={service} />}
        skeleton={{ count: 5, wide: ['Service'] }}
        failure={failureText(FAILED_TO_LOAD_SERVICES, services.error)}
        empty={filters.filtered ? { title: NO_MATCHING_SERVICES } : {
          title: NO_SERVICES, hint: NO_SERVICES_HINT,
          actions: (
            <>
              <Button component={Link} to="/super-admin/products">Products</Button>
              <Button component={Link} to="/super-admin/servers" variant="default">Servers</Button>
            </>
          ),
        }}
        filters={filters}
        toolbar={(
          <>
            <ListToolbar label="Filter hosting services">
              <Select label="Status" placeholder="All statuses" data={STATUS_OPTIONS} clearable style={{ flex: '1 1 160px' }} {...filters.choice('status')} />
              <Select
                label="Server" placeholder="All servers" searchable clearable style={{ flex: '1 1 200px' }}
                data={(data?.servers ?? []).map((s) => ({ value: s.id, label: s.name }))} {...filters.choice('serverId')}
              />
              <Select
                label="Product" placeholder="All products" searchable clearable style={{ flex: '1 1 200px' }}
                data={(data?.products ?? []).map((p) => ({ value: p.id, label: p.name }))} {...filters.choice('productId')}
              />
            </ListToolbar>
            <div style={{ maxWidth: 420 }}>
              <AccountFilter accountId={values.accountId} onChange={(id) => filters.set('accountId', id)} />
            </div>
            {data && rows.length > 0 && <Text size="sm" c="dimmed" aria-live="polite">{serviceCountLabel(data.total)}</Text>}
          </>
        )}
      />
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} aria-label="Pages of hosting services" />
        </Group>
      )}
    </Stack>
  );
}

/** /super-admin/services: every hosting service, filtered by status, server, product and account, a page at a time. */
export default function AdminHostingServicesPage() {
  return <RequireSuperAdmin><HostingServicesList /></RequireSuperAdmin>;
}
