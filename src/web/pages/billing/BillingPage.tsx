import { Alert, Card, Skeleton, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { BILLING_MANAGE_DENIED } from '../../../common/billing/texts.ts';
import { liveTopics } from '../../../common/live.ts';
import { BILLING_MANAGED_BY_ADMIN, billingLoadText, NO_ACTIVE_ACCOUNT_SELECTED } from '../../api/errorTexts.ts';
import { fnKey, useFn } from '../../api/hooks.ts';
import { useLiveTopic } from '../../api/useLiveTopic.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { TestModeBadge } from '../../components/badges/TestModeBadge.tsx';
import { useSession } from '../../session/SessionProvider.tsx';
import { BillingProfileForm } from './BillingProfileForm.tsx';
import { InvoicesTable, invoicesKey } from './InvoicesTable.tsx';
import { BillingNotActivated, PaymentSection } from './PaymentSection.tsx';
import { PageSection } from '../../components/PageSection.tsx';
import { LoadFailedAlert } from '../../components/LoadFailedAlert.tsx';

const CHECKOUT_SUCCEEDED = 'Payment received. Your subscription is now active.';
const PAYMENT_CONFIRMING = 'Your payment is being confirmed: your plan shows here in a moment.';

function LoadingBilling() {
  return (
    <Stack aria-label="Loading billing" aria-busy>
      <Skeleton height={32} width="50%" />
      {[0, 1].map((i) => (
        <Card key={i} withBorder radius="md" padding="lg" aria-hidden>
          <Stack gap="sm">{[0, 1, 2].map((l) => <Skeleton key={l} height={30} />)}</Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** The active account's billing, kept fresh by its live topic: a webhook that lands late shows up without a reload. */
function AccountBilling({ accountId }: { accountId: string }) {
  const overview = useFn('getBillingOverview', { accountId });
  useLiveTopic(overview.isSuccess ? liveTopics.billing(accountId) : null, fnKey('getBillingOverview', { accountId }), invoicesKey(accountId));
  const [params, setParams] = useSearchParams();
  const checkoutSucceeded = params.get('checkout') === 'success';

  if (overview.isPending) return <LoadingBilling />;
  if (overview.isError) {
    return (
      <LoadFailedAlert onRetry={() => overview.refetch()}>{billingLoadText(overview.error)}</LoadFailedAlert>
    );
  }
  const { account, profile, customerId, canEdit, subscriptions } = overview.data;
  const dismissSuccess = () => setParams((p) => {
    p.delete('checkout');
    return p;
  }, { replace: true });

  return (
    <Stack gap="lg">
      <PageHeader title={`Billing Profile: ${account.name}`} badges={<TestModeBadge />} context="Who is billed, how the account pays, its plans and its invoices." />
      {checkoutSucceeded && (
        <Alert color="green" role="status" withCloseButton closeButtonLabel="Dismiss" onClose={dismissSuccess}>{CHECKOUT_SUCCEEDED}</Alert>
      )}

      <PageSection title="Billing details">
        {canEdit ? <BillingProfileForm accountId={accountId} profile={profile} /> : (
          <Stack gap="xs">
            <Alert color="yellow" role="alert">{BILLING_MANAGE_DENIED}</Alert>
            {!customerId && <Text size="sm" c="dimmed">{BILLING_MANAGED_BY_ADMIN}</Text>}
          </Stack>
        )}
      </PageSection>

      {customerId ? (
        <PageSection title="Payment Methods & Subscriptions">
          <PaymentSection accountId={accountId} customerId={customerId} canEdit={canEdit} subscriptions={subscriptions} />
        </PageSection>
      ) : checkoutSucceeded ? (
        // The provider's confirmation may land a moment after the customer: the live topic brings it in.
        <Alert color="blue" role="status">{PAYMENT_CONFIRMING}</Alert>
      ) : canEdit && <BillingNotActivated />}

      <PageSection title="Invoices">
        <InvoicesTable accountId={accountId} />
      </PageSection>
    </Stack>
  );
}

/** /billing: the active account's billing profile, payment customer, subscriptions and invoices. */
export default function BillingPage() {
  const { activeAccountId } = useSession();
  if (!activeAccountId) return <Alert color="yellow" role="alert">{NO_ACTIVE_ACCOUNT_SELECTED}</Alert>;
  return <AccountBilling key={activeAccountId} accountId={activeAccountId} />;
}
