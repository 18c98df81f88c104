import { Badge } from '@mantine/core';

/** Account status colours of the spec: active or open green, closed grey, error red, anything else yellow. */
export function accountStatusColor(status: string): string {
  switch (status.toLowerCase()) {
    case 'active':
    case 'open':
      return 'green';
    case 'closed':
      return 'gray';
    case 'error':
      return 'red';
    default:
      return 'yellow';
  }
}

export function AccountStatusBadge({ status }: { status: string | null | undefined }) {
  const label = status || 'unknown';
  return (
    <Badge color={accountStatusColor(label)} variant="light">
      {label}
    </Badge>
  );
}
