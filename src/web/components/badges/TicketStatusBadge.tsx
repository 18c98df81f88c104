import { Badge } from '@mantine/core';
import type { TicketStatus } from '../../../common/constants.ts';

/** Open is green (spec); the support desk's answered blue, customer-reply orange, closed grey. */
const COLORS: Record<TicketStatus, string> = { open: 'green', answered: 'blue', 'customer-reply': 'orange', closed: 'gray' };

/** Ticket status as a badge, its stored word as the spec shows it; 'unknown' (grey) when missing. */
export function TicketStatusBadge({ status, className }: { status: string | null | undefined; className?: string }) {
  const label = status || 'unknown';
  return (
    <Badge color={Object.hasOwn(COLORS, label) ? COLORS[label as TicketStatus] : 'gray'} variant="light" className={className}>
      {label}
    </Badge>
  );
}
