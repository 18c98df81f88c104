import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { RETRY_MESSAGES } from '../../src/common/admin/orders/texts.ts';
import { ensureDomainPricing } from '../../src/server/features/domains/pricing/supplierSync.ts';
import { orderRow, paidOrder, uniqueName } from '../support/domains/fulfilment.ts';
import type { Hold } from '../support/holds.ts';
import { auditEntries, signUpOperator } from '../support/operators.ts';
import { type FakeStripe, newId, startFakeStripe, stripeModeEnv } from '../support/payments/fakeStripe.ts';
import { DYNADOT_FAKE_KEY, type FakeDynadot, startFakeDynadot } from '../support/registrars/dynadot.fake.ts';
import { type CallResult, describeEachDialect, startTestApp, type TestApp, type TestUser } from '../support/testApp.ts';

/**
 * Issue 17: a back-office write that waits on an outside system (Stripe, a registrar) holds no
 * transaction meanwhile. On SQLite one held transaction would stop every other write of the
 * portal: here a customer's ticket is stored while the operator's call still waits on the fake,
 * whose answer is held until the test releases it (or, as a safety net, after HELD_MS: then the
 * operator's call finishes first and the ordering assertion fails instead of the test hanging).
 */
const HELD_MS = 10_000;

describeEachDialect('no transaction around an outside call', (dialect) => {
  let stripe: FakeStripe;
  let dynadot: FakeDynadot;
  let t: TestApp;
  let operator: TestUser;
  let customer: TestUser;
  let accountId: string;
  let hold: Hold | null = null;

  beforeAll(async () => {
    [stripe, dynadot] = await Promise.all([startFakeStripe(), startFakeDynadot()]);
    t = await startTestApp(dialect, { env: { ...stripeModeEnv(stripe), DYNADOT_API_KEY: DYNADOT_FAKE_KEY, DYNADOT_API_URL: dynadot.url } });
    await ensureDomainPricing(t.services);
    [operator, customer] = await Promise.all([signUpOperator(t), t.signUpVerified()]);
    accountId = (await t.call('createAccount', { accountName: 'Waiting customer' }, customer)).result.account.id;
  });
  afterEach(() => hold?.release());
  afterAll(async () => {
    await t.stop();
    await Promise.all([stripe.close(), dynadot.close()]);
  });

  /** The customer's ticket, submitted while `operatorCall` waits on the held outside system: stored before that call answers. */
  async function ticketWhileWaiting<T>(operatorCall: Promise<CallResult<T>>) {
    let answered = false;
    void operatorCall.finally(() => { answered = true; });
    await hold!.arrived;
    const ticket = await t.call('submitTicket', { subject: 'Site down', description: 'Please help.', priority: 'high', accountId }, customer);
    expect(answered).toBe(false);
    expect(ticket.status).toBe(200);
    const stored = await t.services.db.selectFrom('tickets').select('subject').where('id', '=', ticket.result.ticketId).executeTakeFirst();
    expect(stored).toEqual({ subject: 'Site down' });
    hold!.release();
    return operatorCall;
  }

  it('a customer\'s ticket is stored while an operator\'s product save waits on Stripe; then the save completes, audited', async () => {
    hold = stripe.hold('POST', '/v1/products', HELD_MS);
    const saved = await ticketWhileWaiting(t.call('adminSaveProduct', { name: 'Slow Stripe Hosting' }, operator));
    expect(saved.status).toBe(200);
    expect(saved.result.product.providerProductId).toMatch(/^prod_/);
    expect(await auditEntries(t, 'catalog.product_saved', saved.result.product.id)).toEqual([
      expect.objectContaining({ actorUserId: operator.id, after: expect.objectContaining({ name: 'Slow Stripe Hosting' }) }),
    ]);
  });

  it('while a cancellation\'s refund waits on Stripe, a ticket is stored and the claimed order is not retried; then it is cancelled and refunded', async () => {
    const payment = stripe.put({ id: newId('pi'), object: 'payment_intent', status: 'succeeded', latest_charge: newId('ch'), amount_received: 1299, currency: 'usd' });
    const orderId = await paidOrder(t, { accountId, userId: customer.id, domain: uniqueName() });
    await t.services.db.updateTable('domain_orders').set({ status: 'failed', payment_reference: payment.id }).where('id', '=', orderId).execute();
    hold = stripe.hold('POST', '/v1/refunds', HELD_MS);
    const cancel = t.call('updateOrderStatus', { orderId, status: 'cancelled', notes: 'Customer asked' }, operator);
    await hold.arrived;
    const retry = await t.call('bulkRetryOrders', { orderIds: [orderId] }, operator);
    expect(retry.result.results).toEqual([{ orderId, ok: false, message: RETRY_MESSAGES.notAllowed }]);
    const cancelled = await ticketWhileWaiting(cancel);
    expect(cancelled.status).toBe(200);
    expect(cancelled.result.order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(await orderRow(t, orderId)).toMatchObject({ refund_claimed_until: null });
    expect(stripe.get(payment.id)).toMatchObject({ amount_refunded: 1299 });
    expect((await auditEntries(t, 'order.refund_started', orderId))).toHaveLength(1);
    expect(await auditEntries(t, 'order.status_changed', orderId)).toEqual([expect.objectContaining({
      before: expect.objectContaining({ status: 'failed', paymentStatus: 'paid' }), after: expect.objectContaining({ status: 'cancelled', paymentStatus: 'refunded' }),
    })]);
  });

  it('a customer\'s ticket is stored while an operator\'s TLD sync waits on a registrar; then the sync answers its summary, audited', async () => {
    hold = dynadot.http.hold(HELD_MS);
    const synced = await ticketWhileWaiting(t.call('syncSupplierTlds', { supplierId: 'dynadot' }, operator));
    expect(synced.status).toBe(200);
    expect(synced.result.suppliers).toEqual({ dynadot: expect.objectContaining({ status: 'success', tldCount: 5, error: null }) });
    expect(await auditEntries(t, 'domains.tld_sync', 'dynadot')).toEqual([expect.objectContaining({ actorUserId: operator.id })]);
  });
});
