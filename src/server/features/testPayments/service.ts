import type { z } from 'zod';
import type { PriceInterval } from '../../../common/billing/billing.ts';
import { type getTestCheckout, type getTestPortal, TEST_SESSION_NOT_FOUND } from '../../../common/testPayments/contract.ts';
import { findAccountHeader } from '../../access/repository.ts';
import { type AuditEntry, recordIfActingAs } from '../../audit/record.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { PaymentProviderError } from '../../integrations/payments/provider.ts';
import { type TestModeDeps, testModeDeps } from '../../integrations/payments/testMode/testEvents.ts';
import type { TestCheckoutRecord, TestPortalRecord } from '../../integrations/payments/testMode/testObjects.ts';
import { testPortalContents } from '../../integrations/payments/testMode/testPortal.ts';
import type { Caller, Services } from '../../rpc/context.ts';
import { failedPrecondition, invalidArgument, notFound } from '../../rpc/errors.ts';

const isoOf = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();
const intervalOf = (interval: string | undefined): PriceInterval | null => (interval === 'month' || interval === 'year' ? interval : null);

async function accountNameOf(services: Services, accountId: string): Promise<string> {
  const account = await findAccountHeader(services.db, accountId);
  if (!account) throw notFound(TEST_SESSION_NOT_FOUND);
  return account.name;
}

export async function checkoutView(services: Services, session: TestCheckoutRecord): Promise<z.input<typeof getTestCheckout.output>> {
  const { line } = session;
  return {
    session: {
      id: session.id, status: session.status, mode: session.mode, accountName: await accountNameOf(services, session.metadata.accountId),
      customerEmail: session.customer_details?.email ?? null,
      lines: [{ description: line.description, unitAmount: line.unitAmount, currency: line.currency.toUpperCase(), interval: line.interval, quantity: session.quantity }],
      amountTotal: session.amount_total ?? line.unitAmount * session.quantity, currency: (session.currency ?? line.currency).toUpperCase(),
      successUrl: session.successUrl, cancelUrl: session.cancelUrl,
    },
  };
}

export async function portalView(services: Services, portal: TestPortalRecord): Promise<z.input<typeof getTestPortal.output>> {
  const [{ customer, subscriptions, invoices }, accountName] = await Promise.all([
    testPortalContents(services.db, portal.customerId).catch(asFunctionError), accountNameOf(services, portal.accountId),
  ]);
  return {
    portal: {
      accountName, customerEmail: customer.email, returnUrl: portal.returnUrl,
      card: customer.card && { brand: customer.card.brand, last4: customer.card.last4, expMonth: customer.card.expMonth, expYear: customer.card.expYear },
      subscriptions: subscriptions.map((s) => {
        const [item] = s.items.data;
        return {
          id: s.id, productName: s.productName, status: s.status, unitAmount: item.price.unit_amount ?? 0, currency: item.price.currency.toUpperCase(),
          interval: intervalOf(item.price.recurring?.interval), currentPeriodEnd: isoOf(item.current_period_end), cancelAtPeriodEnd: s.cancel_at_period_end,
        };
      }),
      invoices: invoices.map((i) => ({
        id: i.id, number: i.number ?? '', amountCents: i.total, currency: i.currency.toUpperCase(), status: i.status, created: isoOf(i.created),
      })),
    },
  };
}

/**
 * One change made on a test-mode page: the provider's work and, when an operator is acting as
 * the account, its audit entry, in one transaction; the provider's refusals become the
 * protocol's answers (a declined card is the customer's to fix: FAILED_PRECONDITION).
 */
export async function testModeWrite<T>(
  services: Services, caller: Caller, act: Omit<AuditEntry, 'actor' | 'actingAs' | 'reason' | 'at'>, work: (tx: Tx, deps: TestModeDeps) => Promise<T>,
): Promise<T> {
  try {
    return await inTransaction(services.db, async (tx) => {
      const result = await work(tx, testModeDeps(services));
      await recordIfActingAs(tx, caller, { ...act, at: services.clock.nowIso() });
      return result;
    }, services.log);
  } catch (error) {
    return asFunctionError(error);
  }
}

function asFunctionError(error: unknown): never {
  if (error instanceof PaymentProviderError) {
    if (error.kind === 'invalid_request') throw invalidArgument(error.message);
    if (error.kind === 'not_found') throw notFound(error.message);
    if (error.kind === 'card_declined' || error.kind === 'conflict') throw failedPrecondition(error.message);
  }
  throw error;
}
