import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { ManualClock } from '../../../../../test/support/clock.ts';
import { attemptsOf, leaveStartedAttempt, orderRow, paidOrder, uniqueName } from '../../../../../test/support/domains/fulfilment.ts';
import { seedSupplier } from '../../../../../test/support/domains/suppliers.ts';
import { accountWithMembers, type AccountWithMembers } from '../../../../../test/support/factories.ts';
import { auditEntries, signUpOperator } from '../../../../../test/support/operators.ts';
import { type NamecheapFake, namecheapFakeEnv, startNamecheapFake } from '../../../../../test/support/registrars/namecheap.fake.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';
import {
  FOUND_DONE_NOT_CANCELLED, OUTCOME_UNKNOWN_NO_CANCEL, OUTCOME_UNKNOWN_WHILE_PROCESSING, REGISTRAR_CALL_IN_FLIGHT, RETRY_MESSAGES,
} from '../../../../common/admin/orders/texts.ts';
import { FulfilmentDeferred, OUTCOME_UNKNOWN_LIMIT_MS } from './calls.ts';
import { fulfilOrder } from './job.ts';

const HOUR = 3_600_000;

/**
 * The back office and registrar outcomes (issue 18, points 4 and 5): Retry asks the suppliers
 * before it sends anything again; parking, cancelling and refunding are refused while a registrar
 * call is in flight or its outcome is unknown, and a cancel reads the outcome back first. Namecheap
 * (over its fake) is the only supplier, so nothing here can be bought anywhere else.
 */
describeEachDialect('back-office orders and unknown registrar outcomes', (dialect) => {
  let t: TestApp;
  let fake: NamecheapFake;
  let a: AccountWithMembers;
  let operator: TestUser;
  const clock = new ManualClock();

  beforeAll(async () => {
    fake = await startNamecheapFake();
    const env = Object.fromEntries(Object.entries(namecheapFakeEnv(fake.url)).filter(([name]) => name.startsWith('NAMECHEAP_')));
    t = await startTestApp(dialect, { env, clock });
    a = await accountWithMembers(t);
    operator = await signUpOperator(t);
    await seedSupplier(t.services.db, { id: 'namecheap', name: 'Namecheap' }, [{ tld: 'com', registerCents: 900 }]);
  });
  beforeEach(() => { fake.http.requests.length = 0; });
  afterAll(async () => {
    await t.stop();
    await fake.close();
  });

  const creates = () => fake.sent('namecheap.domains.create').length;
  const summary = async (orderId: string) => (await attemptsOf(t, orderId)).map((x) => `${x.supplier_id} ${x.operation} ${x.outcome}`);
  const setStatus = (orderId: string, status: 'requires_manual_processing' | 'cancelled', notes = 'Operator decision') =>
    t.call('updateOrderStatus', { orderId, status, notes }, operator);
  const refunds = (orderId: string) => t.services.db.selectFrom('test_payment_objects').select('id')
    .where('kind', '=', 'refund').where('id', '=', `re_refund_domain_order_${orderId}`).execute();

  /** A paid order, as the job leaves it in `status`, with a payment the test provider can refund. */
  async function paid(status: 'processing' | 'failed' | 'requires_manual_processing') {
    const domain = uniqueName();
    const id = await paidOrder(t, { accountId: a.accountId, userId: a.owner.id, domain });
    await t.services.db.updateTable('domain_orders').set({ status, payment_reference: `pi_test_${id}` }).where('id', '=', id).execute();
    return { id, domain };
  }

  /** A register call at Namecheap whose answer left the outcome unknown, made `ago` before now. */
  async function unknownCall(orderId: string, ago: number) {
    const at = new Date(clock.now().getTime() - ago).toISOString();
    await t.services.db.insertInto('domain_order_attempts').values({
      id: `att_${randomUUID()}`, order_id: orderId, supplier_id: 'namecheap', operation: 'register', outcome: 'unknown',
      reason: 'The supplier did not answer clearly: whether it acted is unknown. namecheap did not answer namecheap.domains.create in time.',
      duration_ms: 30_000, idempotency_key: `order:${orderId}:namecheap`, started_at: at, finished_at: at,
    }).execute();
  }

  it('parking a processing order is refused while its registrar call is in flight, and while its outcome is unknown', async () => {
    const inFlight = await paid('processing');
    await leaveStartedAttempt(t, inFlight.id, 'namecheap', 'register');
    expect(await setStatus(inFlight.id, 'requires_manual_processing')).toMatchObject({ status: 409, error: { status: 'ABORTED', message: REGISTRAR_CALL_IN_FLIGHT } });
    expect((await orderRow(t, inFlight.id)).status).toBe('processing');

    const unknown = await paid('processing');
    await unknownCall(unknown.id, 2 * HOUR);
    expect(await setStatus(unknown.id, 'requires_manual_processing')).toMatchObject({ status: 409, error: { status: 'ABORTED', message: OUTCOME_UNKNOWN_WHILE_PROCESSING } });
    expect((await orderRow(t, unknown.id)).status).toBe('processing');
  });

  it('cancel and refund are refused while a registrar call is in flight', async () => {
    const order = await paid('failed');
    await leaveStartedAttempt(t, order.id, 'namecheap', 'register');
    expect(await setStatus(order.id, 'cancelled')).toMatchObject({ status: 409, error: { status: 'ABORTED', message: REGISTRAR_CALL_IN_FLIGHT } });
    expect(await orderRow(t, order.id)).toMatchObject({ status: 'failed', payment_status: 'paid' });
    expect(await refunds(order.id)).toHaveLength(0);
  });

  it('a cancel asks first: when the registrar holds the name, the order completes instead and nothing is refunded', async () => {
    const order = await paid('requires_manual_processing');
    await unknownCall(order.id, 2 * HOUR);
    fake.seedDomain(order.domain, { created: new Date(), expires: new Date(Date.UTC(2031, 0, 5)) });

    expect(await setStatus(order.id, 'cancelled')).toMatchObject({ status: 409, error: { status: 'ABORTED', message: FOUND_DONE_NOT_CANCELLED } });
    expect(await orderRow(t, order.id)).toMatchObject({ status: 'completed', payment_status: 'paid', supplier_id: 'namecheap', expiration_date: '2031-01-05T00:00:00.000Z' });
    expect(await refunds(order.id)).toHaveLength(0);
    expect(await summary(order.id)).toEqual(['namecheap register unknown', 'namecheap check succeeded']);
    const listed = await t.call('listDomains', { accountId: a.accountId }, a.owner);
    expect(listed.result.domains.map((d: { domain: string }) => d.domain)).toContain(order.domain);
    expect(await auditEntries(t, 'order.cancel_found_done', order.id)).toHaveLength(1);
  });

  it('a cancel is refused while the registrar cannot say; once it says it does not hold the name, the refund goes ahead', async () => {
    const order = await paid('failed');
    await unknownCall(order.id, 2 * HOUR);
    fake.failStatusChecks(1);

    expect(await setStatus(order.id, 'cancelled')).toMatchObject({ status: 409, error: { status: 'ABORTED', message: OUTCOME_UNKNOWN_NO_CANCEL } });
    expect(await orderRow(t, order.id)).toMatchObject({ status: 'failed', payment_status: 'paid' });
    expect(await refunds(order.id)).toHaveLength(0);

    expect((await setStatus(order.id, 'cancelled')).result.order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(await summary(order.id)).toEqual(['namecheap register unknown', 'namecheap check unknown', 'namecheap check failed']);
    expect(await refunds(order.id)).toHaveLength(1);
  });

  it('P2: Retry of an order whose registration went through but was not confirmed asks Namecheap first and never sends it again', async () => {
    const domain = uniqueName();
    const orderId = await paidOrder(t, { accountId: a.accountId, userId: a.owner.id, domain });
    // Namecheap registers the name but answers with an error number that does not say so, and its status check fails for a while.
    fake.createThenAnswerError('5050900', 'Unknown exceptions');
    fake.failStatusChecks(3);

    await expect(fulfilOrder(t.services, orderId)).rejects.toBeInstanceOf(FulfilmentDeferred);
    clock.advance(OUTCOME_UNKNOWN_LIMIT_MS);
    expect(await fulfilOrder(t.services, orderId)).toBe('parked');
    expect((await orderRow(t, orderId)).status).toBe('requires_manual_processing');

    // Still no answer: Retry sends nothing.
    const refused = await t.call('bulkRetryOrders', { orderIds: [orderId] }, operator);
    expect(refused.result.results).toEqual([{ orderId, ok: false, message: RETRY_MESSAGES.outcomeUnknown }]);
    expect((await orderRow(t, orderId)).status).toBe('requires_manual_processing');

    // Namecheap answers again: Retry finds the name there and completes the order from it.
    const found = await t.call('bulkRetryOrders', { orderIds: [orderId], forceRegistrar: 'namecheap' }, operator);
    expect(found.result.results).toEqual([{ orderId, ok: true, message: RETRY_MESSAGES.foundDone }]);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'completed', supplier_id: 'namecheap', payment_status: 'paid' });
    expect(creates()).toBe(1);
    expect((await summary(orderId)).filter((s) => s.includes('register'))).toEqual(['namecheap register unknown']);
  });
});
