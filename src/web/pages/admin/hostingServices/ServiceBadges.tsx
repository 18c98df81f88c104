import { Badge } from '@mantine/core';
import type { HostingServiceStatus } from '../../../../common/hosting/servicesContract.ts';
import type { HostingServiceStep } from '../../../../common/hosting/adminServicesContract.ts';
import { SERVICE_STATUS_LABELS, STEP_STATUS_LABELS } from '../../../../common/hosting/adminServicesTexts.ts';

const SERVICE_COLORS: Record<HostingServiceStatus, string> = { pending: 'blue', active: 'green', suspended: 'orange', terminated: 'gray' };
const STEP_COLORS: Record<HostingServiceStep['status'], string> = {
  queued: 'blue', running: 'blue', waiting: 'yellow', done: 'green', failed: 'red', resolved: 'teal', cancelled: 'gray',
};

export function ServiceStatusBadge({ status }: { status: HostingServiceStatus }) {
  return <Badge color={SERVICE_COLORS[status]} variant="light" style={{ flexShrink: 0 }}>{SERVICE_STATUS_LABELS[status]}</Badge>;
}

export function StepStatusBadge({ status }: { status: HostingServiceStep['status'] }) {
  return <Badge color={STEP_COLORS[status]} variant="light" style={{ flexShrink: 0 }}>{STEP_STATUS_LABELS[status]}</Badge>;
}
