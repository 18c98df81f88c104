import { Badge } from '@mantine/core';
import type { InvoiceStatus, SubscriptionStatus } from '../../../common/billing/billing.ts';
import { invoiceStatusColor, statusLabel, subscriptionStatusColor } from './billingStatus.ts';
import classes from '../StackedTable.module.css';

export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  return <Badge color={subscriptionStatusColor(status)} variant="light" className={classes.badge}>{statusLabel(status)}</Badge>;
}

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge color={invoiceStatusColor(status)} variant="light" className={classes.badge}>{statusLabel(status)}</Badge>;
}
