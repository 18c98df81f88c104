import { Badge } from '@mantine/core';

/** Ticket status as the spec shows it: open is green, anything else grey, 'unknown' when missing. */
export function TicketStatusBadge({ status, className }: { status: string | null | undefined; className?: string }) {
  const label = status || 'unknown';
  return (
    <Badge color={label === 'open' ? 'green' : 'gray'} variant="light" className={className}>
      {label}
    </Badge>
  );
}
