import { Badge } from '@mantine/core';

/** Ticket status as the spec shows it: open is green, anything else grey, 'unknown' when missing. */
export function TicketStatusBadge({ status }: { status: string | null | undefined }) {
  const label = status || 'unknown';
  return (
    <Badge color={label === 'open' ? 'green' : 'gray'} variant="light">
      {label}
    </Badge>
  );
}
