import { randomBytes } from 'node:crypto';
import { PAYMENT_CUSTOMER_UNKNOWN, PAYMENT_PROVIDER_UNAVAILABLE } from '../../../../common/billing/texts.ts';
import { AUTOMATIC_RENEWAL_CHARGED } from '../../../../common/domains/orders.ts';
import { liveTopics } from '../../../../common/live.ts';
import { findBillingAccount } from '../../../access/accountBilling.ts';
import { recordIfActingAs } from '../../../audit/record.ts';
import { inTransaction, type Tx } from '../../../db/transaction.ts';
import { byCaller, recordEvent } from '../../../events/recordEvent.ts';
import { insertCheckoutSession } from '../../../integrations/payments/checkoutSessions.ts';
import { PaymentProviderError, type ServiceTermMetadata } from '../../../integrations/payments/provider.ts';
import type { Caller, SignedInContext } from '../../../rpc/context.ts';
import { failedPrecondition, FunctionError } from '../../../rpc/errors.ts';
import {
  DOMAIN_ORDER_PURPOSE, findReusableCheckout, isNameHeld, lockDomainName, setOrderCheckout,
} from './queries.ts';
import { findOrder, type OrderRow, transitionOrder } from './repository.ts';
import { findDomainByName } from '../records.ts';
import { isAutomatic, renewalRefusal } from '../expiry/renewalRules.ts';
import { expiredRenewalRefused, nameNotAvailable, ORDER_NOT_AWAITING_PAYMENT, orderLineName } from './texts.ts';

type Ctx = Pick<SignedInContext, 'services' | 'log' | 'requestId'>;

/** Where the order stands for a payment, read under the name's lock. */
type Standing =
  | { kind: 'awaiting'; order: OrderRow }
  | { kind: 'open_checkout'; url: string }
  | { kind: 'not_awaiting' }
  | { kind: 'name_taken'; domain: string }
  | { kind: 'charged_automatically' }
  | { kind: 'renewal_expired'; domain: string };

/**
 * The payment page of an order awaiting payment: its open checkout, or a new payment-mode
 * checkout for the order's total. The provider is asked between two short transactions (never
 * inside one: a slow provider must not hold the database), and the second one reads the order
 * again, so two clicks at once give one checkout and a payment that completed meanwhile gives none.
 */
export async function payForOrder(ctx: Ctx, caller: Caller, orderId: string): Promise<{ url: string }> {
  const { db, payments, config } = ctx.services;
  const before = await inTransaction(db, (tx) => standing(tx, ctx, caller, orderId), ctx.log);
  if (before.kind !== 'awaiting') return answer(before);
  const order = before.order;

  const checkoutSessionId = `chk_${randomBytes(16).toString('base64url')}`;
  const account = await findBillingAccount(db, order.account_id);
  const customerId = account?.stripe_customer_id ?? null;
  const term = await termOf(ctx, order);
  const session = await askProvider(ctx, customerId !== null, () => payments.createCheckoutSession({
    mode: 'payment',
    customerId,
    // An operator acting as the account must not receive the customer's receipts.
    customerEmail: customerId ? null : account?.billing_email ?? (caller.actingAs ? null : caller.email),
    line: { name: orderLineName(order.domain, order.kind, order.years), unitAmount: order.total_cents, currency: order.currency },
    quantity: 1,
    successUrl: `${config.PUBLIC_URL}/domains/orders/${encodeURIComponent(order.id)}?payment=success`,
    cancelUrl: `${config.PUBLIC_URL}/domains/orders/${encodeURIComponent(order.id)}?payment=cancelled`,
    accountId: order.account_id,
    metadata: { checkoutSessionId, userId: caller.userId, purpose: DOMAIN_ORDER_PURPOSE, reference: order.id, ...term },
    idempotencyKey: `domain-order-checkout:${checkoutSessionId}`,
  }));

  // If this write loses to another click or a completed payment, the provider's session is never shown and expires on its own.
  const after = await inTransaction(db, async (tx) => {
    const now = await standing(tx, ctx, caller, orderId);
    if (now.kind !== 'awaiting') return now;
    const at = ctx.services.clock.nowIso();
    await insertCheckoutSession(tx.db, {
      id: checkoutSessionId, providerSessionId: session.id, accountId: order.account_id, userId: caller.userId, priceId: null,
      mode: 'payment', purpose: DOMAIN_ORDER_PURPOSE, reference: order.id, url: session.url, now: at,
    });
    await setOrderCheckout(tx.db, order.id, checkoutSessionId, at);
    await recordIfActingAs(tx, caller, {
      action: 'domain_order.checkout_started', target: { type: 'domain_order', id: order.id }, after: { checkoutSessionId, totalCents: order.total_cents }, at,
    });
    return { kind: 'open_checkout', url: session.url } as const;
  }, ctx.log);
  return answer(after);
}

/** The years the invoice bills: a renewal's start from the domain's current expiry, a registration's when it is paid. */
async function termOf(ctx: Ctx, order: OrderRow): Promise<ServiceTermMetadata> {
  const termYears = String(order.years);
  if (order.kind !== 'renewal') return { termYears };
  const domain = await findDomainByName(ctx.services.db, order.domain);
  return domain?.expiration_date ? { termYears, termFrom: domain.expiration_date } : { termYears };
}

function answer(standing: Exclude<Standing, { kind: 'awaiting' }>): { url: string } {
  if (standing.kind === 'open_checkout') return { url: standing.url };
  if (standing.kind === 'name_taken') throw failedPrecondition(nameNotAvailable(standing.domain));
  if (standing.kind === 'charged_automatically') throw failedPrecondition(AUTOMATIC_RENEWAL_CHARGED);
  if (standing.kind === 'renewal_expired') throw failedPrecondition(expiredRenewalRefused(standing.domain));
  throw failedPrecondition(ORDER_NOT_AWAITING_PAYMENT);
}

/**
 * Reads the order under its name's lock. A registration whose name another order took while this
 * one sat unpaid past its hold is cancelled here: it can no longer be registered for this account.
 */
async function standing(tx: Tx, ctx: Ctx, caller: Caller, orderId: string): Promise<Standing> {
  const { services } = ctx;
  const first = await findOrder(tx.db, orderId);
  if (!first) return { kind: 'not_awaiting' };
  await lockDomainName(tx, services.dialect, first.domain);
  const order = await findOrder(tx.db, orderId);
  if (!order || order.status !== 'pending_payment') return { kind: 'not_awaiting' };
  // The daily job charges its own orders to the saved payment method; a checkout beside that charge could take the money twice.
  if (isAutomatic(order)) return { kind: 'charged_automatically' };

  const now = services.clock.now();
  // A renewal placed before the expiry and paid after it would be charged, then refused by the registrar (it needs a restore).
  if (order.kind === 'renewal') {
    const domain = await findDomainByName(tx.db, order.domain);
    if (domain && renewalRefusal(domain, order.years, now)?.kind === 'expired') return { kind: 'renewal_expired', domain: order.domain };
  }
  if (order.kind === 'registration' && await isNameHeld(tx.db, order.domain, now, order.id)) {
    const error = nameNotAvailable(order.domain);
    const at = now.toISOString();
    if (await transitionOrder(tx.db, order.id, 'cancelled', { error, updated_at: at }, 'pending_payment')) {
      await recordEvent(tx, {
        type: 'order.domain.cancelled', accountId: order.account_id, actor: byCaller(caller),
        payload: { orderId: order.id, domain: order.domain, reason: 'name_taken' }, at,
      });
      await recordIfActingAs(tx, caller, { action: 'domain_order.cancelled', target: { type: 'domain_order', id: order.id }, after: { reason: 'name_taken' }, at });
      services.live.publish(tx, liveTopics.domainOrder(order.id), 'domain_order.changed');
    }
    return { kind: 'name_taken', domain: order.domain };
  }

  const open = await findReusableCheckout(tx.db, order.id, now);
  return open ? { kind: 'open_checkout', url: open.url } : { kind: 'awaiting', order };
}

/**
 * The provider's own error text may carry request details: it goes to the log with the request
 * id, and the customer gets a sentence of ours. A customer record the provider no longer knows
 * is for support to fix; anything else is worth trying again later.
 */
async function askProvider<T>(ctx: Ctx, withCustomer: boolean, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    ctx.log.error({ err: error, requestId: ctx.requestId, mode: ctx.services.payments.mode }, 'payment provider failed to create a domain order checkout');
    if (withCustomer && error instanceof PaymentProviderError && error.kind === 'not_found') throw failedPrecondition(PAYMENT_CUSTOMER_UNKNOWN);
    throw new FunctionError('UNAVAILABLE', PAYMENT_PROVIDER_UNAVAILABLE);
  }
}
