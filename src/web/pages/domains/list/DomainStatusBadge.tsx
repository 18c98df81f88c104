import { Badge, Group } from '@mantine/core';
import { DOMAIN_STATUS_COLORS, type DomainStatus, expiryWarning } from '../../../../common/domains/domains.ts';
import classes from '../../../components/StackedTable.module.css';
import { domainStatusLabel } from '../../../components/labels.ts';

/** The status in its spec colour, and the expiry warning beside it ('Expires in 5 days' red, 'Expires in 20 days' yellow). */
export function DomainStatusBadge({ status, expirationDate }: { status: DomainStatus; expirationDate: string | null }) {
  const warning = expiryWarning(expirationDate);
  // An expired domain already says so in its status.
  const showWarning = warning && !(status === 'expired' && warning.text === 'Expired');
  return (
    <Group gap={6} wrap="wrap">
      <Badge color={DOMAIN_STATUS_COLORS[status]} variant="light" className={classes.badge}>{domainStatusLabel(status)}</Badge>
      {showWarning && <Badge color={warning.color} variant="light" radius="sm" className={classes.badge}>{warning.text}</Badge>}
    </Group>
  );
}
