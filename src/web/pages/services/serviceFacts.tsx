import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import type { AccountService } from '../../../common/hosting/servicesContract.ts';
import { formatDate, formatDateTime } from '../../components/dateFormat.ts';

/** While a service is being set up the runner finishes it without a billing change to announce it: look again now and then. */
export const SETUP_POLL_MS = 10_000;

const STATUS: Record<AccountService['status'], { label: string; color: string }> = {
  pending: { label: 'Being set up', color: 'blue' },
  active: { label: 'Active', color: 'green' },
  suspended: { label: 'Suspended', color: 'orange' },
  terminated: { label: 'Terminated', color: 'gray' },
};

export function ServiceStatusBadge({ status }: { status: AccountService['status'] }) {
  return <Badge color={STATUS[status].color} variant="light" style={{ flexShrink: 0 }}>{STATUS[status].label}</Badge>;
}

/** Sizes the panels report in MB, in the unit a person reads. */
export function formatMb(mb: number): string {
  return mb >= 1024 ? `${(mb / 1024).toFixed(mb >= 10 * 1024 ? 0 : 1)} GB` : `${Math.round(mb)} MB`;
}

function UsageBar({ label, used, limit }: { label: string; used: number | null; limit: number | null }) {
  if (used === null) return null;
  const text = limit ? `${formatMb(used)} of ${formatMb(limit)}` : `${formatMb(used)} (no limit)`;
  return (
    <Stack gap={2}>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">{label}</Text>
        <Text size="xs">{text}</Text>
      </Group>
      {limit ? <Progress value={Math.min(100, (used / limit) * 100)} size="sm" aria-label={`${label}: ${text}`} /> : null}
    </Stack>
  );
}

/** Disk, bandwidth and mailboxes as the panel last reported them; nothing when it reports none. */
export function ServiceUsage({ usage }: { usage: AccountService['usage'] }) {
  if (!usage) return null;
  return (
    <Stack gap="xs">
      <UsageBar label="Disk" used={usage.diskUsedMb} limit={usage.diskLimitMb} />
      <UsageBar label="Bandwidth" used={usage.bandwidthUsedMb} limit={usage.bandwidthLimitMb} />
      {usage.mailboxes !== null && <Text size="xs"><Text span c="dimmed">Mailboxes: </Text>{usage.mailboxes}</Text>}
      {usage.readAt && <Text size="xs" c="dimmed">Usage as of {formatDateTime(usage.readAt)}</Text>}
    </Stack>
  );
}

/** The facts a customer looks a service up for, as label and value pairs. */
export function serviceFacts(service: AccountService): [string, string][] {
  return [
    ['Plan', service.plan ?? 'N/A'],
    ['Server', service.server ?? 'N/A'],
    ['Domain', service.domain ?? 'N/A'],
    ['Renews', formatDate(service.renewsAt)],
  ];
}
