import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { EXIT_IMPERSONATION_LABEL, minutesLeft, STOP_IMPERSONATION_FAILED } from '../../common/admin/impersonation/texts.ts';
import { failureText } from '../api/errorTexts.ts';
import { useImpersonation } from '../pages/admin/impersonation/useImpersonation.ts';
import { useSession } from '../session/SessionProvider.tsx';

/** How often the time left is counted again. */
const TICK_MS = 30_000;

/** While a global super admin acts as an account: whose account, why, the time left of the hour, and the exit. */
export function ImpersonationBanner() {
  const { impersonation, refresh } = useSession();
  const { stop } = useImpersonation();
  const [now, setNow] = useState(() => Date.now());
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!impersonation) return undefined;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [impersonation]);

  const left = impersonation ? minutesLeft(impersonation.startedAt, now) : null;
  // The server ends it after the hour; reading the session again shows the operator's own view.
  useEffect(() => {
    if (left === 0) void refresh();
  }, [left, refresh]);

  if (!impersonation) return null;

  const exit = async () => {
    setPending(true);
    setError(null);
    try {
      await stop();
    } catch (err) {
      setError(failureText(STOP_IMPERSONATION_FAILED, err));
    } finally {
      setPending(false);
    }
  };

  return (
    <Paper component="section" aria-label="Impersonation" withBorder p="sm" mb="md" bg="orange.0" style={{ borderColor: 'var(--mantine-color-orange-5)' }}>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>Acting as {impersonation.accountName}</Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>Reason: {impersonation.reason}</Text>
          <Text size="sm" c="dimmed">{left === 1 ? '1 minute left' : `${left} minutes left`}</Text>
        </Stack>
        <Button color="orange" onClick={() => void exit()} loading={pending}>{EXIT_IMPERSONATION_LABEL}</Button>
      </Group>
      {error && <Text c="red" size="sm" mt="xs" role="alert">{error}</Text>}
    </Paper>
  );
}
