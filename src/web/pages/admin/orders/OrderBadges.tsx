import { Badge } from '@mantine/core';
import { PRIORITY_LABELS, type Priority } from '../../../../common/admin/orders/texts.ts';
import { ORDER_STATUS_LABELS, type OrderStatus, type PaymentStatus } from '../../../../common/domains/orders.ts';
import classes from '../../../components/StackedTable.module.css';
import { ORDER_STATUS_COLORS, PAYMENT_STATUS_COLORS, PAYMENT_STATUS_LABELS } from '../../domains/order/orderBadges.ts';

export function StatusBadge({ status }: { status: OrderStatus }) {
  return <Badge color={ORDER_STATUS_COLORS[status]} variant="light" className={classes.badge}>{ORDER_STATUS_LABELS[status]}</Badge>;
}

export function PaymentBadge({ status }: { status: PaymentStatus }) {
  return <Badge color={PAYMENT_STATUS_COLORS[status]} variant="dot" className={classes.badge}>{PAYMENT_STATUS_LABELS[status]}</Badge>;
}

const PRIORITY_COLORS: Record<Priority, string> = { high: 'red', medium: 'orange', low: 'gray' };

export function PriorityBadge({ priority }: { priority: Priority }) {
  return <Badge color={PRIORITY_COLORS[priority]} variant="filled" className={classes.badge}>{PRIORITY_LABELS[priority]}</Badge>;
}
