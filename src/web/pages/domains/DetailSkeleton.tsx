import { Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';

/** The loading shape of a domain's and an order's page: the title lines, then two cards of rows. */
export function DetailSkeleton({ label, titleWidths }: { label: string; titleWidths: string[] }) {
  return (
    <Stack gap="lg" aria-label={label} aria-busy>
      {titleWidths.map((width, index) => <Skeleton key={width} height={index === 0 ? 34 : 26} width={width} />)}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {[0, 1].map((i) => (
          <Card key={i} withBorder radius="md" padding="lg" aria-hidden>
            <Stack gap="sm">{[0, 1, 2, 3].map((l) => <Skeleton key={l} height={22} />)}</Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
