import { randomBytes } from 'node:crypto';
import type { CheckoutMode } from '../../../../common/billing/billing.ts';
import type { HostingOrderInput } from '../../../../common/hosting/orderFields.ts';
import {
  BILLING_NOT_ACTIVATED, PAYMENT_CUSTOMER_UNKNOWN, PAYMENT_PROVIDER_UNAVAILABLE, PLAN_UNAVAILABLE,
} from '../../../../common/billing/contract.ts';
import { recordIfActingAs } from '../../../audit/record.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { insertCheckoutSession } from '../../../integrations/payments/checkoutSessions.ts';
import { PaymentProviderError } from '../../../integrations/payments/provider.ts';
import type { Caller, FunctionContext } from '../../../rpc/context.ts';
import { failedPrecondition, FunctionError, notFound } from '../../../rpc/errors.ts';
import { findBillingAccount } from '../../../access/accountBilling.ts';
import { findSellablePrice } from '../../catalog/index.ts';
import { checkHostingOrder, keepHostingOrder } from '../../hosting/index.ts';
import { ACCOUNT_NOT_FOUND } from '../profile.ts';

/** What a billing checkout pays for; the completion event's handler switches on it (domain orders have their own, in the domains area). */
export const CHECKOUT_PURPOSES = { subscription: 'subscription', payment: 'payment' } as const;

type Ctx = Pick<FunctionContext, 'services' | 'log' | 'requestId'>;

/**
 * Starts the provider's hosted checkout for a catalogued price. The provider is asked first,
 * with an idempotency key made from the row id we are about to write, then the row is written
 * with the provider's answer: if that write fails, the provider holds an unused session that
 * expires on its own, and nothing half-made is left on our side.
 */
export async function startCheckout(ctx: Ctx, caller: Caller, input: { accountId: string; priceId: string; hosting?: HostingOrderInput }) {
  const { db, payments, config } = ctx.services;
  const [price, account] = await Promise.all([findSellablePrice(db, input.priceId), findBillingAccount(db, input.accountId)]);
  if (!price || !price.providerPriceId) throw notFound(PLAN_UNAVAILABLE);
  if (!account) throw notFound(ACCOUNT_NOT_FOUND);
  const hostingOrder = await checkHostingOrder(db, price.productId, input.hosting);

  const id = `chk_${randomBytes(16).toString('base64url')}`;
  const mode: CheckoutMode = price.interval ? 'subscription' : 'payment';
  const purpose = mode === 'subscription' ? CHECKOUT_PURPOSES.subscription : CHECKOUT_PURPOSES.payment;
  const session = await askProvider(ctx, 'checkout', () => payments.createCheckoutSession({
    mode,
    customerId: account.stripe_customer_id,
    // An operator acting as the account must not receive the customer's receipts.
    customerEmail: account.stripe_customer_id ? null : account.billing_email ?? (caller.actingAs ? null : caller.email),
    line: { providerPriceId: price.providerPriceId! },
    quantity: 1,
    successUrl: `${config.PUBLIC_URL}/billing?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${config.PUBLIC_URL}/services?checkout=cancelled`,
    accountId: input.accountId,
    metadata: { checkoutSessionId: id, userId: caller.userId, purpose },
    idempotencyKey: `checkout:${id}`,
  }));

  await inTransaction(db, async (tx) => {
    const now = ctx.services.clock.nowIso();
    await insertCheckoutSession(tx.db, {
      id, providerSessionId: session.id, accountId: input.accountId, userId: caller.userId, priceId: price.id, mode, purpose,
      url: session.url, now,
    });
    if (hostingOrder) await keepHostingOrder(tx, hostingOrder, { checkoutSessionId: id, accountId: input.accountId, now });
    await recordIfActingAs(tx, caller, {
      action: 'billing.checkout_started', target: { type: 'checkout_session', id }, after: { accountId: input.accountId, priceId: price.id, mode }, at: now,
    });
  }, ctx.log);
  return { sessionId: session.id, url: session.url };
}

/** A link to the provider's customer portal; only an account that has a customer (it subscribed once) has one. */
export async function openPaymentPortal(ctx: Ctx, caller: Caller, accountId: string) {
  const { db, payments, config } = ctx.services;
  const account = await findBillingAccount(db, accountId);
  if (!account) throw notFound(ACCOUNT_NOT_FOUND);
  const customerId = account.stripe_customer_id;
  if (!customerId) throw failedPrecondition(BILLING_NOT_ACTIVATED);
  const portal = await askProvider(ctx, 'portal', () => payments.createPortalSession({
    customerId, returnUrl: `${config.PUBLIC_URL}/billing`, accountId, userId: caller.userId,
  }));
  await inTransaction(db, async (tx) => {
    await recordIfActingAs(tx, caller, { action: 'billing.portal_opened', target: { type: 'account', id: accountId }, at: ctx.services.clock.nowIso() });
  }, ctx.log);
  return { url: portal.url };
}

/**
 * The provider's own error text may carry request details or key fragments: it goes to the
 * log with the request id, and the caller gets a sentence of ours: the plan or the customer
 * the provider no longer knows (something a person can act on), else UNAVAILABLE.
 */
async function askProvider<T>(ctx: Ctx, what: 'checkout' | 'portal', call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    ctx.log.error({ err: error, requestId: ctx.requestId, mode: ctx.services.payments.mode }, `payment provider failed to create a ${what} session`);
    if (error instanceof PaymentProviderError && (error.kind === 'not_found' || error.kind === 'invalid_request')) {
      throw failedPrecondition(what === 'portal' ? PAYMENT_CUSTOMER_UNKNOWN : PLAN_UNAVAILABLE);
    }
    throw new FunctionError('UNAVAILABLE', PAYMENT_PROVIDER_UNAVAILABLE);
  }
}
