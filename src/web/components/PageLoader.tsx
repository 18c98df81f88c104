import { Center, Loader, Stack, Text } from '@mantine/core';

export function PageLoader({ label }: { label?: string }) {
  return (
    <Center mih={240}>
      <Stack align="center" gap="xs">
        <Loader size="md" />
        {label && <Text c="dimmed">{label}</Text>}
      </Stack>
    </Center>
  );
}
