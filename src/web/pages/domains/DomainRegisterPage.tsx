import { PAY_NOW_PARAM } from './order/orderLoadText.ts';
import { Alert, Anchor, Button, Checkbox, Grid, NativeSelect, Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { formatAmount } from '../../../common/billing/billing.ts';
import { NO_ACTIVE_ACCOUNT, NO_DOMAIN_SPECIFIED, ORDER_REDIRECT_DELAY_MS, REGISTRATION_BLOCKED } from '../../../common/domains/orders.ts';
import { tldLabel } from '../../../common/domains/search.ts';
import { useFn, useFnMutation } from '../../api/hooks.ts';
import { LoadFailedAlert } from '../../components/LoadFailedAlert.tsx';
import { FeedbackAlert, useFeedback } from '../../components/MutationFeedback.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageSection } from '../../components/PageSection.tsx';
import { useDelayedNavigate } from '../../components/useDelayedNavigate.ts';
import { useSession } from '../../session/SessionProvider.tsx';
import { ContactFields } from './register/ContactFields.tsx';
import { OrderSummary } from './register/OrderSummary.tsx';
import { CONTACT_FIELDS, type ContactErrors, type ContactField, type ContactValues, ORDER_CREATED, REGISTRATION_PERIODS, domainToRegister, initialContact, periodLabel, priceHintCents, registrationErrors, totalCents, trimmedContact, validateContact } from './register/registrationForm.ts';
import { PRICING_LOAD_FAILED } from './search/resultDisplay.ts';

/** Where 'Back to search' goes: the search the customer came from (the results link passes it), else a new one. */
function useSearchPath(): string {
  const state = useLocation().state as { searchPath?: unknown } | null;
  return typeof state?.searchPath === 'string' && state.searchPath.startsWith('/domains/search') ? state.searchPath : '/domains/search';
}

function BackToSearch() {
  return <Anchor component={Link} to={useSearchPath()} size="sm">← Back to search</Anchor>;
}

/** The page without a form: a missing domain or account, with the way to fix it. */
function CannotRegister({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack maw={720}>
      <PageHeader title="Register a domain" />
      <Alert color="yellow" title={title} role="alert">
        <Text size="sm">{children}</Text>
      </Alert>
    </Stack>
  );
}

interface RegistrationFormProps {
  domain: string;
  tld: string;
  accountId: string;
  /** The price the search showed, in cents: only compared with ours. */
  hintCents: number | null;
}

function RegistrationForm({ domain, tld, accountId, hintCents }: RegistrationFormProps) {
  const { user } = useSession();
  const navigateLater = useDelayedNavigate();
  const pricing = useFn('getTldPricing', {}, { staleTime: 5 * 60_000 });
  const register = useFnMutation('registerDomain');
  const feedback = useFeedback();

  const [years, setYears] = useState(1);
  const [privacyProtection, setPrivacyProtection] = useState(true);
  const [autoRenew, setAutoRenew] = useState(true);
  const [contact, setContact] = useState<ContactValues>(() => initialContact(user));
  const [errors, setErrors] = useState<ContactErrors & { registrationYears?: string }>({});
  const [orderId, setOrderId] = useState<string | null>(null);

  const ourCents = pricing.data?.pricing[tld]?.registerCents ?? null;
  const notSold = pricing.isSuccess && ourCents === null;
  const done = orderId !== null;

  const change = (field: ContactField, value: string) => {
    setContact((now) => ({ ...now, [field]: value }));
    if (errors[field]) setErrors((now) => ({ ...now, [field]: undefined }));
  };

  const focusFirstError = (found: ContactErrors) => {
    const first = CONTACT_FIELDS.find((field) => found[field]);
    if (first) document.getElementById(`contact-${first}`)?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (done || register.isPending) return;
    const found = validateContact(contact);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      feedback.clear();
      focusFirstError(found);
      return;
    }
    if (ourCents === null) {
      feedback.error(REGISTRATION_BLOCKED);
      return;
    }
    feedback.clear();
    register.mutate(
      {
        domain, registrationYears: years, contactInfo: trimmedContact(contact), privacyProtection, autoRenew, accountId,
        // The spec's client sends its prices; the server charges its own and ignores these.
        price: ourCents / 100, totalPrice: totalCents(ourCents, years) / 100,
      },
      {
        onSuccess: (result) => {
          setOrderId(result.orderId);
          feedback.success(ORDER_CREATED);
          navigateLater(`/domains/orders/${encodeURIComponent(result.orderId)}?${PAY_NOW_PARAM}=now`, ORDER_REDIRECT_DELAY_MS);
        },
        onError: (error) => {
          const refused = registrationErrors(error);
          setErrors(refused.fields);
          if (refused.general) feedback.error(refused.general);
          else focusFirstError(refused.fields);
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <PageHeader
        back={<BackToSearch />}
        title={`Register ${domain}`}
        context="Choose the period and options, and who the domain is registered to. You pay on the next page."
      />

      {pricing.isError && <LoadFailedAlert onRetry={() => void pricing.refetch()}>{PRICING_LOAD_FAILED}</LoadFailedAlert>}
      {notSold && (
        <Alert color="yellow" role="alert">
          We do not sell {tldLabel(tld)} domains at the moment. <Anchor component={Link} to="/domains/search">Search for another name</Anchor>.
        </Alert>
      )}
      {ourCents !== null && hintCents !== null && hintCents !== ourCents && (
        <Alert color="blue" role="status">
          The price of {tldLabel(tld)} is now {formatAmount(ourCents)} per year (the search showed {formatAmount(hintCents)}). The summary shows the current price.
        </Alert>
      )}

      <form onSubmit={submit} noValidate aria-label="Domain registration">
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              <PageSection title="Registration options">
                <NativeSelect
                  label="Registration period"
                  data={REGISTRATION_PERIODS.map((y) => ({ value: String(y), label: periodLabel(y, ourCents) }))}
                  value={String(years)}
                  onChange={(e) => setYears(Number(e.currentTarget.value))}
                  error={errors.registrationYears}
                  disabled={done}
                  maw={320}
                />
                <Checkbox
                  label="Privacy protection"
                  description="Hides your name, e-mail, phone and address from the public WHOIS record."
                  checked={privacyProtection}
                  onChange={(e) => setPrivacyProtection(e.currentTarget.checked)}
                  disabled={done}
                />
                <Checkbox
                  label="Auto-renew"
                  description="Renews the domain before it expires, so it is never lost."
                  checked={autoRenew}
                  onChange={(e) => setAutoRenew(e.currentTarget.checked)}
                  disabled={done}
                />
              </PageSection>
              <PageSection title="Registrant contact">
                <Text size="sm" c="dimmed">The registry requires a real contact for every domain; it is also used for the admin and technical contacts.</Text>
                <ContactFields values={contact} errors={errors} disabled={done} onChange={change} />
              </PageSection>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <div style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 0px) + var(--mantine-spacing-md))' }}>
              <PageSection title="Order summary">
                <OrderSummary
                  domain={domain} years={years} pricePerYearCents={ourCents} priceUnavailable={pricing.isError || notSold}
                  privacyProtection={privacyProtection} autoRenew={autoRenew}
                />
                <Button type="submit" fullWidth loading={register.isPending} disabled={done}>Register domain</Button>
                {/* Beside the button, where the eye is after pressing it (on a phone the top of the page is far away). */}
                <FeedbackAlert feedback={feedback} />
                {done && (
                  <Anchor component={Link} to={`/domains/orders/${encodeURIComponent(orderId)}?${PAY_NOW_PARAM}=now`} ta="center">Go to your order now</Anchor>
                )}
              </PageSection>
            </div>
          </Grid.Col>
        </Grid>
      </form>
    </Stack>
  );
}

/** /domains/register?domain=..&price=..: the registration order form for one name, for the active account. */
export default function DomainRegisterPage() {
  const [params] = useSearchParams();
  const { activeAccountId } = useSession();
  const target = domainToRegister(params.get('domain'));

  if (target.kind === 'missing') {
    return (
      <CannotRegister title={NO_DOMAIN_SPECIFIED}>
        Choose a name to register first. <Anchor component={Link} to="/domains/search">Search for a domain</Anchor>
      </CannotRegister>
    );
  }
  if (!activeAccountId) {
    return (
      <CannotRegister title={NO_ACTIVE_ACCOUNT}>
        A domain is registered for an account. <Anchor component={Link} to="/profile">Create or join an account from your profile</Anchor>
      </CannotRegister>
    );
  }
  if (target.kind === 'invalid') {
    return (
      <CannotRegister title="Not a domain name">
        &lsquo;{target.domain}&rsquo; is not a name we can register. <Anchor component={Link} to="/domains/search">Search for a domain</Anchor>
      </CannotRegister>
    );
  }
  return (
    <RegistrationForm
      key={target.domain}
      domain={target.domain} tld={target.tld} accountId={activeAccountId} hintCents={priceHintCents(params.get('price'))}
    />
  );
}
