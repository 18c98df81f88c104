import { Badge } from '@mantine/core';
import { DELIVERY_STATUS_LABELS, type DeliveryStatusName } from '../../../../common/admin/deliveries/texts.ts';
import classes from '../../../components/StackedTable.module.css';

const COLORS: Record<DeliveryStatusName, string> = { success: 'green', failed: 'red', pending: 'blue' };

export function DeliveryStatusBadge({ status }: { status: DeliveryStatusName }) {
  return <Badge variant="light" color={COLORS[status]} className={classes.badge}>{DELIVERY_STATUS_LABELS[status]}</Badge>;
}
