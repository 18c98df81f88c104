import { Alert, Anchor, Button, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { groupByCategory, HOSTING_CATEGORY } from '../../../common/billing/billing.ts';
import type { CatalogProduct } from '../../../common/catalog/contract.ts';
import { PLANS_LOAD_FAILED } from '../../api/errorTexts.ts';
import { useFn } from '../../api/hooks.ts';
import { FeedbackAlert } from '../../components/MutationFeedback.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { TestModeBadge } from '../../components/badges/TestModeBadge.tsx';
import { useSession } from '../../session/SessionProvider.tsx';
import { HostingDomainModal } from './HostingDomainModal.tsx';
import { PricingCard } from './PricingCard.tsx';
import { useCheckout } from './useCheckout.ts';
import { YourServices } from './YourServices.tsx';
import { LoadFailedAlert } from '../../components/LoadFailedAlert.tsx';

const TITLES: Record<string, string> = { [HOSTING_CATEGORY]: 'Hosting Plans' };
const CHECKOUT_CANCELLED = 'Checkout cancelled. You have not been charged.';
const MEMBER_NOTE = 'Only the account\'s owner or administrators can subscribe to a plan. Ask one of them to start it.';

const cardGrid = { base: 1, sm: 2, lg: 3 };

function PlansSkeleton() {
  return (
    <SimpleGrid cols={cardGrid} aria-label="Loading plans" aria-busy>
      {[0, 1, 2].map((i) => (
        <Card key={i} withBorder radius="md" padding="lg" aria-hidden>
          <Stack gap="sm">
            <Skeleton height={22} width="50%" />
            <Skeleton height={14} />
            <Skeleton height={32} width="40%" />
            {[0, 1, 2].map((l) => <Skeleton key={l} height={12} width={`${80 - l * 10}%`} />)}
            <Skeleton height={36} mt="sm" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function NoPlans() {
  const { globalRole } = useSession();
  return (
    <Card withBorder radius="md" padding="xl">
      <Stack align="center" gap="xs" ta="center">
        <Text fw={600}>No plans are available right now.</Text>
        <Text size="sm" c="dimmed">Plans you can subscribe to will show here as soon as they are offered.</Text>
        {globalRole === 'super_admin' && (
          <Button component={Link} to="/super-admin/products" mt="xs">Set up products</Button>
        )}
      </Stack>
    </Card>
  );
}

/**
 * /services ('Available Services & Plans', every category) and /services/hosting ('Hosting
 * Plans', one category): the active products as pricing cards, grouped as the spec says.
 */
export default function ServicesPage({ category }: { category?: string }) {
  const { activeAccountId, activeAbilities } = useSession();
  const [params] = useSearchParams();
  const plans = useFn('listProducts', category ? { category } : {});
  const checkout = useCheckout();
  // The abilities come from the server's policy; with no account yet, Start Now says what is missing.
  const memberOnly = activeAccountId !== null && activeAbilities !== null && !activeAbilities.manageBilling;
  const title = category ? TITLES[category] ?? `${category} Plans` : 'Available Services & Plans';

  // A hosting plan that asks for the primary domain asks for it before the checkout starts.
  const [askingDomain, setAskingDomain] = useState<{ priceId: string; planName: string } | null>(null);
  const startPlan = (product: CatalogProduct, priceId: string) => {
    if (product.orderFields.includes('domain')) setAskingDomain({ priceId, planName: product.name });
    else void checkout.start(priceId);
  };

  const cards = (products: CatalogProduct[]) => (
    <SimpleGrid cols={cardGrid}>
      {products.map((product) => (
        <PricingCard
          key={product.id} product={product} busyPriceId={checkout.busyPriceId} disabled={memberOnly} onStart={(priceId) => startPlan(product, priceId)}
          headingOrder={category ? 2 : 3}
        />
      ))}
    </SimpleGrid>
  );

  let body;
  if (plans.isPending) {
    body = <PlansSkeleton />;
  } else if (plans.isError) {
    body = (
      <LoadFailedAlert onRetry={() => plans.refetch()}>{PLANS_LOAD_FAILED}</LoadFailedAlert>
    );
  } else {
    const groups = groupByCategory(plans.data.products);
    if (groups.length === 0) body = <NoPlans />;
    else if (category) body = cards(groups.flatMap((g) => g.products));
    else {
      body = groups.map((group) => (
        <Stack key={group.category} gap="sm" component="section" aria-label={group.category}>
          <Title order={2} size="h3">{group.category}</Title>
          {cards(group.products)}
        </Stack>
      ));
    }
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        badges={<TestModeBadge />}
        context={(
          <>
            Pick a plan for your active account; you pay on the payment provider&apos;s secure page.
            {' '}Your subscriptions and invoices are on <Anchor component={Link} to="/billing" underline="always">Billing</Anchor>.
          </>
        )}
      />
      {params.get('checkout') === 'cancelled' && <Alert color="blue" role="status">{CHECKOUT_CANCELLED}</Alert>}
      {memberOnly && <Alert color="blue">{MEMBER_NOTE}</Alert>}
      <FeedbackAlert feedback={checkout.feedback} closable />
      {!category && activeAccountId && <YourServices accountId={activeAccountId} />}
      {body}
      {askingDomain && (
        <HostingDomainModal
          planName={askingDomain.planName} onClose={() => setAskingDomain(null)}
          onConfirm={(domain) => {
            setAskingDomain(null);
            void checkout.start(askingDomain.priceId, { domain });
          }}
        />
      )}
    </Stack>
  );
}
