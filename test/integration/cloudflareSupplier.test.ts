import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureDomainPricing } from '../../src/server/features/domains/pricing/supplierSync.ts';
import { runPortfolioSync } from '../../src/server/features/domains/portfolio/sync.ts';
import { insertDomain } from '../../src/server/features/domains/records.ts';
import { costsOf, supplierRow } from '../support/domains/pricing.ts';
import { accountWithMembers, type AccountWithMembers } from '../support/factories.ts';
import { signUpOperator } from '../support/operators.ts';
import { CLOUDFLARE_FAKE_TOKEN, cloudflareTestEnv, type FakeCloudflare, startFakeCloudflare } from '../support/registrars/cloudflare.fake.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../support/testApp.ts';

const DAY = 86_400_000;

/**
 * Cloudflare Registrar as a supplier (issue 19), against its fake over HTTP: it is configured and
 * no longer 'Coming soon', it is never priced (so never a registration or renewal candidate),
 * the nightly sync compares its names without turning its auto-renew off (its only renewal),
 * and a customer's lock reaches it.
 */
describeEachDialect('Cloudflare Registrar as a supplier', (dialect) => {
  let fake: FakeCloudflare;
  let t: TestApp;
  let operator: TestUser;
  let a: AccountWithMembers;
  const expiry = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 5, 15));

  async function ours(name: string, fields: { expirationDate?: Date; locked?: boolean } = {}) {
    await insertDomain(t.services.db, {
      id: `dom_${randomBytes(9).toString('base64url')}`, accountId: a.accountId, name, tld: 'com', supplierId: 'cloudflare', registrationId: null,
      registrationDate: new Date(expiry.getTime() - 365 * DAY).toISOString(), expirationDate: (fields.expirationDate ?? expiry).toISOString(),
      autoRenew: false, privacy: true, locked: fields.locked ?? true, nameservers: ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'],
      contacts: null, now: new Date().toISOString(),
    });
  }

  beforeAll(async () => {
    fake = await startFakeCloudflare();
    const env = Object.fromEntries(Object.entries(cloudflareTestEnv(fake)).filter((e): e is [string, string] => e[0].startsWith('CLOUDFLARE_') && e[1] !== undefined));
    t = await startTestApp(dialect, { env });
    [operator, a] = await Promise.all([signUpOperator(t), accountWithMembers(t)]);
    await ensureDomainPricing(t.services);
    const expiresAt = expiry.toISOString();
    fake.seedDomain('cf-same.com', { expiresAt, locked: true, autoRenew: true });
    fake.seedDomain('cf-lock.com', { expiresAt, locked: false, autoRenew: true });
    fake.seedDomain('cf-expiry.com', { expiresAt: new Date(expiry.getTime() + 365 * DAY).toISOString(), locked: true, autoRenew: true });
    for (const name of ['cf-same.com', 'cf-lock.com', 'cf-expiry.com', 'cf-gone.com']) await ours(name);
  });
  afterAll(async () => {
    await t.stop();
    await fake.close();
  });

  it('is a configured supplier on the registrars page, not "Coming soon", with no TLD costs: never priced', async () => {
    expect(await costsOf(t, 'cloudflare')).toEqual({});
    // It publishes no price list: the sync has nothing to read and nothing to call an error.
    expect(await supplierRow(t, 'cloudflare')).toMatchObject({ is_active: true, last_sync_error: null, last_synced_at: expect.any(String) });
    const res = await t.call('getRegistrarHealth', {}, operator);
    expect(res.status).toBe(200);
    expect(res.result.suppliers.find((s) => s.id === 'cloudflare')).toMatchObject({
      name: 'Cloudflare', configured: true, comingSoon: false, tldCount: 0, balance: expect.stringMatching(/no balance/),
    });
    const search = await t.call('searchDomains', { query: 'brand-new-name.com', accountId: a.accountId }, a.owner);
    expect(JSON.stringify(search.result ?? search.error)).not.toMatch(/cloudflare/i);
  });

  it('the API test reads the account through the token and shows no token', async () => {
    const res = await t.call('testRegistrarApi', { supplier: 'cloudflare', domain: 'cf-same.com' }, operator);
    expect(res.status).toBe(200);
    expect(res.result).toMatchObject({ success: true, error: null });
    expect(res.result.logs.map((l) => l.msg)).toEqual(expect.arrayContaining([
      expect.stringMatching(/the account holds 3 domains/), 'Skipped: Cloudflare\'s registrar API does not offer availability checks.',
    ]));
    expect(JSON.stringify(res.result)).not.toContain(CLOUDFLARE_FAKE_TOKEN);
  });

  it('the nightly sync records lock, expiry and listing differences and leaves Cloudflare\'s auto-renew on', async () => {
    const summary = await runPortfolioSync(t.services, { requestedBy: null });
    expect(summary.registrars.find((r) => r.id === 'cloudflare')).toMatchObject({ error: null, autoRenewTurnedOff: 0 });
    expect(fake.requests.filter((r) => r.method === 'PUT')).toEqual([]);
    expect([...fake.domains.values()].every((d) => d.autoRenew)).toBe(true);
    const page = await t.call('getPortfolioSync', {}, operator);
    const of = (domain: string) => page.result.differences.filter((d) => d.domain === domain).map((d) => [d.field, d.ours, d.theirs]);
    expect(of('cf-same.com')).toEqual([]);
    expect(of('cf-lock.com')).toEqual([['locked', 'on', 'off']]);
    expect(of('cf-expiry.com')).toEqual([['expiry', expiry.toISOString().slice(0, 10), new Date(expiry.getTime() + 365 * DAY).toISOString().slice(0, 10)]]);
    expect(of('cf-gone.com')).toEqual([['listed', expect.any(String), 'not in the account']]);
  });

  it('a customer\'s lock is set at Cloudflare; turning our auto-renew on leaves Cloudflare\'s alone', async () => {
    const lock = await t.call('setDomainLock', { domain: 'cf-lock.com', locked: true }, a.owner);
    expect(lock.status).toBe(200);
    expect(fake.domains.get('cf-lock.com')!.locked).toBe(true);
    const renew = await t.call('updateDomainAutoRenew', { domain: 'cf-same.com', autoRenew: true }, a.owner);
    expect(renew.status).toBe(200);
    expect(fake.domains.get('cf-same.com')!.autoRenew).toBe(true);
    expect(fake.requests.filter((r) => r.method === 'PUT').map((r) => [r.path.split('/').at(-1), JSON.parse(r.body) as unknown])).toEqual([['cf-lock.com', { locked: true }]]);
  });
});
