import { Text } from '@mantine/core';
import { PRODUCT_NAME } from '../../common/constants.ts';
import { useSession } from '../session/SessionProvider.tsx';

export function AppFooter() {
  const { config } = useSession();
  return (
    <Text component="footer" size="sm" c="dimmed" ta="center" py="md" mt="xl" style={{ borderTop: '1px solid var(--app-shell-border-color)' }}>
      © {new Date().getFullYear()} {config?.productName ?? PRODUCT_NAME}. All rights reserved.
    </Text>
  );
}
