import { Badge, Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { AdminPrice, AdminProduct } from '../../../../common/catalog/contract.ts';
import { PRODUCTS_LOAD_FAILED } from '../../../api/errorTexts.ts';
import { useFn, useFnMutation } from '../../../api/hooks.ts';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { HostingMappingModal } from './HostingMappingModal.tsx';
import { PriceFormModal } from './PriceFormModal.tsx';
import { ProductFormModal } from './ProductFormModal.tsx';
import { ProductsTable } from './ProductsTable.tsx';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert.tsx';

type Dialog = { kind: 'product'; product: AdminProduct | null } | { kind: 'price'; product: AdminProduct } | { kind: 'hosting'; product: AdminProduct } | null;

const refreshes = ['adminListProducts', 'listProducts'] as const;

function EmptyCatalogue({ onCreate }: { onCreate(): void }) {
  return (
    <Paper withBorder p="xl">
      <Stack align="center" gap="xs" ta="center">
        <Text fw={600}>No products yet.</Text>
        <Text size="sm" c="dimmed">Products and their prices are the plans customers see on /services and subscribe to.</Text>
        <Button onClick={onCreate} mt="xs">New product</Button>
      </Stack>
    </Paper>
  );
}

function Products() {
  const catalogue = useFn('adminListProducts', {});
  const hosting = useFn('listHostingProducts', {});
  const mappings = new Map((hosting.data?.mappings ?? []).map((m) => [m.productId, m]));
  const saveProduct = useFnMutation('adminSaveProduct', [...refreshes]);
  const savePrice = useFnMutation('adminSavePrice', [...refreshes]);
  const sync = useFnMutation('syncPaymentCatalog', [...refreshes]);
  const feedback = useFeedback();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const runSync = async () => {
    feedback.clear();
    try {
      feedback.success((await sync.mutateAsync({})).message);
    } catch (error) {
      feedback.failure('Sync failed', error);
    }
  };
  const toggleProduct = async (product: AdminProduct) => {
    feedback.clear();
    setBusyId(product.id);
    try {
      const { id, name, description, category, popular, features } = product;
      await saveProduct.mutateAsync({ id, name, description, category, popular, features, active: !product.active });
      feedback.success(`${name} is now ${product.active ? 'inactive' : 'active'}.`);
    } catch (error) {
      feedback.failure('Failed to save', error);
    } finally {
      setBusyId(null);
    }
  };
  const togglePrice = async (price: AdminPrice) => {
    feedback.clear();
    setBusyId(price.id);
    try {
      const { id, productId, unitAmount, currency, interval } = price;
      await savePrice.mutateAsync({ id, productId, unitAmount, currency, interval, active: !price.active });
    } catch (error) {
      feedback.failure('Failed to save', error);
    } finally {
      setBusyId(null);
    }
  };

  let body;
  if (catalogue.isPending) body = <Stack aria-busy aria-label="Loading products">{[0, 1, 2].map((i) => <Skeleton key={i} height={56} />)}</Stack>;
  else if (catalogue.isError) {
    body = (
      <LoadFailedAlert onRetry={() => catalogue.refetch()}>{PRODUCTS_LOAD_FAILED}</LoadFailedAlert>
    );
  } else if (catalogue.data.products.length === 0) body = <EmptyCatalogue onCreate={() => setDialog({ kind: 'product', product: null })} />;
  else {
    body = (
      <ProductsTable
        products={catalogue.data.products}
        busyId={busyId}
        onEdit={(product) => setDialog({ kind: 'product', product })}
        onAddPrice={(product) => setDialog({ kind: 'price', product })}
        mappings={mappings}
        onMapHosting={(product) => setDialog({ kind: 'hosting', product })}
        onToggleProduct={toggleProduct}
        onTogglePrice={togglePrice}
      />
    );
  }
  const mode = catalogue.data?.mode;
  const close = () => setDialog(null);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Products"
        badges={mode && <Badge color={mode === 'test' ? 'orange' : 'indigo'} variant="light">{mode === 'test' ? 'Test mode' : 'Stripe'}</Badge>}
        context={mode === 'stripe'
          ? 'The catalogue follows Stripe: changes made here are made in Stripe first.'
          : 'The plans customers see and subscribe to. A price never changes: add a new one and deactivate the old.'}
        actions={(
          <>
            <Button variant="default" onClick={runSync} loading={sync.isPending}>Sync with payment provider</Button>
            <Button onClick={() => setDialog({ kind: 'product', product: null })}>New product</Button>
          </>
        )}
      />
      <FeedbackAlert feedback={feedback} closable />
      {body}
      {dialog?.kind === 'product' && (
        <ProductFormModal
          key={dialog.product?.id ?? 'new'}
          product={dialog.product}
          opened
          onClose={close}
          onSaved={(product) => {
            close();
            feedback.success(`${product.name} saved.`);
          }}
        />
      )}
      {dialog?.kind === 'hosting' && (
        <HostingMappingModal
          product={dialog.product}
          mapping={mappings.get(dialog.product.id) ?? null}
          onClose={close}
          onSaved={(message) => {
            close();
            feedback.success(message);
          }}
        />
      )}
      {dialog?.kind === 'price' && (
        <PriceFormModal
          product={dialog.product}
          opened
          onClose={close}
          onSaved={() => {
            close();
            feedback.success(`Price added to ${dialog.product.name}.`);
          }}
        />
      )}
    </Stack>
  );
}

/** /super-admin/products: the catalogue's products and prices, for global super admins. */
export default function AdminProductsPage() {
  return <RequireSuperAdmin><Products /></RequireSuperAdmin>;
}
