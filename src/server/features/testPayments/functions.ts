import * as testPayments from '../../../common/testPayments/contract.ts';
import { acceptTestCard } from '../../integrations/payments/testMode/testCards.ts';
import { cancelTestCheckout, payTestCheckout } from '../../integrations/payments/testMode/testCheckout.ts';
import { epochNow } from '../../integrations/payments/testMode/testObjects.ts';
import { updateTestCard } from '../../integrations/payments/testMode/testPortal.ts';
import { renewTestSubscriptionNow, setTestCancelAtPeriodEnd } from '../../integrations/payments/testMode/testSubscriptions.ts';
import { implement } from '../../rpc/registry.ts';
import { requireOwnTestCheckout, requireOwnTestPortal } from './policy.ts';
import { checkoutView, portalView, testModeWrite } from './service.ts';

const cardOf = (input: testPayments.TestCardInput, now: number) => acceptTestCard(input, new Date(now * 1000));

export const handlers = [
  implement(testPayments.getTestCheckout, async ({ sessionId }, { caller, services }) =>
    checkoutView(services, await requireOwnTestCheckout(services, caller, sessionId, epochNow(services.clock)))),

  implement(testPayments.payTestCheckout, async (input, { caller, services }) => {
    const now = epochNow(services.clock);
    await requireOwnTestCheckout(services, caller, input.sessionId, now);
    return testModeWrite(services, caller, { action: 'test_payment.checkout_paid', target: { type: 'checkout_session', id: input.sessionId } },
      (tx, deps) => payTestCheckout(tx, deps, { sessionId: input.sessionId, card: cardOf(input, now), cardholderName: input.cardholderName }, now));
  }),

  implement(testPayments.cancelTestCheckout, async ({ sessionId }, { caller, services }) => {
    const now = epochNow(services.clock);
    await requireOwnTestCheckout(services, caller, sessionId, now);
    return testModeWrite(services, caller, { action: 'test_payment.checkout_canceled', target: { type: 'checkout_session', id: sessionId } },
      (tx, deps) => cancelTestCheckout(tx, deps, sessionId, now));
  }),

  implement(testPayments.getTestPortal, async ({ portalSessionId }, { caller, services }) =>
    portalView(services, await requireOwnTestPortal(services, caller, portalSessionId, epochNow(services.clock)))),

  implement(testPayments.testPortalUpdateCard, async (input, { caller, services }) => {
    const now = epochNow(services.clock);
    const portal = await requireOwnTestPortal(services, caller, input.portalSessionId, now);
    await testModeWrite(services, caller, { action: 'test_payment.card_updated', target: { type: 'payment_customer', id: portal.customerId } },
      (tx) => updateTestCard(tx, portal.customerId, cardOf(input, now)));
    return { success: true as const, message: testPayments.CARD_UPDATED };
  }),

  implement(testPayments.testPortalSetCancelAtPeriodEnd, async (input, { caller, services }) => {
    const now = epochNow(services.clock);
    const portal = await requireOwnTestPortal(services, caller, input.portalSessionId, now);
    await testModeWrite(services, caller, {
      action: 'test_payment.cancel_at_period_end_set', target: { type: 'subscription', id: input.subscriptionId }, after: { cancelAtPeriodEnd: input.cancelAtPeriodEnd },
    }, (tx, deps) => setTestCancelAtPeriodEnd(tx, deps, { customerId: portal.customerId, subscriptionId: input.subscriptionId, cancelAtPeriodEnd: input.cancelAtPeriodEnd }, now));
    return { success: true as const, message: input.cancelAtPeriodEnd ? testPayments.CANCEL_SCHEDULED : testPayments.SUBSCRIPTION_RESUMED };
  }),

  implement(testPayments.testPortalRenewNow, async (input, { caller, services }) => {
    const now = epochNow(services.clock);
    const portal = await requireOwnTestPortal(services, caller, input.portalSessionId, now);
    const outcome = await testModeWrite(services, caller, { action: 'test_payment.renewed', target: { type: 'subscription', id: input.subscriptionId } },
      (tx, deps) => renewTestSubscriptionNow(tx, deps, { customerId: portal.customerId, subscriptionId: input.subscriptionId }, now));
    return { outcome, message: outcome === 'paid' ? testPayments.RENEWAL_PAID : testPayments.RENEWAL_FAILED };
  }),
];
