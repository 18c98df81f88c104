import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { formatPrice } from '../../../../common/billing/billing.ts';
import type { AdminPrice, AdminProduct } from '../../../../common/catalog/contract.ts';
import { PANEL_NAMES } from '../../../../common/hosting/panels.ts';
import type { ProductMapping } from '../../../../common/hosting/productsContract.ts';
import classes from '../../../components/StackedTable.module.css';
import { StackedTable } from '../../../components/StackedTable.tsx';

interface ProductsTableProps {
  products: AdminProduct[];
  /** The product or price being (de)activated: its buttons wait. */
  busyId: string | null;
  onEdit(product: AdminProduct): void;
  onAddPrice(product: AdminProduct): void;
  /** Which products provision on a panel (issue 22), by product id. */
  mappings: Map<string, ProductMapping>;
  onMapHosting(product: AdminProduct): void;
  onToggleProduct(product: AdminProduct): void;
  onTogglePrice(price: AdminPrice): void;
}

const COLUMNS = ['Product', 'Category', 'Popular', 'Status', 'Provisions', 'Prices', 'Subscriptions', 'Actions'];

const ActiveBadge = ({ active }: { active: boolean }) => (
  <Badge variant="light" color={active ? 'green' : 'gray'} className={classes.badge}>{active ? 'active' : 'inactive'}</Badge>
);

function PriceLine({ price, busy, onToggle }: { price: AdminPrice; busy: boolean; onToggle(): void }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Badge variant={price.active ? 'light' : 'outline'} color={price.active ? 'indigo' : 'gray'} className={classes.badge} tt="none" title={price.active ? 'Active price' : 'Inactive price'}>
        {formatPrice(price)}{price.active ? '' : ' (inactive)'}
      </Badge>
      <Button size="compact-xs" variant="subtle" color={price.active ? 'red' : 'green'} onClick={onToggle} loading={busy} aria-label={`${price.active ? 'Deactivate' : 'Activate'} price ${formatPrice(price)}`}>
        {price.active ? 'Deactivate' : 'Activate'}
      </Button>
    </Group>
  );
}

/** Every product with its prices, active or not: the operators' view of the catalogue. */
export function ProductsTable({ products, busyId, onEdit, onAddPrice, mappings, onMapHosting, onToggleProduct, onTogglePrice }: ProductsTableProps) {
  return (
    <StackedTable label="Products" columns={COLUMNS} numeric={['Subscriptions']}>
      {products.map((product) => (
        <Table.Tr key={product.id}>
          <Table.Td data-primary>
            <Stack gap={0}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{product.name}</Text>
              {product.description && <Text size="xs" c="dimmed" lineClamp={2}>{product.description}</Text>}
            </Stack>
          </Table.Td>
          <Table.Td data-label="Category">{product.category ?? '—'}</Table.Td>
          <Table.Td data-label="Popular">{product.popular ? 'Yes' : 'No'}</Table.Td>
          <Table.Td data-label="Status"><ActiveBadge active={product.active} /></Table.Td>
          <Table.Td data-label="Provisions">
            {mappings.has(product.id) ? (
              <Badge variant="light" color="teal" className={classes.badge} tt="none" title={`Package ${mappings.get(product.id)!.package} in ${mappings.get(product.id)!.groupName}`}>
                {PANEL_NAMES[mappings.get(product.id)!.panel]}: {mappings.get(product.id)!.package}
              </Badge>
            ) : <Text size="sm" c="dimmed">No</Text>}
          </Table.Td>
          <Table.Td data-label="Prices">
            <Stack gap={4}>
              {product.prices.length === 0 && <Text size="sm" c="dimmed">No price yet</Text>}
              {product.prices.map((price) => (
                <PriceLine key={price.id} price={price} busy={busyId === price.id} onToggle={() => onTogglePrice(price)} />
              ))}
            </Stack>
          </Table.Td>
          <Table.Td data-label="Subscriptions" ta="right">{product.prices.reduce((n, p) => n + p.subscriptionCount, 0)}</Table.Td>
          <Table.Td data-label="Actions">
            <Group gap={4} wrap="wrap">
              <Button size="compact-sm" variant="default" onClick={() => onEdit(product)} aria-label={`Edit ${product.name}`}>Edit</Button>
              <Button size="compact-sm" variant="default" onClick={() => onAddPrice(product)} aria-label={`Add price to ${product.name}`}>Add price</Button>
              <Button size="compact-sm" variant="default" onClick={() => onMapHosting(product)} aria-label={`Provisioning of ${product.name}`}>Provisioning</Button>
              <Button
                size="compact-sm"
                variant="subtle"
                color={product.active ? 'red' : 'green'}
                loading={busyId === product.id}
                onClick={() => onToggleProduct(product)}
                aria-label={`${product.active ? 'Deactivate' : 'Activate'} ${product.name}`}
              >
                {product.active ? 'Deactivate' : 'Activate'}
              </Button>
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </StackedTable>
  );
}
