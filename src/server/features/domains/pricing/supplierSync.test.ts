import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FnOutput } from '../../../../common/contracts/index.ts';
import { startFakeDynadot, type FakeDynadot, DYNADOT_FAKE_KEY } from '../../../../../test/support/registrars/dynadot.fake.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';
import { auditEntries, signUpOperator } from '../../../../../test/support/operators.ts';
import { TLD_SYNC_CRON, TLD_SYNC_QUEUE } from '../workers.ts';
import { costsOf, setMarkup, setSupplierActive, supplierRow } from '../../../../../test/support/domains/pricing.ts';
import { ensureDomainPricing, fetchSupplierCosts } from './supplierSync.ts';
import { sellPrices } from './tldPrices.ts';

const syncResult = (id: string, name: string, tldCount: number, error: string | null = null, changes?: { newTlds: number; updatedTlds: number }) =>
  ({ id, name, tldCount, newTlds: changes?.newTlds ?? expect.any(Number), updatedTlds: changes?.updatedTlds ?? expect.any(Number), error, syncedAt: expect.any(String) });

type SyncAnswer = FnOutput<'syncSupplierTlds'>;
/** The answer's suppliers map as a list in its order, each with its id. */
const listOf = (suppliers: SyncAnswer['suppliers']) =>
  Object.entries(suppliers).map(([id, s]) => ({ id, name: s.name, tldCount: s.tldCount, newTlds: s.newTlds, updatedTlds: s.updatedTlds, error: s.error, syncedAt: s.syncedAt }));

describeEachDialect('supplier sync with a real registrar (Dynadot over HTTP)', (dialect) => {
  let fake: FakeDynadot;
  let t: TestApp;
  let operator: TestUser;

  beforeAll(async () => {
    fake = await startFakeDynadot();
    t = await startTestApp(dialect, { env: { DYNADOT_API_KEY: DYNADOT_FAKE_KEY, DYNADOT_API_URL: fake.url }, runWorkers: true });
    operator = await signUpOperator(t);
  });
  afterAll(async () => {
    await t.stop();
    await fake.close();
  });

  const syncAnswer = async (input: object = {}): Promise<SyncAnswer> => {
    const res = await t.call('syncSupplierTlds', input, operator);
    expect(res.status).toBe(200);
    return res.result;
  };
  const sync = async (input: object = {}) => listOf((await syncAnswer(input)).suppliers);

  it('the first start makes the configured registrar active and the sandbox inactive, and reads the registrar\'s costs', async () => {
    expect(await ensureDomainPricing(t.services)).toEqual([syncResult('dynadot', 'Dynadot', 5)]);
    expect(Boolean((await supplierRow(t, 'sandbox')).is_active)).toBe(false);
    expect(await costsOf(t, 'sandbox')).toEqual({});
    expect(await costsOf(t, 'dynadot')).toMatchObject({
      com: { register: 1099, renew: 1299, transfer: 1099 },
      'co.uk': { register: 650, renew: 650, transfer: null },
    });
    expect((await sellPrices(t.services.db)).get('com')).toMatchObject({
      registerCents: 1374, renewCents: 1624, transferCents: 1374, currency: 'USD', supplierIds: ['dynadot'],
    });
  });

  it('chooses the cheapest active supplier per operation, and lists suppliers cheapest register cost first', async () => {
    await setSupplierActive(t, 'sandbox', true);
    expect(await sync()).toEqual([syncResult('dynadot', 'Dynadot', 5), syncResult('sandbox', 'Sandbox', 13)]);
    const prices = await sellPrices(t.services.db);
    // com: sandbox 10.29 beats dynadot 10.99 (+25 %).
    expect(prices.get('com')).toMatchObject({ registerCents: 1287, renewCents: 1287, supplierIds: ['sandbox', 'dynadot'] });
    // co.uk: sandbox 5.99 to register; only the sandbox transfers (dynadot lists none).
    expect(prices.get('co.uk')).toMatchObject({ registerCents: 749, transferCents: 0, supplierIds: ['sandbox', 'dynadot'] });
    // org: both cost 9.99 to register, the tie goes by id; renew is the sandbox's 10.99.
    expect(prices.get('org')).toMatchObject({ registerCents: 1249, renewCents: 1374, supplierIds: ['dynadot', 'sandbox'] });
    // A TLD only the sandbox sells.
    expect(prices.get('dev')?.supplierIds).toEqual(['sandbox']);
  });

  it('a TLD\'s own markup wins over the global one, percent or fixed', async () => {
    await setMarkup(t, 'com', 'fixed', 300);
    await setMarkup(t, 'net', 'percent', 1000);
    const prices = await sellPrices(t.services.db);
    expect(prices.get('com')).toMatchObject({ registerCents: 1329, renewCents: 1329, transferCents: 1329 });
    expect(prices.get('net')).toMatchObject({ registerCents: 1319 }); // 11.99 + 10 % = 13.189
    expect(prices.get('io')).toMatchObject({ registerCents: 4499 }); // 35.99 + 25 % = 44.9875
    await t.services.db.deleteFrom('tld_markups').where('tld', 'in', ['com', 'net']).execute();
  });

  it('a sync replaces the supplier\'s list: new prices, new TLDs, and TLDs no longer listed removed', async () => {
    fake.prices.set('com', { register: 9.49, renew: 11.49, transfer: 9.49 });
    fake.prices.set('xyz', { register: 1.99, renew: 12.99, transfer: 12.99 });
    fake.prices.delete('io');
    const answer = await syncAnswer({ supplierId: 'dynadot' });
    // com's costs moved, xyz is new, io is gone (removals are neither).
    expect(answer).toEqual({
      success: true,
      summary: { totalSuppliers: 1, successfulSuppliers: 1, failedSuppliers: 0, totalTlds: 5, newTlds: 1, updatedTlds: 1 },
      suppliers: { dynadot: { name: 'Dynadot', status: 'success', tldCount: 5, newTlds: 1, updatedTlds: 1, error: null, syncedAt: expect.any(String) } },
      errors: [],
      requestId: expect.any(String),
      message: 'TLD sync completed. Check logs for details.',
    });
    // The same list again changes nothing.
    expect((await syncAnswer({ supplierId: 'dynadot' })).summary).toMatchObject({ newTlds: 0, updatedTlds: 0, totalTlds: 5 });
    const costs = await costsOf(t, 'dynadot');
    expect(Object.keys(costs)).toEqual(['co.uk', 'com', 'net', 'org', 'xyz']);
    expect(costs.com).toEqual({ register: 949, renew: 1149, transfer: 949 });
    const prices = await sellPrices(t.services.db);
    expect(prices.get('com')).toMatchObject({ registerCents: 1187, supplierIds: ['dynadot', 'sandbox'] });
    expect(prices.get('io')?.supplierIds).toEqual(['sandbox']);
    const entries = await auditEntries(t, 'domains.tld_sync', 'dynadot');
    expect(entries.at(-1)).toMatchObject({ actorUserId: operator.id, after: { suppliers: [syncResult('dynadot', 'Dynadot', 5)] } });
  });

  it('a failing supplier keeps its costs and gets the error; the others are synced all the same', async () => {
    const kept = await costsOf(t, 'dynadot');
    const sandboxBefore = (await supplierRow(t, 'sandbox')).last_synced_at;
    const dynadotBefore = (await supplierRow(t, 'dynadot')).last_synced_at;
    fake.http.override({ status: 500, body: 'Internal Server Error', contentType: 'text/plain' });
    const answer = await syncAnswer();
    const [dynadot, sandbox] = listOf(answer.suppliers);
    expect(dynadot).toEqual(syncResult('dynadot', 'Dynadot', 5, 'dynadot answered tld_price with HTTP 500.', { newTlds: 0, updatedTlds: 0 }));
    expect(sandbox).toEqual(syncResult('sandbox', 'Sandbox', 13));
    expect(answer.suppliers.dynadot.status).toBe('failed');
    expect(answer.suppliers.sandbox.status).toBe('success');
    expect(answer.summary).toMatchObject({ totalSuppliers: 2, successfulSuppliers: 1, failedSuppliers: 1, totalTlds: 18 });
    expect(answer.errors).toEqual([{ supplier: 'dynadot', error: 'dynadot answered tld_price with HTTP 500.' }]);
    expect(await costsOf(t, 'dynadot')).toEqual(kept);
    const row = await supplierRow(t, 'dynadot');
    expect(row.last_sync_error).toBe(dynadot.error);
    expect(row.last_synced_at).toEqual(dynadotBefore);
    expect((await supplierRow(t, 'sandbox')).last_synced_at).not.toEqual(sandboxBefore);
    expect(row.last_sync_error).not.toContain(DYNADOT_FAKE_KEY);
    expect((await sellPrices(t.services.db)).get('xyz')?.supplierIds).toEqual(['dynadot']);
  });

  it('a supplier slower than the time-out counts as failed, and the others still answer', async () => {
    fake.http.override({ delayMs: 3000, body: '{}', contentType: 'application/json' });
    const suppliers = await Promise.all(['dynadot', 'sandbox'].map((id) => supplierRow(t, id)));
    const [slow, quick] = await fetchSupplierCosts(t.services, suppliers, 200);
    expect(slow).toEqual({ supplier: suppliers[0], error: 'The supplier did not answer within 0.2 s.' });
    expect(quick).toMatchObject({ supplier: suppliers[1], costs: expect.any(Array) });
  });

  it('wrong credentials: the registrar\'s refusal is recorded without the key; the next good sync clears it', async () => {
    const wrong = await startTestApp(dialect, { env: { DYNADOT_API_KEY: 'wrong-key-123456', DYNADOT_API_URL: fake.url } });
    try {
      const [result] = await ensureDomainPricing(wrong.services);
      expect(result).toEqual(syncResult('dynadot', 'Dynadot', 0, 'Dynadot refused tld_price: invalid key'));
      expect(result.error).not.toContain('wrong-key-123456');
      expect((await supplierRow(wrong, 'dynadot')).last_sync_error).toBe(result.error);
    } finally {
      await wrong.stop();
    }
    expect(await sync({ supplierId: 'dynadot' })).toEqual([syncResult('dynadot', 'Dynadot', 5)]);
    expect((await supplierRow(t, 'dynadot')).last_sync_error).toBeNull();
  });

  it('an inactive supplier is left out of a full sync, and synced when asked by id', async () => {
    await setSupplierActive(t, 'sandbox', false);
    expect((await sync()).map((s: { id: string }) => s.id)).toEqual(['dynadot']);
    expect((await sync({ supplierId: 'sandbox' })).map((s: { id: string }) => s.id)).toEqual(['sandbox']);
    expect([...(await sellPrices(t.services.db)).values()].every((p) => !p.supplierIds.includes('sandbox'))).toBe(true);
    await setSupplierActive(t, 'sandbox', true);
  });

  describe('the daily job', () => {
    it('is scheduled daily, and syncs every active supplier', async () => {
      const schedule = await t.services.db.selectFrom('job_schedules').selectAll().where('name', '=', TLD_SYNC_QUEUE).executeTakeFirst();
      expect(schedule).toMatchObject({ cron: TLD_SYNC_CRON });
      fake.prices.set('io', { register: 30, renew: 40, transfer: 40 });
      const runs = (await auditEntries(t, 'domains.tld_sync')).length;
      await t.services.jobs.send(TLD_SYNC_QUEUE, {});
      await vi.waitFor(async () => expect((await auditEntries(t, 'domains.tld_sync')).length).toBe(runs + 1), { timeout: 10_000 });
      expect((await auditEntries(t, 'domains.tld_sync')).at(-1)).toMatchObject({
        actorUserId: null, after: { suppliers: [syncResult('dynadot', 'Dynadot', 6), syncResult('sandbox', 'Sandbox', 13)] },
      });
      expect((await costsOf(t, 'dynadot')).io).toEqual({ register: 3000, renew: 4000, transfer: 4000 });
    });
  });
});
