import { Badge } from '@mantine/core';
import { TICKET_STATUS_LABELS, type TicketStatus } from '../../common/constants.ts';

/** Open is green (spec); the support desk's answered blue, customer-reply orange, closed grey. */
const COLORS: Record<TicketStatus, string> = { open: 'green', answered: 'blue', 'customer-reply': 'orange', closed: 'gray' };

const isKnown = (status: string): status is TicketStatus => Object.hasOwn(COLORS, status);

/** Ticket status as a badge; 'unknown' (grey) when missing. */
export function TicketStatusBadge({ status, className }: { status: string | null | undefined; className?: string }) {
  const known = status && isKnown(status) ? status : null;
  return (
    <Badge color={known ? COLORS[known] : 'gray'} variant="light" className={className}>
      {known ? TICKET_STATUS_LABELS[known] : (status || 'unknown')}
    </Badge>
  );
}
