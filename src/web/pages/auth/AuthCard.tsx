import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../../../common/constants.ts';
import { useSession } from '../../session/SessionProvider.tsx';

/** The centred card the sign-in, sign-up and password pages share. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const { config } = useSession();
  return (
    <Center py="xl">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={440}>
        <Stack gap="lg">
          <Stack gap={4} align="center">
            <Text c="dimmed" size="sm" fw={600}>{config?.productName ?? PRODUCT_NAME}</Text>
            <Title order={2} ta="center">{title}</Title>
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
