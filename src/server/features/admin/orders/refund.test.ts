import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orderRow, paidOrder, uniqueName } from '../../../../../test/support/domains/fulfilment.ts';
import { accountWithMembers } from '../../../../../test/support/factories.ts';
import { auditEntries, signUpOperator } from '../../../../../test/support/operators.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';
import { ORDER_MOVED, REFUND_OUTCOME_UNKNOWN, REFUND_UNDER_WAY, RETRY_MESSAGES } from '../../../../common/admin/orders/texts.ts';
import { type PaymentProvider, PaymentProviderError } from '../../../integrations/payments/provider.ts';

/**
 * The cancellation's refund is asked with no transaction open (issue 17): the order is claimed
 * meanwhile, a refusal frees it, and an answer that never came keeps it claimed until the claim
 * ends, after which the refund is read back rather than made twice.
 */
describeEachDialect('back-office orders: the refund of a cancellation', (dialect) => {
  let t: TestApp;
  let operator: TestUser;
  let accountId: string;
  let userId: string;
  let provider: PaymentProvider;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    operator = await signUpOperator(t);
    const account = await accountWithMembers(t);
    accountId = account.accountId;
    userId = account.member.id;
    provider = t.services.payments;
  });
  afterEach(() => { t.services.payments = provider; });
  afterAll(async () => { await t.stop(); });

  const cancel = (orderId: string) => t.call('updateOrderStatus', { orderId, status: 'cancelled', notes: 'Customer asked' }, operator);
  /** A paid registration that failed, as the job leaves it: an operator may cancel and refund it. */
  async function paidFailedOrder() {
    const id = await paidOrder(t, { accountId, userId, domain: uniqueName() });
    await t.services.db.updateTable('domain_orders').set({ status: 'failed', payment_reference: `pi_test_${id}` }).where('id', '=', id).execute();
    return id;
  }
  const refundsOf = (orderId: string) => t.services.db.selectFrom('test_payment_objects').select('id')
    .where('kind', '=', 'refund').where('id', '=', `re_refund_domain_order_${orderId}`).execute();

  describe('refused by the provider', () => {
    it('frees the order and records the refusal; the next cancellation refunds and cancels', async () => {
      const id = await paidFailedOrder();
      t.services.payments = { ...provider, refundPayment: async () => { throw new PaymentProviderError('misconfigured', 'Payments are not configured correctly.'); } };
      expect((await cancel(id)).status).toBe(400);
      expect(await orderRow(t, id)).toMatchObject({ status: 'failed', payment_status: 'paid', refund_claimed_until: null });
      expect(await auditEntries(t, 'order.refund_refused', id)).toEqual([expect.objectContaining({ actorUserId: operator.id, after: { error: 'Payments are not configured correctly.' } })]);

      t.services.payments = provider;
      expect((await cancel(id)).result.order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
      expect(await auditEntries(t, 'order.refund_started', id)).toHaveLength(2);
    });
  });

  describe('not answered', () => {
    it('keeps the order claimed: 503, nothing moves it, a second cancellation waits; after the claim, the refund is read back and the order cancelled', async () => {
      const id = await paidFailedOrder();
      // The provider made the refund, but its answer was lost on the way back.
      t.services.payments = { ...provider, refundPayment: async (request) => {
        await provider.refundPayment(request);
        throw new PaymentProviderError('unavailable', 'The payment provider could not be reached.');
      } };
      expect(await cancel(id)).toMatchObject({ status: 503, error: { status: 'UNAVAILABLE', message: REFUND_OUTCOME_UNKNOWN } });
      t.services.payments = provider;
      expect((await orderRow(t, id)).refund_claimed_until).not.toBeNull();

      expect((await t.call('bulkRetryOrders', { orderIds: [id] }, operator)).result.results).toEqual([{ orderId: id, ok: false, message: RETRY_MESSAGES.notAllowed }]);
      expect(await t.call('updateOrderStatus', { orderId: id, status: 'requires_manual_processing' }, operator)).toMatchObject({ status: 409, error: { message: ORDER_MOVED } });
      expect(await cancel(id)).toMatchObject({ status: 409, error: { message: REFUND_UNDER_WAY } });
      expect(await orderRow(t, id)).toMatchObject({ status: 'failed', payment_status: 'paid' });

      // As when the claim's 90 s have passed.
      await t.services.db.updateTable('domain_orders').set({ refund_claimed_until: new Date(Date.now() - 1000).toISOString() }).where('id', '=', id).execute();
      const res = await cancel(id);
      expect(res.result.order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
      expect(await refundsOf(id)).toHaveLength(1);
      expect(await auditEntries(t, 'order.status_changed', id)).toEqual([
        expect.objectContaining({ after: expect.objectContaining({ status: 'cancelled', refundId: `re_refund_domain_order_${id}` }) }),
      ]);
    });
  });
});
