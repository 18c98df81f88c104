import { Badge, Button, Checkbox, Group, Menu, Switch, Table, Text, Tooltip } from '@mantine/core';
import type { AdminWebhook } from '../../../../common/admin/webhooks/contract.ts';
import { RelativeTime } from '../../../components/RelativeTime.tsx';
import classes from '../../../components/StackedTable.module.css';

export const WEBHOOK_COLUMNS = ['Select', 'Webhook', 'Health', 'Success rate', 'Avg response', 'Deliveries', 'Last delivery', 'Active', 'Actions'];
export const WEBHOOK_NUMERIC = ['Success rate', 'Avg response', 'Deliveries'];

interface WebhookRowProps {
  webhook: AdminWebhook;
  selected: boolean;
  busy: boolean;
  onSelect(): void;
  onEdit(): void;
  onDuplicate(): void;
  onToggle(): void;
  onRotate(): void;
  onDelete(): void;
}

/** The health badge of spec §4, with the engine's reason when it switched the webhook off. */
export function WebhookHealthBadge({ webhook }: { webhook: AdminWebhook }) {
  const badge = <Badge color={webhook.badge.color} variant="light" className={classes.badge}>{webhook.badge.label}</Badge>;
  return webhook.health.disabledReason ? <Tooltip label={webhook.health.disabledReason} multiline w={260}>{badge}</Tooltip> : badge;
}

export function WebhookRow({ webhook: w, selected, busy, onSelect, onEdit, onDuplicate, onToggle, onRotate, onDelete }: WebhookRowProps) {
  const s = w.statistics;
  return (
    <Table.Tr>
      <Table.Td data-label="Select"><Checkbox aria-label={`Select ${w.name}`} checked={selected} onChange={onSelect} /></Table.Td>
      <Table.Td data-primary>
        <div>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{w.name}</Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{w.method} {w.url}</Text>
        </div>
      </Table.Td>
      <Table.Td data-label="Health"><WebhookHealthBadge webhook={w} /></Table.Td>
      <Table.Td data-label="Success rate" ta="right">{s.totalDeliveries ? `${s.successRate}%` : '—'}</Table.Td>
      <Table.Td data-label="Avg response" ta="right">{s.totalDeliveries ? `${s.averageResponseTime} ms` : '—'}</Table.Td>
      <Table.Td data-label="Deliveries" ta="right"><span>{s.totalDeliveries} <Text span size="xs" c="dimmed">({s.failedDeliveries} failed)</Text></span></Table.Td>
      <Table.Td data-label="Last delivery">{s.lastDelivery ? <RelativeTime value={s.lastDelivery} /> : 'Never'}</Table.Td>
      <Table.Td data-label="Active">
        <Switch checked={w.isActive} disabled={busy} onChange={onToggle} aria-label={`${w.isActive ? 'Deactivate' : 'Activate'} ${w.name}`} />
      </Table.Td>
      <Table.Td data-label="Actions">
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="default" onClick={onEdit} aria-label={`Edit ${w.name}`}>Edit</Button>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target><Button size="xs" variant="default" aria-label={`More actions for ${w.name}`}>More</Button></Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={onDuplicate}>Duplicate</Menu.Item>
              <Menu.Item onClick={onRotate}>Rotate secret</Menu.Item>
              <Menu.Divider />
              <Menu.Item color="red" onClick={onDelete}>Delete</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
