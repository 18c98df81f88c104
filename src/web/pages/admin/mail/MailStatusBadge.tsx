import { Badge } from '@mantine/core';
import type { MailLink } from '../../../../common/admin/mail/contract.ts';
import { MAIL_LINK_LABELS, MAIL_STATUS_LABELS, type MailStatusName } from '../../../../common/admin/mail/texts.ts';
import classes from '../../../components/StackedTable.module.css';

const COLORS: Record<MailStatusName, string> = { stored: 'blue', queued: 'yellow', sent: 'green', failed: 'red' };

export function MailStatusBadge({ status }: { status: MailStatusName }) {
  return <Badge variant="light" color={COLORS[status]} className={classes.badge}>{MAIL_STATUS_LABELS[status]}</Badge>;
}

/** Whether the one-time link the message carries did its job: a used link is no longer worth handing on. */
export function MailLinkBadge({ link }: { link: MailLink | null }) {
  if (!link) return null;
  const label = MAIL_LINK_LABELS[link.kind][link.used ? 'used' : 'unused'];
  return <Badge variant={link.used ? 'filled' : 'outline'} color={link.used ? 'gray' : 'blue'} className={classes.badge}>{label}</Badge>;
}
