import { Badge, Button, Card, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { formatPrice } from '../../../common/billing/billing.ts';
import type { CatalogPrice, CatalogProduct } from '../../../common/catalog/contract.ts';

interface PricingCardProps {
  product: CatalogProduct;
  /** The price whose checkout is starting, on any card: every button waits meanwhile. */
  busyPriceId: string | null;
  /** Members who do not manage billing see the plans but cannot start one. */
  disabled: boolean;
  onStart(priceId: string): void;
  /** 2 right under the page's title (one category), 3 under a category's heading. */
  headingOrder: 2 | 3;
}

const PROCESSING = 'Processing...';

/**
 * One plan: name, 'Popular', description, the first price big (the server sends them in the
 * spec's order) with Start Now, and the product's other prices small, each of which can be
 * chosen instead (a yearly plan).
 */
export function PricingCard({ product, busyPriceId, disabled, onStart, headingOrder }: PricingCardProps) {
  const [main, ...others] = product.prices;
  const waiting = disabled || busyPriceId !== null;
  const busy = (price: CatalogPrice) => busyPriceId === price.id;
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={product.name}>
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Title order={headingOrder} size="h4" style={{ overflowWrap: 'anywhere' }}>{product.name}</Title>
            {product.popular && <Badge color="indigo" variant="filled" style={{ flexShrink: 0 }}>Popular</Badge>}
          </Group>
          {product.description && <Text size="sm" c="dimmed">{product.description}</Text>}
          {main && <Text fz={28} fw={700} lh={1.2}>{formatPrice(main)}</Text>}
          {product.features.length > 0 && (
            <List size="sm" spacing={4} aria-label={`${product.name} features`}>
              {product.features.map((feature) => <List.Item key={feature}>{feature}</List.Item>)}
            </List>
          )}
        </Stack>
        <Stack gap={4} mt="sm">
          {main && (
            <Button fullWidth onClick={() => onStart(main.id)} disabled={waiting} leftSection={busy(main) ? <Loader size={14} color="currentColor" /> : undefined}>
              {busy(main) ? PROCESSING : 'Start Now'}
            </Button>
          )}
          {others.map((price) => (
            <Button key={price.id} variant="subtle" size="compact-sm" onClick={() => onStart(price.id)} disabled={waiting}>
              {busy(price) ? PROCESSING : `or ${formatPrice(price)}`}
            </Button>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
