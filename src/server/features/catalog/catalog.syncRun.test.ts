import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditEntries, signUpOperator } from '../../../../test/support/catalog.ts';
import { ManualClock } from '../../../../test/support/clock.ts';
import { type FakeStripe, startFakeStripe, stripeModeEnv } from '../../../../test/support/payments/fakeStripe.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../test/support/testApp.ts';
import { waitFor } from '../../../../test/support/waitFor.ts';
import { workRuns } from '../../../../test/support/workRuns.ts';
import { PaymentProviderError } from '../../integrations/payments/provider.ts';
import { PROVIDER_UNAVAILABLE } from '../../integrations/payments/stripe/stripeErrors.ts';

/**
 * syncPaymentCatalog is a 'catalog-sync' run (issue 17): its row shows the products and prices
 * read from Stripe while the sync goes on, and ends with the call's own answer as summary or
 * with the error; the call answers as before. Stripe is the fake of its HTTP API, held mid-list.
 */
describeEachDialect('the catalogue sync as a work run', (dialect) => {
  let stripe: FakeStripe;
  let t: TestApp;
  let operator: TestUser;
  const clock = new ManualClock();

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await startTestApp(dialect, { env: stripeModeEnv(stripe), clock });
    operator = await signUpOperator(t);
    for (const name of ['Run Hosting', 'Run Mail']) {
      const saved = await t.call('adminSaveProduct', { name }, operator);
      expect(saved.status).toBe(200);
      if (name === 'Run Hosting') {
        expect((await t.call('adminSavePrice', { productId: saved.result.product.id, unitAmount: 900, currency: 'USD', interval: 'month' }, operator)).status).toBe(200);
      }
    }
  });
  afterAll(async () => {
    await t.stop();
    await stripe.close();
  });

  it('shows what was read while Stripe is still listing, then succeeds with the call\'s answer as its summary', async () => {
    const hold = stripe.hold('GET', '/v1/prices', 10_000);
    const startedAt = clock.nowIso();
    const call = t.call('syncPaymentCatalog', {}, operator);
    await hold.arrived;
    const [during] = await waitFor(async () => {
      const runs = await workRuns(t.services.db, 'catalog-sync');
      return runs[0]?.done === 2 ? runs : undefined;
    });
    expect(during).toMatchObject({ requestedBy: operator.id, status: 'running', done: 2, total: null, summary: null, startedAt, finishedAt: null });
    clock.advance(1500);
    hold.release();

    const synced = await call;
    expect(synced.status).toBe(200);
    expect(synced.result).toEqual({ mode: 'stripe', products: 2, prices: 1, message: 'Synchronised 2 products and 1 price from Stripe.' });
    expect(await workRuns(t.services.db, 'catalog-sync')).toEqual([expect.objectContaining({
      status: 'succeeded', done: 3, total: 3, summary: synced.result, error: null, finishedAt: clock.nowIso(),
    })]);
    expect(await auditEntries(t, 'catalog.synced')).toEqual([expect.objectContaining({ actorUserId: operator.id, targetType: 'catalog' })]);
  });

  it('a provider that fails ends the run failed with the provider\'s words; the call answers INTERNAL as before, nothing audited', async () => {
    const stripeMode = t.services.payments;
    t.services.payments = { ...stripeMode, listCatalog: async () => { throw new PaymentProviderError('unavailable', PROVIDER_UNAVAILABLE); } };
    try {
      const res = await t.call('syncPaymentCatalog', {}, operator);
      expect(res.status).toBe(500);
      expect(res.error?.status).toBe('INTERNAL');
    } finally {
      t.services.payments = stripeMode;
    }
    expect((await workRuns(t.services.db, 'catalog-sync')).at(-1)).toMatchObject({
      requestedBy: operator.id, status: 'failed', done: 0, summary: null, error: PROVIDER_UNAVAILABLE, finishedAt: clock.nowIso(),
    });
    expect(await auditEntries(t, 'catalog.synced')).toHaveLength(1);
  });
});
