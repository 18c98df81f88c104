import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  LAST_SUPPLIER_CODE, lastSupplierWarning, SANDBOX_BESIDE_REAL, SUPPLIER_NOT_CONFIGURED, SUPPLIER_NOT_FOUND,
} from '../../src/common/admin/registrars/texts.ts';
import { ManualClock } from '../support/clock.ts';
import { paidOrder } from '../support/domains/fulfilment.ts';
import { costsOf, supplierRow } from '../support/domains/pricing.ts';
import { seedSupplier } from '../support/domains/suppliers.ts';
import { accountWithMembers, type AccountWithMembers } from '../support/factories.ts';
import { auditEntries, signUpOperator } from '../support/operators.ts';
import { DYNADOT_FAKE_KEY, type FakeDynadot, startFakeDynadot } from '../support/registrars/dynadot.fake.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../support/testApp.ts';
import { insertDomain } from '../../src/server/features/domains/records.ts';
import { ensureDomainPricing } from '../../src/server/features/domains/pricing/supplierSync.ts';

const HOUR = 3_600_000;

/**
 * /super-admin/registrars (issue 19): health from the calls we recorded, activation with the
 * sandbox and last-supplier rules, and a read-only API test, against Dynadot's fake over HTTP.
 */
describeEachDialect('the registrars page\'s functions', (dialect) => {
  let fake: FakeDynadot;
  let t: TestApp;
  let operator: TestUser;
  let a: AccountWithMembers;
  const clock = new ManualClock('2026-11-20T10:00:00.000Z');

  beforeAll(async () => {
    fake = await startFakeDynadot();
    t = await startTestApp(dialect, { env: { DYNADOT_API_KEY: DYNADOT_FAKE_KEY, DYNADOT_API_URL: fake.url }, clock });
    operator = await signUpOperator(t);
    a = await accountWithMembers(t);
    // The first start: Dynadot active with its five TLDs, the sandbox inactive beside it.
    await ensureDomainPricing(t.services);
    // A supplier we have no adapter for.
    await seedSupplier(t.services.db, { id: 'porkbun', name: 'Porkbun', active: false }, []);
  });
  afterAll(async () => {
    await t.stop();
    await fake.close();
  });

  const attempt = async (orderId: string, outcome: 'started' | 'succeeded' | 'failed' | 'unknown', durationMs: number | null, at: Date) => {
    await t.services.db.insertInto('domain_order_attempts').values({
      id: randomUUID(), order_id: orderId, supplier_id: 'dynadot', operation: 'register', outcome, reason: null, duration_ms: durationMs,
      idempotency_key: randomUUID(), started_at: at.toISOString(), finished_at: outcome === 'started' ? null : at.toISOString(),
    }).execute();
  };

  const domainAt = async (name: string, supplierId: string | null) => {
    await insertDomain(t.services.db, {
      id: `dom_${randomUUID()}`, accountId: a.accountId, name, tld: name.slice(name.indexOf('.') + 1), supplierId, registrationId: null,
      registrationDate: clock.nowIso(), expirationDate: new Date(clock.now().getTime() + 365 * 24 * HOUR).toISOString(),
      autoRenew: true, privacy: false, locked: true, nameservers: [], contacts: null, now: clock.nowIso(),
    });
  };

  it('getRegistrarHealth: each supplier with its TLDs and last sync, and error rate and latency from the attempts of the last 7 days', async () => {
    const syncedAt = clock.nowIso();
    const orderId = await paidOrder(t, { accountId: a.accountId, userId: a.owner.id, domain: 'health-check.com' });
    // Outside the window: counts for nothing but is not the latest call either.
    await attempt(orderId, 'failed', 9000, new Date(clock.now().getTime() - 10 * 24 * HOUR));
    await attempt(orderId, 'succeeded', 200, new Date(clock.now().getTime() + HOUR));
    await attempt(orderId, 'failed', 400, new Date(clock.now().getTime() + 2 * HOUR));
    await attempt(orderId, 'unknown', 600, new Date(clock.now().getTime() + 3 * HOUR));
    // Still running: no outcome to count yet.
    await attempt(orderId, 'started', null, new Date(clock.now().getTime() + 4 * HOUR));
    clock.advance(5 * HOUR);

    const res = await t.call('getRegistrarHealth', {}, operator);
    expect(res.status).toBe(200);
    expect(res.result.windowDays).toBe(7);
    const byId = Object.fromEntries(res.result.suppliers.map((s) => [s.id, s]));
    expect(Object.keys(byId)).toEqual(['dynadot', 'porkbun', 'sandbox']);
    expect(byId.dynadot).toEqual({
      id: 'dynadot', name: 'Dynadot', isActive: true, configured: true, comingSoon: false, tldCount: 5,
      lastSyncedAt: syncedAt, lastSyncError: null,
      lastCallAt: new Date(Date.parse(syncedAt) + 4 * HOUR).toISOString(), lastCallKind: 'Order attempt',
      window: { calls: 3, failed: 1, unknown: 1, errorRate: 2 / 3, avgLatencyMs: 400, maxLatencyMs: 600 },
      balance: expect.stringMatching(/Test API reads it live/),
    });
    expect(byId.sandbox).toMatchObject({
      isActive: false, configured: true, comingSoon: false, tldCount: 0, lastCallAt: null,
      window: { calls: 0, errorRate: null, avgLatencyMs: null }, balance: 'The sandbox is built in and has no balance.',
    });
    expect(byId.porkbun).toMatchObject({ isActive: false, configured: false, comingSoon: true, balance: expect.stringMatching(/No adapter/) });

    // The nightly portfolio sync called Dynadot after the last attempt: that is its last call now.
    const portfolioAt = new Date(Date.parse(syncedAt) + 4.5 * HOUR).toISOString();
    await t.services.db.insertInto('work_runs').values({
      id: randomUUID(), kind: 'portfolio-sync', requested_by: null, status: 'succeeded', done: 1, total: 1, error: null, lease_until: null,
      summary: JSON.stringify({ registrars: [{ id: 'dynadot', calls: 2 }, { id: 'sandbox', calls: 0 }] }),
      created_at: syncedAt, started_at: syncedAt, finished_at: portfolioAt,
    }).execute();
    const later = Object.fromEntries((await t.call('getRegistrarHealth', {}, operator)).result.suppliers.map((s) => [s.id, s]));
    expect(later.dynadot).toMatchObject({ lastCallAt: portfolioAt, lastCallKind: 'Portfolio sync', window: { calls: 3 } });
    expect(later.sandbox).toMatchObject({ lastCallAt: null });

    expect((await t.call('getRegistrarHealth', {}, a.owner)).status).toBe(403);
    expect((await t.call('getRegistrarHealth', {}, null)).status).toBe(401);
  });

  it('setSupplierActive refuses the sandbox beside a real registrar, a supplier not configured here and an unknown one, changing nothing', async () => {
    const audited = (await auditEntries(t, 'registrars.supplier_activated')).length;
    const sandbox = await t.call('setSupplierActive', { supplierId: 'sandbox', isActive: true }, operator);
    expect(sandbox.error).toEqual({ status: 'FAILED_PRECONDITION', message: SANDBOX_BESIDE_REAL });
    expect((await supplierRow(t, 'sandbox')).is_active).toBe(false);

    const porkbun = await t.call('setSupplierActive', { supplierId: 'porkbun', isActive: true }, operator);
    expect(porkbun.error).toEqual({ status: 'FAILED_PRECONDITION', message: SUPPLIER_NOT_CONFIGURED });
    expect((await supplierRow(t, 'porkbun')).is_active).toBe(false);

    const unknown = await t.call('setSupplierActive', { supplierId: 'nosuch', isActive: false }, operator);
    expect(unknown.error).toEqual({ status: 'NOT_FOUND', message: SUPPLIER_NOT_FOUND });
    expect((await t.call('setSupplierActive', { supplierId: 'dynadot', isActive: false }, a.owner)).status).toBe(403);
    expect((await t.callRaw('setSupplierActive', { supplierId: 'dynadot', isActive: 'no' }, operator)).status).toBe(400);
    expect((await supplierRow(t, 'dynadot')).is_active).toBe(true);
    expect(await auditEntries(t, 'registrars.supplier_activated')).toHaveLength(audited);
    expect(await auditEntries(t, 'registrars.supplier_deactivated')).toHaveLength(0);
  });

  it('deactivating the last active supplier of TLDs with domains warns with them; with confirm it goes through, audited; it is activated again', async () => {
    // Enom also prices com: only io (and the TLDs without domains) would be left without a supplier.
    await seedSupplier(t.services.db, { id: 'enom', name: 'Enom' }, [{ tld: 'com', registerCents: 900 }]);
    await domainAt('first-alone.io', 'dynadot');
    await domainAt('second-alone.io', null);
    await domainAt('shared.com', 'dynadot');

    const warned = await t.call('setSupplierActive', { supplierId: 'dynadot', isActive: false }, operator);
    expect(warned.status).toBe(400);
    expect(warned.error).toEqual({
      status: 'FAILED_PRECONDITION', message: lastSupplierWarning('Dynadot', ['io'], 2),
      details: { code: LAST_SUPPLIER_CODE, tlds: ['io'], domains: 2 },
    });
    expect(warned.error!.message).toBe('Dynadot is the last active supplier for .io (2 domains). Deactivating it stops new registrations of these TLDs and leaves the domains without an active supplier to fail over to. Confirm to deactivate anyway.');
    expect((await supplierRow(t, 'dynadot')).is_active).toBe(true);

    const confirmed = await t.call('setSupplierActive', { supplierId: 'dynadot', isActive: false, confirm: true }, operator);
    expect(confirmed.result).toEqual({ success: true, supplier: { id: 'dynadot', name: 'Dynadot', isActive: false }, changed: true });
    expect((await supplierRow(t, 'dynadot')).is_active).toBe(false);
    // Its costs stay, for the day it is active again.
    expect(Object.keys(await costsOf(t, 'dynadot'))).toHaveLength(5);
    expect(await auditEntries(t, 'registrars.supplier_deactivated', 'dynadot')).toEqual([expect.objectContaining({
      actorUserId: operator.id, targetType: 'domain_supplier', before: { isActive: true },
      after: { isActive: false, changed: true, confirmedLastSupplierFor: { tlds: ['io'], domains: 2 } },
    })]);
    expect((await t.call('getRegistrarHealth', {}, operator)).result.suppliers.find((s) => s.id === 'dynadot')!.isActive).toBe(false);

    const again = await t.call('setSupplierActive', { supplierId: 'dynadot', isActive: true }, operator);
    expect(again.result).toEqual({ success: true, supplier: { id: 'dynadot', name: 'Dynadot', isActive: true }, changed: true });
    expect((await supplierRow(t, 'dynadot')).is_active).toBe(true);
    expect(await auditEntries(t, 'registrars.supplier_activated', 'dynadot')).toEqual([expect.objectContaining({ before: { isActive: false }, after: { isActive: true, changed: true } })]);

    // Enom shares com with Dynadot and sells nothing alone: no warning.
    const enom = await t.call('setSupplierActive', { supplierId: 'enom', isActive: false }, operator);
    expect(enom.result).toMatchObject({ success: true, changed: true });
  });

  it('testRegistrarApi answers timed log lines of read-only calls, with the availability of the domain asked and never the key; audited', async () => {
    fake.makeTaken('taken-name.com');
    const free = await t.call('testRegistrarApi', { supplier: 'dynadot', domain: 'Free-Name.com' }, operator);
    expect(free.status).toBe(200);
    expect(free.result.success).toBe(true);
    expect(free.result.error).toBeNull();
    const { logs } = free.result;
    expect(logs[0]).toEqual({ at: clock.nowIso(), msg: 'Testing Dynadot (dynadot) with read-only calls.', extra: null });
    expect(logs.map((l) => l.msg)).toEqual(expect.arrayContaining([
      expect.stringMatching(/^Calling Dynadot api3/), expect.stringMatching(/API key was accepted/), 'Connection test passed.',
      'Checking availability of free-name.com.', 'free-name.com is available.', 'The API answered every test call.',
    ]));
    expect(logs.find((l) => l.msg === 'free-name.com is available.')!.extra).toEqual({
      step: 'availability', ok: true, available: true, premium: false, premiumPriceCents: null, durationMs: expect.any(Number),
    });
    expect(logs.find((l) => l.msg === 'Connection test passed.')!.extra).toEqual({ step: 'connection', ok: true, durationMs: expect.any(Number) });
    expect(JSON.stringify(free.result)).not.toContain(DYNADOT_FAKE_KEY);
    // Read-only: nothing was registered.
    expect(fake.domains.has('free-name.com')).toBe(false);

    const taken = await t.call('testRegistrarApi', { supplier: 'dynadot', domain: 'taken-name.com' }, operator);
    expect(taken.result.logs.map((l) => l.msg)).toContain('taken-name.com is taken.');
    // Both at the same (manual) time: the entries' order is not the point.
    const tested = await auditEntries(t, 'registrars.api_tested', 'dynadot');
    expect(tested.map((e) => ({ actor: e.actorUserId, ...e.after })).sort((x, y) => x.domain.localeCompare(y.domain))).toEqual([
      { actor: operator.id, domain: 'free-name.com', success: true, error: null },
      { actor: operator.id, domain: 'taken-name.com', success: true, error: null },
    ]);
  });

  it('testRegistrarApi with a refused key says so in its lines, without the key; unknown, unconfigured and coming-soon suppliers and bad input are refused', async () => {
    const wrongKey = 'wrong-key-7d1e0b55';
    const wrong = await startTestApp(dialect, { env: { DYNADOT_API_KEY: wrongKey, DYNADOT_API_URL: fake.url } });
    try {
      const wrongOperator = await signUpOperator(wrong);
      await ensureDomainPricing(wrong.services);
      const res = await wrong.call('testRegistrarApi', { supplier: 'dynadot', domain: 'example.com' }, wrongOperator);
      expect(res.status).toBe(200);
      expect(res.result.success).toBe(false);
      expect(res.result.error).toBe('The connection test failed.');
      expect(res.result.logs.map((l) => l.msg)).toEqual(expect.arrayContaining([expect.stringMatching(/^Failed: Dynadot refused account_info/), 'Connection test failed.']));
      expect(JSON.stringify(res.result)).not.toContain(wrongKey);
    } finally {
      await wrong.stop();
    }

    expect((await t.call('testRegistrarApi', { supplier: 'nosuch', domain: 'example.com' }, operator)).error).toEqual({ status: 'NOT_FOUND', message: SUPPLIER_NOT_FOUND });
    expect((await t.call('testRegistrarApi', { supplier: 'porkbun', domain: 'example.com' }, operator)).error)
      .toEqual({ status: 'FAILED_PRECONDITION', message: 'Porkbun: Coming soon.' });
    expect((await t.call('testRegistrarApi', { supplier: 'enom', domain: 'example.com' }, operator)).error)
      .toEqual({ status: 'FAILED_PRECONDITION', message: SUPPLIER_NOT_CONFIGURED });
    expect((await t.callRaw('testRegistrarApi', { supplier: 'dynadot', domain: 'not a domain' }, operator)).status).toBe(400);
    expect((await t.call('testRegistrarApi', { supplier: 'dynadot', domain: 'example.com' }, a.owner)).status).toBe(403);
  });
});
