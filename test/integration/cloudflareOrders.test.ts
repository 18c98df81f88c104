import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  cloudflareNotRenewedYet, cloudflareRenewed, RETRY_MESSAGES, UNKNOWN_SUPPLIER,
} from '../../src/common/admin/orders/texts.ts';
import { nowIso } from '../../src/server/db/connection.ts';
import { transitionOrder } from '../../src/server/features/domains/index.ts';
import { ensureDomainPricing } from '../../src/server/features/domains/pricing/supplierSync.ts';
import { insertDomain } from '../../src/server/features/domains/records.ts';
import { orderRow, paidOrder, uniqueName } from '../support/domains/fulfilment.ts';
import { accountWithMembers, type AccountWithMembers } from '../support/factories.ts';
import { auditEntries, signUpOperator } from '../support/operators.ts';
import { cloudflareTestEnv, type FakeCloudflare, startFakeCloudflare } from '../support/registrars/cloudflare.fake.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../support/testApp.ts';

const DAY = 86_400_000;

/**
 * Cloudflare as a retry target and a manual completion's registrar (issue 19), against its fake:
 * a forced retry of a registration is refused before any call (its API registers nothing for
 * us); a renewal of a name held there completes once Cloudflare's expiry shows its auto-renew
 * renewed it, and otherwise gets its auto-renew on and a sentence; a manual completion records
 * the name at Cloudflare in api mode, so its settings reach Cloudflare.
 */
describeEachDialect('Cloudflare on the order desk', (dialect) => {
  let fake: FakeCloudflare;
  let t: TestApp;
  let operator: TestUser;
  let a: AccountWithMembers;
  const expiry = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 2, 10));

  beforeAll(async () => {
    fake = await startFakeCloudflare();
    const env = Object.fromEntries(Object.entries(cloudflareTestEnv(fake)).filter((e): e is [string, string] => e[0].startsWith('CLOUDFLARE_') && e[1] !== undefined));
    t = await startTestApp(dialect, { env });
    [operator, a] = await Promise.all([signUpOperator(t), accountWithMembers(t)]);
    await ensureDomainPricing(t.services);
  });
  afterAll(async () => {
    await t.stop();
    await fake.close();
  });

  const failed = async (orderId: string) => {
    await transitionOrder(t.services.db, orderId, 'failed', { error: 'The registrar refused.', admin_action_required: true, updated_at: nowIso() }, 'processing');
    return orderId;
  };
  const heldAtCloudflare = async (name: string, expiresAt: Date) => {
    const id = `dom_${randomBytes(9).toString('base64url')}`;
    await insertDomain(t.services.db, {
      id, accountId: a.accountId, name, tld: 'com', supplierId: 'cloudflare', registrationId: null, registrationDate: null,
      expirationDate: expiresAt.toISOString(), autoRenew: true, privacy: true, locked: true, nameservers: [], contacts: null, now: nowIso(),
    });
    return id;
  };
  const renewalOrder = async (name: string, domainId: string) =>
    failed(await paidOrder(t, { accountId: a.accountId, userId: a.owner.id, domain: name, kind: 'renewal', domainId }));
  const domainRow = (name: string) => t.services.db.selectFrom('domains').selectAll().where('name', '=', name).executeTakeFirstOrThrow();

  it('a retry forcing Cloudflare refuses a registration before any call and leaves the order where it was', async () => {
    const orderId = await failed(await paidOrder(t, { accountId: a.accountId, userId: a.owner.id, domain: uniqueName() }));
    const calls = fake.requests.length;
    const res = await t.call('bulkRetryOrders', { orderIds: [orderId], forceRegistrar: 'cloudflare' }, operator);
    expect(res.status).toBe(200);
    expect(res.result).toEqual({ success: false, summary: { successful: 0, failed: 1 }, results: [{ orderId, ok: false, message: RETRY_MESSAGES.cloudflareNoRegistration }] });
    expect(fake.requests.length).toBe(calls);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'failed', payment_status: 'paid' });
  });

  it('a renewal Cloudflare already renewed by its auto-renew completes from its answer, with its expiry, audited', async () => {
    const name = `cf-renewed-${randomBytes(4).toString('hex')}.com`;
    const domainId = await heldAtCloudflare(name, expiry);
    const renewedTo = new Date(expiry.getTime() + 365 * DAY);
    fake.seedDomain(name, { expiresAt: renewedTo.toISOString(), autoRenew: true });
    const orderId = await renewalOrder(name, domainId);
    const res = await t.call('bulkRetryOrders', { orderIds: [orderId], forceRegistrar: 'cloudflare' }, operator);
    expect(res.result).toEqual({ success: true, summary: { successful: 1, failed: 0 }, results: [{ orderId, ok: true, message: cloudflareRenewed(renewedTo.toISOString().slice(0, 10)) }] });
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'completed', supplier_id: 'cloudflare', admin_action_required: false });
    expect((await domainRow(name)).expiration_date!.slice(0, 10)).toBe(renewedTo.toISOString().slice(0, 10));
    expect(fake.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(await auditEntries(t, 'order.retry_found_done', orderId)).toEqual([expect.objectContaining({
      actorUserId: operator.id, after: expect.objectContaining({ status: 'completed', supplierId: 'cloudflare' }),
    })]);
  });

  it('a renewal Cloudflare has not renewed yet turns its auto-renew on and says what to do; the order stays for the operator', async () => {
    const name = `cf-pending-${randomBytes(4).toString('hex')}.com`;
    const soon = new Date(Date.now() + 10 * DAY);
    const domainId = await heldAtCloudflare(name, soon);
    fake.seedDomain(name, { expiresAt: soon.toISOString(), autoRenew: false });
    const orderId = await renewalOrder(name, domainId);
    const res = await t.call('bulkRetryOrders', { orderIds: [orderId], forceRegistrar: 'cloudflare' }, operator);
    expect(res.result.results).toEqual([{ orderId, ok: false, message: cloudflareNotRenewedYet(soon.toISOString().slice(0, 10), 'turned_on') }]);
    expect(fake.domains.get(name)!.autoRenew).toBe(true);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'failed' });
    // Asked again: its auto-renew is on already, so nothing more is changed.
    const puts = fake.requests.filter((r) => r.method === 'PUT').length;
    const again = await t.call('bulkRetryOrders', { orderIds: [orderId], forceRegistrar: 'cloudflare' }, operator);
    expect(again.result.results[0]!.message).toBe(cloudflareNotRenewedYet(soon.toISOString().slice(0, 10), 'was_on'));
    expect(fake.requests.filter((r) => r.method === 'PUT').length).toBe(puts);
  });

  it('a renewal of a name not held at Cloudflare is refused without a call', async () => {
    const name = `sandbox-held-${randomBytes(4).toString('hex')}.com`;
    const id = `dom_${randomBytes(9).toString('base64url')}`;
    await insertDomain(t.services.db, {
      id, accountId: a.accountId, name, tld: 'com', supplierId: null, registrationId: null, registrationDate: null,
      expirationDate: expiry.toISOString(), autoRenew: true, privacy: false, locked: false, nameservers: [], contacts: null, now: nowIso(),
    });
    const orderId = await renewalOrder(name, id);
    const calls = fake.requests.length;
    const res = await t.call('bulkRetryOrders', { orderIds: [orderId], forceRegistrar: 'cloudflare' }, operator);
    expect(res.result.results).toEqual([{ orderId, ok: false, message: RETRY_MESSAGES.cloudflareNotHeld }]);
    expect(fake.requests.length).toBe(calls);
  });

  it('a manual completion at Cloudflare records the name there in api mode, so its lock is set through Cloudflare\'s API', async () => {
    const name = uniqueName();
    const orderId = await failed(await paidOrder(t, { accountId: a.accountId, userId: a.owner.id, domain: name }));
    // The operator bought it in Cloudflare's dashboard.
    fake.seedDomain(name, { expiresAt: expiry.toISOString(), locked: false });
    const res = await t.call('manuallyCompleteOrder', {
      orderId, registrationId: 'cf-dashboard-1', registrar: 'cloudflare', expirationDate: expiry.toISOString().slice(0, 10), nameservers: [],
    }, operator);
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    expect(res.result.order).toMatchObject({ status: 'completed', registrar: 'Cloudflare' });
    expect(await domainRow(name)).toMatchObject({ account_id: a.accountId, supplier_id: 'cloudflare', management_mode: 'api' });
    const lock = await t.call('setDomainLock', { domain: name, locked: true }, a.owner);
    expect(lock.status).toBe(200);
    expect(fake.domains.get(name)!.locked).toBe(true);
  });

  it('refuses a registrar that is not a supplier, "other" as a retry target and a NUL byte, with a 400 and nothing changed', async () => {
    const orderId = await failed(await paidOrder(t, { accountId: a.accountId, userId: a.owner.id, domain: uniqueName() }));
    for (const forceRegistrar of ['porkbun', 'other']) {
      const res = await t.call('bulkRetryOrders', { orderIds: [orderId], forceRegistrar }, operator);
      expect(res.error).toEqual({ status: 'INVALID_ARGUMENT', message: UNKNOWN_SUPPLIER });
    }
    const nul = await t.callRaw('bulkRetryOrders', { orderIds: [orderId], forceRegistrar: 'cloud\u0000flare' }, operator);
    expect(nul.status).toBe(400);
    const complete = await t.callRaw('manuallyCompleteOrder', {
      orderId, registrationId: 'x', registrar: 'cloud\u0000flare', expirationDate: expiry.toISOString().slice(0, 10),
    }, operator);
    expect(complete.status).toBe(400);
    expect((await t.call('bulkRetryOrders', { orderIds: [orderId], forceRegistrar: 'cloudflare' }, a.owner)).status).toBe(403);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'failed' });
  });
});
