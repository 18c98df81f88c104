import { Badge } from '@mantine/core';
import { MAIL_STATUS_LABELS, type MailStatusName } from '../../../../common/admin/mail/texts.ts';
import classes from '../../../components/StackedTable.module.css';

const COLORS: Record<MailStatusName, string> = { stored: 'blue', queued: 'yellow', sent: 'green', failed: 'red' };

export function MailStatusBadge({ status }: { status: MailStatusName }) {
  return <Badge variant="light" color={COLORS[status]} className={classes.badge}>{MAIL_STATUS_LABELS[status]}</Badge>;
}
