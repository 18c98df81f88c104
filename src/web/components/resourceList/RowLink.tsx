import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A link in a list row: the row's title (bold) or, `secondary`, a related object (small). Long
 * names and addresses break anywhere rather than widen the table.
 */
export function RowLink({ to, secondary = false, children }: { to: string; secondary?: boolean; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} fw={secondary ? undefined : 600} size={secondary ? 'sm' : undefined} style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Anchor>
  );
}
