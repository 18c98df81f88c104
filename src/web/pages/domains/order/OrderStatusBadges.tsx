import { Badge, Group, Text } from '@mantine/core';
import type { DomainOrder } from '../../../../common/domains/ordersContract.ts';
import { ORDER_STATUS_LABELS } from '../../../../common/domains/orders.ts';
import classes from '../../../components/StackedTable.module.css';
import {
  ORDER_STATUS_COLORS, PAYMENT_STATUS_COLORS, PAYMENT_STATUS_LABELS, REGISTRATION_STATUS_COLORS, REGISTRATION_STATUS_LABELS,
} from './orderBadges.ts';

function Labelled({ label, color, text }: { label: string; color: string; text: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" c="dimmed">{label}</Text>
      <Badge color={color} variant="light" className={classes.badge}>{text}</Badge>
    </Group>
  );
}

/** Order, payment and registration status side by side, each named. */
export function OrderStatusBadges({ order }: { order: DomainOrder }) {
  return (
    <Group gap="lg" wrap="wrap" role="group" aria-label="Order status">
      <Labelled label="Order" color={ORDER_STATUS_COLORS[order.status]} text={ORDER_STATUS_LABELS[order.status]} />
      <Labelled label="Payment" color={PAYMENT_STATUS_COLORS[order.paymentStatus]} text={PAYMENT_STATUS_LABELS[order.paymentStatus]} />
      <Labelled
        label={order.kind === 'renewal' ? 'Renewal' : 'Registration'}
        color={REGISTRATION_STATUS_COLORS[order.registrationStatus]}
        text={order.kind === 'renewal' && order.registrationStatus === 'registered' ? 'Renewed' : REGISTRATION_STATUS_LABELS[order.registrationStatus]}
      />
    </Group>
  );
}
