import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { formatAmount } from '../../../../common/billing/billing.ts';
import { POPULAR_TLDS_MAX, popularTlds, tldLabel } from '../../../../common/domains/search.ts';

interface PopularTldsProps {
  pricedTlds: Readonly<Record<string, number>> | null;
  /** The prices could not be loaded: the pricing panel says so, this list stays away. */
  failed: boolean;
  onPick(tld: string): void;
}

/** The popular extensions we price (up to 8); picking one searches the typed name with it. */
export function PopularTlds({ pricedTlds, failed, onPick }: PopularTldsProps) {
  const tlds = pricedTlds ? popularTlds(pricedTlds) : null;
  if (failed || (tlds && tlds.length === 0)) return null;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id="popular-extensions">Popular extensions</Text>
      <Group gap="xs" role="group" aria-labelledby="popular-extensions">
        {tlds && pricedTlds
          ? tlds.map((tld) => (
            <Button key={tld} size="compact-sm" variant="light" onClick={() => onPick(tld)} aria-label={`Search ${tldLabel(tld)} ${formatAmount(pricedTlds[tld] ?? 0)}`}>
              {tldLabel(tld)}&nbsp;<Text span size="xs" inherit fw={400}>{formatAmount(pricedTlds[tld] ?? 0)}</Text>
            </Button>
          ))
          : Array.from({ length: POPULAR_TLDS_MAX }, (_, i) => <Skeleton key={i} height={26} width={96} radius="md" aria-hidden />)}
      </Group>
    </Stack>
  );
}
