import { Anchor, Group, Skeleton, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { FAILED_TO_LOAD_SERVICE } from '../../../../common/hosting/adminServicesTexts.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { useFn } from '../../../api/hooks.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { formatDateTime } from '../../../components/dateFormat.ts';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert.tsx';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { ServiceActions } from './ServiceActions.tsx';
import { ServiceStatusBadge } from './ServiceBadges.tsx';
import { ServiceFacts } from './ServiceFacts.tsx';
import { ServiceHistory } from './ServiceHistory.tsx';

/** While a step is queued or running the page reads the service again, so the status changes by itself. */
const BUSY_REFRESH_MS = 3_000;

function ServiceDetail({ serviceId }: { serviceId: string }) {
  const detail = useFn('getHostingService', { serviceId }, {
    refetchInterval: (query) => (query.state.data?.service.busy ? BUSY_REFRESH_MS : false),
  });

  if (detail.isPending) return <Stack aria-busy aria-label="Loading hosting service">{[0, 1, 2].map((i) => <Skeleton key={i} height={120} />)}</Stack>;
  if (detail.isError) return <LoadFailedAlert onRetry={() => detail.refetch()}>{failureText(FAILED_TO_LOAD_SERVICE, detail.error)}</LoadFailedAlert>;
  const { service, steps } = detail.data;
  return (
    <Stack gap="lg">
      <PageHeader
        title={service.domain ?? service.username ?? service.id}
        badges={<ServiceStatusBadge status={service.status} />}
        context={<>{service.productName} · service {service.id} · since {formatDateTime(service.createdAt)}</>}
      />
      <ServiceActions service={service} />
      <ServiceFacts service={service} />
      <ServiceHistory steps={steps} />
    </Stack>
  );
}

/** /super-admin/services/{serviceId}: one hosting service, its actions run by hand, SSO as the customer, and its job history. */
export default function AdminHostingServicePage() {
  const { serviceId = '' } = useParams();
  return (
    <RequireSuperAdmin>
      <Stack gap="md">
        <Group gap="md">
          <Anchor component={Link} to="/super-admin/services" size="sm">← All hosting services</Anchor>
        </Group>
        <ServiceDetail key={serviceId} serviceId={serviceId} />
      </Stack>
    </RequireSuperAdmin>
  );
}
