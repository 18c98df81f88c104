import { afterAll, beforeAll, expect, it } from 'vitest';
import { CARD_DECLINED } from '../../../../common/testPayments/contract.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import { NO_SAVED_PAYMENT_METHOD, type SavedMethodChargeRequest } from '../provider.ts';
import { epochNow, newTestCustomer, type TestCardOnFile, writeTestObject } from './testObjects.ts';

describeEachDialect('test mode: charging the saved card off-session', (dialect) => {
  let t: TestApp;
  const year = new Date().getUTCFullYear();
  const card = (overrides: Partial<TestCardOnFile> = {}): TestCardOnFile => ({ brand: 'visa', last4: '4242', expMonth: 12, expYear: year + 2, declines: false, ...overrides });
  let n = 0;
  const request = (customerId: string, key = `domain-renewal:ord_${n += 1}`): SavedMethodChargeRequest => ({
    customerId, amount: 1299, currency: 'USD', description: 'Renewal of example.com, 1 year',
    metadata: { accountId: 'acc_1', purpose: 'domain_order', reference: key.split(':')[1] }, idempotencyKey: key,
  });
  async function customerWith(cardOnFile: TestCardOnFile | null) {
    const customer = { ...newTestCustomer({ email: 'billing@example.test', name: null, accountId: 'acc_1', now: epochNow(t.services.clock) }), card: cardOnFile };
    await writeTestObject(t.services.db, 'customer', customer.id, customer);
    return customer.id;
  }

  beforeAll(async () => { t = await startTestApp(dialect); });
  afterAll(async () => { await t.stop(); });

  it('a good card on file is charged: a test payment id, the same one again for the same key', async () => {
    const customerId = await customerWith(card());
    const first = await t.services.payments.chargeSavedPaymentMethod(request(customerId, 'domain-renewal:ord_same'));
    expect(first).toEqual({ status: 'succeeded', paymentId: expect.stringMatching(/^pi_test_/) });
    expect(await t.services.payments.chargeSavedPaymentMethod(request(customerId, 'domain-renewal:ord_same'))).toEqual(first);
    expect(await t.services.payments.chargeSavedPaymentMethod(request(customerId))).not.toEqual(first);
  });

  it('the declining test card, or one expired since, is declined', async () => {
    for (const onFile of [card({ declines: true, last4: '0002' }), card({ expYear: year - 1 })]) {
      expect(await t.services.payments.chargeSavedPaymentMethod(request(await customerWith(onFile)))).toEqual({ status: 'failed', reason: CARD_DECLINED });
    }
  });

  it('no card on file, or no such customer: nothing to charge', async () => {
    for (const customerId of [await customerWith(null), 'cus_test_unknown']) {
      expect(await t.services.payments.chargeSavedPaymentMethod(request(customerId))).toEqual({ status: 'failed', reason: NO_SAVED_PAYMENT_METHOD });
    }
  });
});
