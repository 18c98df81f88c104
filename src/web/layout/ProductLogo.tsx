import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../common/constants.ts';
import { useSession } from '../session/SessionProvider.tsx';

/** The logo mark and the product name from the server's public configuration. */
export function ProductLogo() {
  const { config } = useSession();
  const name = config?.productName ?? PRODUCT_NAME;
  return (
    <UnstyledButton component={Link} to="/" aria-label={`${name} home`}>
      <Group gap={8} wrap="nowrap">
        <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true">
          <rect width="28" height="28" rx="7" fill="var(--mantine-primary-color-filled)" />
          <path d="M8 20V8h6.5a4 4 0 0 1 0 8H11" stroke="white" strokeWidth="2.5" fill="none" strokeLinecap="round" />
        </svg>
        <Text fw={700} size="lg" visibleFrom="xs">{name}</Text>
      </Group>
    </UnstyledButton>
  );
}
