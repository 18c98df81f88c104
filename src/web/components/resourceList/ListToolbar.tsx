import { Group, SimpleGrid, type SimpleGridProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface ListToolbarProps {
  /** What the controls filter ("Filter users"): the search landmark's name. */
  label: string;
  /** Many filters line up in a grid of this many columns per width; a few share one wrapping row. */
  grid?: SimpleGridProps['cols'];
  children: ReactNode;
}

/** The search and filters above a list, one landmark for screen readers. */
export function ListToolbar({ label, grid, children }: ListToolbarProps) {
  return grid ? (
    <SimpleGrid cols={grid} spacing="sm" verticalSpacing="xs" role="search" aria-label={label}>{children}</SimpleGrid>
  ) : (
    <Group align="flex-start" gap="sm" wrap="wrap" role="search" aria-label={label}>{children}</Group>
  );
}
