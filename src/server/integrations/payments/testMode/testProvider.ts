import { CARD_DECLINED } from '../../../../common/testPayments/contract.ts';
import { findUserEmail } from '../../../auth/users.ts';
import { inTransaction, type Tx } from '../../../db/transaction.ts';
import type { PaymentProviderDeps } from '../createPaymentProvider.ts';
import {
  type CheckoutRequest, checkoutMetadata, NO_SAVED_PAYMENT_METHOD, type PaymentProvider, PaymentProviderError, type SavedMethodChargeRequest,
  type SavedMethodChargeResult, WEBHOOK_SIGNATURE_INVALID, WebhookSignatureError,
} from '../provider.ts';
import { chargeable } from './testCards.ts';
import { expireTestCheckout } from './testCheckout.ts';
import {
  checkoutObject, epochNow, readTestObject, subscriptionObject, type TestCheckoutRecord, type TestCustomerRecord,
  type TestInvoiceRecord, type TestPortalRecord, type TestRefundRecord, type TestSubscriptionRecord, testId, writeTestObject,
} from './testObjects.ts';

export {
  readTestObject, writeTestObject, testId, type TestCheckoutRecord, type TestPortalRecord,
} from './testObjects.ts';

const missing = (what: string, id: string) => new PaymentProviderError('not_found', `No such ${what}: '${id}'`);

/**
 * The built-in provider of test mode: keeps its customers, sessions, subscriptions and
 * invoices in `test_payment_objects`, as Stripe keeps them on its side, and its hosted pages
 * are the portal's own /test-mode/... pages, whose functions (features/testPayments) pay,
 * cancel and renew through this folder's other files and emit Stripe's events.
 */
export function createTestPaymentProvider(deps: PaymentProviderDeps): PaymentProvider {
  const { db, config } = deps;
  const page = (path: string) => `${config.PUBLIC_URL}${path}`;

  return {
    mode: 'test',
    publishableKey: null,

    async createCheckoutSession(request) {
      // As at Stripe, a retried request with the same key answers the session it made the first time.
      return inTransaction(db, async (tx) => {
        const id = testId('cs');
        const claimed = await tx.db.insertInto('test_payment_objects')
          .values({ id: `idem_${request.idempotencyKey}`, kind: 'idempotency_key', data: JSON.stringify({ sessionId: id }) })
          .onConflict((oc) => oc.column('id').doNothing()).returning('id').executeTakeFirst();
        if (!claimed) {
          const earlier = await readTestObject<{ sessionId: string }>(tx.db, 'idempotency_key', `idem_${request.idempotencyKey}`);
          const session = earlier && await readTestObject<TestCheckoutRecord>(tx.db, 'checkout_session', earlier.sessionId);
          if (!session) throw new PaymentProviderError('conflict', 'This payment request was already made with different details.');
          return { id: session.id, url: session.url! };
        }
        const session = await newCheckoutSession(tx, id, request);
        await writeTestObject(tx.db, 'checkout_session', id, session);
        return { id, url: session.url! };
      });
    },

    async createPortalSession(request) {
      if (!await readTestObject<TestCustomerRecord>(db, 'customer', request.customerId)) throw missing('customer', request.customerId);
      const portal: TestPortalRecord = { id: testId('bps'), ...request, created: epochNow(deps.clock) };
      await writeTestObject(db, 'portal_session', portal.id, portal);
      return { url: page(`/test-mode/portal/${portal.id}`) };
    },

    async retrieveCheckoutSession(id) {
      const found = await readTestObject<TestCheckoutRecord>(db, 'checkout_session', id);
      if (!found) throw missing('checkout.session', id);
      return checkoutObject(found);
    },
    async expireCheckoutSession(id) {
      const session = await inTransaction(db, (tx) => expireTestCheckout(tx, deps, id, epochNow(deps.clock)));
      if (!session) throw missing('checkout.session', id);
      return checkoutObject(session);
    },
    async retrieveSubscription(id) {
      const found = await readTestObject<TestSubscriptionRecord>(db, 'subscription', id);
      if (!found) throw missing('subscription', id);
      return subscriptionObject(found);
    },
    async retrieveInvoice(id) {
      const found = await readTestObject<TestInvoiceRecord>(db, 'invoice', id);
      if (!found) throw missing('invoice', id);
      return found;
    },

    // In test mode the portal's own tables are the catalogue: the provider's ids are ours.
    async listCatalog() {
      return deps.catalog.list(db);
    },
    async saveProduct(input) {
      return { providerProductId: input.providerProductId ?? input.localId, updated: epochNow(deps.clock) };
    },
    async savePrice(input) {
      return { providerPriceId: input.providerPriceId ?? input.localId, updated: epochNow(deps.clock) };
    },

    async chargeSavedPaymentMethod(request) {
      // As at Stripe: the same key answers the first charge's outcome, and the card on file decides it.
      return inTransaction(db, async (tx) => {
        const key = `idem_${request.idempotencyKey}`;
        const charge = await chargeCardOnFile(tx, request);
        const claimed = await tx.db.insertInto('test_payment_objects')
          .values({ id: key, kind: 'idempotency_key', data: JSON.stringify({ charge }) })
          .onConflict((oc) => oc.column('id').doNothing()).returning('id').executeTakeFirst();
        if (claimed) return charge;
        const earlier = await readTestObject<{ charge?: SavedMethodChargeResult }>(tx.db, 'idempotency_key', key);
        if (!earlier?.charge) throw new PaymentProviderError('conflict', 'This payment request was already made with different details.');
        return earlier.charge;
      });
    },

    async refundPayment(request) {
      if (!request.paymentReference) throw new PaymentProviderError('invalid_request', 'The payment to refund is not named.');
      // As at Stripe, the same key answers the refund made the first time.
      const earlier = await readTestObject<TestRefundRecord>(db, 'refund', `re_${request.idempotencyKey}`);
      if (earlier) return { refundId: earlier.id };
      const refund: TestRefundRecord = {
        id: `re_${request.idempotencyKey}`, object: 'refund', payment_intent: request.paymentReference, amount: request.amountCents,
        currency: request.currency.toLowerCase(), status: 'succeeded', reason: request.reason, created: epochNow(deps.clock),
      };
      await writeTestObject(db, 'refund', refund.id, refund);
      return { refundId: refund.id };
    },

    verifyWebhook() {
      // Test mode's events are delivered in-process; nothing from outside is one of them.
      throw new WebhookSignatureError(WEBHOOK_SIGNATURE_INVALID);
    },
  };

  async function chargeCardOnFile(tx: Tx, request: SavedMethodChargeRequest): Promise<SavedMethodChargeResult> {
    const customer = await readTestObject<TestCustomerRecord>(tx.db, 'customer', request.customerId);
    if (!customer?.card) return { status: 'failed', reason: NO_SAVED_PAYMENT_METHOD };
    if (!chargeable(customer.card, deps.clock.now())) return { status: 'failed', reason: CARD_DECLINED };
    return { status: 'succeeded', paymentId: testId('pi') };
  }

  async function newCheckoutSession(tx: Tx, id: string, request: CheckoutRequest): Promise<TestCheckoutRecord> {
    let line: TestCheckoutRecord['line'];
    if ('providerPriceId' in request.line) {
      const price = await deps.catalog.findPrice(tx.db, request.line.providerPriceId);
      if (!price) throw missing('price', request.line.providerPriceId);
      // Stripe's own refusals, so test mode does not accept what Stripe mode would not.
      if (!price.active) throw new PaymentProviderError('invalid_request', 'The price specified is inactive. This field only accepts active prices.');
      if ((request.mode === 'subscription') !== (price.interval !== null)) {
        throw new PaymentProviderError('invalid_request', request.mode === 'subscription'
          ? 'You must provide a recurring price in `subscription` mode.'
          : 'You specified `payment` mode but passed a recurring price.');
      }
      line = {
        description: price.productName, unitAmount: price.unitAmount, currency: price.currency, interval: price.interval,
        providerPriceId: request.line.providerPriceId, productId: price.providerProductId,
      };
    } else {
      if (request.mode === 'subscription') throw new PaymentProviderError('invalid_request', 'You must provide a recurring price in `subscription` mode.');
      line = { description: request.line.name, unitAmount: request.line.unitAmount, currency: request.line.currency, interval: null, providerPriceId: null, productId: null };
    }
    // An existing customer pays with the e-mail the provider holds for it; otherwise Stripe's checkout asks for
    // one when none is prefilled, and the person paying is the user who started it.
    const email = request.customerId
      ? (await readTestObject<{ email: string | null }>(tx.db, 'customer', request.customerId))?.email ?? null
      : request.customerEmail ?? await findUserEmail(tx.db, request.metadata.userId);
    return {
      id, object: 'checkout.session', mode: request.mode, status: 'open', payment_status: 'unpaid',
      customer: request.customerId, customer_details: email ? { email, name: null } : null,
      subscription: null, invoice: null, payment_intent: null, client_reference_id: request.accountId,
      metadata: checkoutMetadata(request),
      amount_total: line.unitAmount * request.quantity, currency: line.currency.toLowerCase(),
      url: page(`/test-mode/checkout/${id}`), created: epochNow(deps.clock),
      userId: request.metadata.userId,
      successUrl: request.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', id),
      cancelUrl: request.cancelUrl.replaceAll('{CHECKOUT_SESSION_ID}', id),
      line, quantity: request.quantity,
    };
  }
}
