import { Badge } from '@mantine/core';
import { SEVERITY_COLORS } from '../../../../common/admin/events/texts.ts';
import classes from '../../../components/StackedTable.module.css';
import { valueLabel } from '../../../components/labels.ts';

export function SeverityBadge({ severity }: { severity: string }) {
  return <Badge variant="light" color={SEVERITY_COLORS[severity] ?? 'gray'} className={classes.badge}>{valueLabel(severity)}</Badge>;
}

/** Spec §4: an event shows Processed (handed to the flows) or Pending. */
export function ProcessedBadge({ processed }: { processed: boolean }) {
  return <Badge variant="light" color={processed ? 'green' : 'gray'} className={classes.badge}>{processed ? 'Processed' : 'Pending'}</Badge>;
}
