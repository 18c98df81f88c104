import { Badge } from '@mantine/core';
import type { HostingServiceStatus } from '../../../../common/hosting/servicesContract.ts';
import { SERVICE_STATUS_LABELS } from '../../../../common/hosting/adminServicesTexts.ts';
import classes from '../../../components/StackedTable.module.css';

const SERVICE_COLORS: Record<HostingServiceStatus, string> = { pending: 'blue', active: 'green', suspended: 'orange', terminated: 'gray' };

export function ServiceStatusBadge({ status }: { status: HostingServiceStatus }) {
  return <Badge color={SERVICE_COLORS[status]} variant="light" className={classes.badge}>{SERVICE_STATUS_LABELS[status]}</Badge>;
}
