import { Badge } from '@mantine/core';
import { useSession } from '../../session/SessionProvider.tsx';

/** A small 'Test mode' mark where payments start, so nobody takes the test provider for the real one. */
export function TestModeBadge() {
  const { config } = useSession();
  if (config?.payments.mode !== 'test') return null;
  return <Badge color="orange" variant="light" style={{ flexShrink: 0 }}>Test mode</Badge>;
}
