import { Badge } from '@mantine/core';
import type { TicketStatus } from '../../../common/constants.ts';
import { ticketStatusLabel } from '../labels.ts';

/** Open is green (spec); the support desk's answered blue, customer-reply orange, closed grey. */
const COLORS: Record<TicketStatus, string> = { open: 'green', answered: 'blue', 'customer-reply': 'orange', closed: 'gray' };

/** Ticket status as a badge, in words ('Customer reply'); 'Unknown' (grey) when missing. */
export function TicketStatusBadge({ status, className }: { status: string | null | undefined; className?: string }) {
  const label = status || 'unknown';
  const text = status ? ticketStatusLabel(status) : 'Unknown';
  return (
    <Badge color={Object.hasOwn(COLORS, label) ? COLORS[label as TicketStatus] : 'gray'} variant="light" className={className}>
      {text}
    </Badge>
  );
}
