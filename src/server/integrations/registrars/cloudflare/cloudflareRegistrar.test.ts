import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CLOUDFLARE_FAKE_ACCOUNT, CLOUDFLARE_FAKE_TOKEN, cloudflareTestEnv, type FakeCloudflare, startFakeCloudflare,
} from '../../../../../test/support/registrars/cloudflare.fake.ts';
import { ManualClock } from '../../../../../test/support/clock.ts';
import { loadConfig } from '../../../config.ts';
import { type Registrar, RegistrarError } from '../registrar.ts';
import { CLOUDFLARE_PAGE_SIZE, createCloudflareRegistrar } from './cloudflareRegistrar.ts';

const contact = {
  firstName: 'Ada', lastName: 'King', organization: null, email: 'ada@example.org', phone: '+44.2079460000',
  address1: '12 St James Sq', address2: null, city: 'London', state: 'London', postalCode: 'SW1Y 4JH', country: 'GB',
};
const contacts = { registrant: contact, admin: contact, tech: contact, billing: contact };

describe('the Cloudflare Registrar adapter', () => {
  let fake: FakeCloudflare;
  let cloudflare: Registrar;
  const clock = new ManualClock(new Date('2026-06-01T00:00:00Z'));
  beforeAll(async () => {
    fake = await startFakeCloudflare();
    cloudflare = createCloudflareRegistrar(loadConfig(cloudflareTestEnv(fake)), { clock, timeoutMs: 300 })!;
  });
  afterAll(async () => { await fake.close(); });
  beforeEach(() => { fake.domains.clear(); });

  /** Every failure is a RegistrarError of Cloudflare that never shows the token. */
  const failure = async (promise: Promise<unknown>) => {
    const error = await promise.then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(RegistrarError);
    expect((error as Error).message).not.toContain(CLOUDFLARE_FAKE_TOKEN);
    expect((error as RegistrarError).details.registrar).toBe('cloudflare');
    return error as RegistrarError;
  };

  it('is configured only with both the token and the account', () => {
    const env = cloudflareTestEnv(fake);
    expect(createCloudflareRegistrar(loadConfig({ ...env, CLOUDFLARE_API_TOKEN: undefined }))).toBeNull();
    expect(createCloudflareRegistrar(loadConfig({ ...env, CLOUDFLARE_ACCOUNT_ID: undefined }))).toBeNull();
    expect(cloudflare).toMatchObject({ id: 'cloudflare', name: 'Cloudflare' });
  });

  it('reads one domain: dates, lock, auto-renew and privacy; the token only in the Authorization header', async () => {
    fake.seedDomain('example.com', { createdAt: '2024-03-01T10:00:00Z', expiresAt: '2027-03-01T10:00:00Z', locked: true, autoRenew: false, privacy: true });
    expect(await cloudflare.getInfo('example.com')).toEqual({
      domain: 'example.com', status: 'active', registeredAt: '2024-03-01T10:00:00.000Z', expiresAt: '2027-03-01T10:00:00.000Z',
      nameservers: [], contacts: null, autoRenew: false, locked: true, privacy: true,
    });
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'GET', path: `/client/v4/accounts/${CLOUDFLARE_FAKE_ACCOUNT}/registrar/domains/example.com` });
    expect(request.headers.authorization).toBe(`Bearer ${CLOUDFLARE_FAKE_TOKEN}`);
    expect(JSON.stringify(request.params)).not.toContain(CLOUDFLARE_FAKE_TOKEN);
  });

  it('says expired past the expiry or in redemption', async () => {
    fake.seedDomain('old.com', { expiresAt: '2026-05-01T00:00:00Z' });
    fake.seedDomain('redeem.com', { registryStatuses: 'redemptionPeriod' });
    expect((await cloudflare.getInfo('old.com')).status).toBe('expired');
    expect((await cloudflare.getInfo('redeem.com')).status).toBe('expired');
  });

  it('sets the lock, auto-renew and privacy with one PUT each, and reads them back changed', async () => {
    fake.seedDomain('example.com', { locked: true, autoRenew: true, privacy: true });
    await cloudflare.setLock('example.com', false);
    await cloudflare.setAutoRenew('example.com', false);
    await cloudflare.setPrivacy('example.com', false);
    const puts = fake.requests.filter((r) => r.method === 'PUT').slice(-3).map((r) => JSON.parse(r.body) as unknown);
    expect(puts).toEqual([{ locked: false }, { auto_renew: false }, { privacy: false }]);
    expect(fake.domains.get('example.com')).toMatchObject({ locked: false, autoRenew: false, privacy: false });
    expect(await cloudflare.getInfo('example.com')).toMatchObject({ locked: false, autoRenew: false, privacy: false });
  });

  it('pages through the account: listDomainPage numbers pages from 1, listDomains reads them all', async () => {
    const names = Array.from({ length: CLOUDFLARE_PAGE_SIZE * 2 + 3 }, (_, i) => `name${String(i).padStart(3, '0')}.com`);
    for (const name of names) fake.seedDomain(name, { expiresAt: '2027-01-01T00:00:00Z', autoRenew: false, locked: false });
    const first = await cloudflare.listDomainPage!(1);
    expect(first.nextPage).toBe(2);
    expect(first.domains).toHaveLength(CLOUDFLARE_PAGE_SIZE);
    expect(first.domains[0]).toEqual({ domain: 'name000.com', expiresAt: '2027-01-01T00:00:00.000Z', autoRenew: false, status: 'active', locked: false });
    const last = await cloudflare.listDomainPage!(3);
    expect(last).toMatchObject({ nextPage: null, domains: [{ domain: 'name100.com' }, { domain: 'name101.com' }, { domain: 'name102.com' }] });
    const before = fake.requests.length;
    expect((await cloudflare.listDomains()).map((d) => d.domain)).toEqual(names);
    expect(fake.requests.slice(before).map((r) => r.params)).toEqual([1, 2, 3].map((page) => ({ page: String(page), per_page: String(CLOUDFLARE_PAGE_SIZE) })));
  });

  it('an empty account is one page with nothing on it', async () => {
    expect(await cloudflare.listDomainPage!(1)).toEqual({ domains: [], nextPage: null });
    expect(await cloudflare.listDomains()).toEqual([]);
  });

  it('registers, renews, checks, prices, sets nameservers and contacts or gives the transfer code never: unsupported, without a call', async () => {
    const before = fake.requests.length;
    const refusals = await Promise.all([
      failure(cloudflare.checkAvailability(['free.com'])),
      failure(cloudflare.listTldCosts()),
      failure(cloudflare.register({ domain: 'free.com', years: 1, contacts, nameservers: [], privacy: true, autoRenew: true, idempotencyKey: 'k' })),
      failure(cloudflare.renew('example.com', 1, 'k')),
      failure(cloudflare.setNameservers('example.com', ['ns1.example.net', 'ns2.example.net'])),
      failure(cloudflare.setContacts('example.com', contacts)),
      failure(cloudflare.getTransferCode('example.com')),
    ]);
    expect(refusals.map((e) => e.kind)).toEqual(Array(7).fill('unsupported'));
    expect(refusals.map((e) => e.message)).toContain('Cloudflare\'s registrar API does not offer TLD prices.');
    expect(fake.requests.length).toBe(before);
  });

  describe('failures, by the outcome model', () => {
    it('a domain not in the account is not_found (a 404 in the envelope)', async () => {
      const error = await failure(cloudflare.getInfo('missing.com'));
      expect(error.kind).toBe('not_found');
      expect(error.message).toBe('cloudflare refused domains.get: Domain missing.com not found (1404).');
      expect((await failure(cloudflare.setLock('missing.com', true))).kind).toBe('not_found');
    });

    it('a wrong token or another account is auth (HTTP 403, code 10000); a bad header (400, code 6003) too', async () => {
      const wrongToken = createCloudflareRegistrar(loadConfig(cloudflareTestEnv(fake, 'wrong-token-0000')))!;
      expect((await failure(wrongToken.getInfo('example.com'))).kind).toBe('auth');
      const otherAccount = createCloudflareRegistrar(loadConfig(cloudflareTestEnv(fake, CLOUDFLARE_FAKE_TOKEN, 'f'.repeat(32))))!;
      expect((await failure(otherAccount.listDomains())).kind).toBe('auth');
      fake.refuseNext(400, [{ code: 6003, message: 'Invalid request headers' }]);
      expect((await failure(cloudflare.listDomainPage!(1))).kind).toBe('auth');
    });

    it('a refused change is invalid (400) or failed (another 4xx): the registrar said no', async () => {
      fake.seedDomain('example.com');
      fake.refuseNext(400, [{ code: 1002, message: 'Invalid field locked' }]);
      expect((await failure(cloudflare.setLock('example.com', false))).kind).toBe('invalid');
      fake.refuseNext(409, [{ code: 1409, message: 'Domain is in a pending transfer' }]);
      const conflict = await failure(cloudflare.setAutoRenew('example.com', false));
      expect(conflict).toMatchObject({ kind: 'failed', message: 'cloudflare refused domains.update: Domain is in a pending transfer (1409).' });
      fake.http.override({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: false, errors: [{ code: 1000, message: 'Not allowed' }], messages: [], result: null }) });
      expect((await failure(cloudflare.setPrivacy('example.com', false))).kind).toBe('failed');
    });

    it('5xx, 429, a time-out, a dropped connection and a body that is not the envelope are unavailable: outcome unknown', async () => {
      fake.seedDomain('example.com');
      fake.http.actThen({ status: 502, contentType: 'text/html', body: '<html>Bad gateway</html>' });
      expect((await failure(cloudflare.setLock('example.com', false))).kind).toBe('unavailable');
      // The change went through although the answer was lost: why a caller reads back before repeating.
      expect(fake.domains.get('example.com')!.locked).toBe(false);
      fake.refuseNext(503, [{ code: 1503, message: 'Service unavailable' }]);
      expect((await failure(cloudflare.getInfo('example.com'))).kind).toBe('unavailable');
      fake.refuseNext(429, [{ code: 971, message: 'Please wait' }]);
      expect((await failure(cloudflare.listDomainPage!(1))).kind).toBe('unavailable');
      fake.http.override({ hang: true, body: '' });
      const late = await failure(cloudflare.setAutoRenew('example.com', false));
      expect(late).toMatchObject({ kind: 'unavailable', message: 'cloudflare did not answer domains.update in time.' });
      fake.http.override({ drop: true, body: '' });
      expect((await failure(cloudflare.getInfo('example.com'))).kind).toBe('unavailable');
      fake.http.override({ status: 200, contentType: 'text/html', body: '<html>Checking your browser</html>' });
      expect((await failure(cloudflare.getInfo('example.com'))).kind).toBe('unavailable');
      fake.http.override({ status: 404, contentType: 'text/html', body: 'Not Found' });
      expect((await failure(cloudflare.getInfo('example.com'))).kind).toBe('unavailable');
      fake.http.override({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, errors: [], messages: [], result: {} }) });
      expect((await failure(cloudflare.getInfo('example.com'))).kind).toBe('unavailable');
    });

    it('never shows the token, even when Cloudflare echoes it', async () => {
      fake.refuseNext(400, [{ code: 6111, message: `Invalid format for Authorization header: Bearer ${CLOUDFLARE_FAKE_TOKEN}` }]);
      const error = await failure(cloudflare.getInfo('example.com'));
      expect(error.kind).toBe('auth');
      expect(error.message).toContain('Bearer ***');
    });
  });

  describe('testConnection', () => {
    it('reads the account\'s first page and says how many names it holds', async () => {
      fake.seedDomain('a.com');
      fake.seedDomain('b.com');
      const test = await cloudflare.testConnection();
      expect(test.ok).toBe(true);
      expect(test.log.join('\n')).toMatch(/token was accepted; the account holds 2 domains/);
      expect(test.log.join('\n')).not.toContain(CLOUDFLARE_FAKE_TOKEN);
    });

    it('fails with the reason and no token on a wrong token', async () => {
      const wrong = createCloudflareRegistrar(loadConfig(cloudflareTestEnv(fake, 'wrong-token-0000')))!;
      const test = await wrong.testConnection();
      expect(test.ok).toBe(false);
      expect(test.log.at(-1)).toBe('Failed: cloudflare refused domains.list with HTTP 403: Authentication error (10000).');
      expect(test.log.join('\n')).not.toMatch(/wrong-token-0000|cf-test-token/);
    });
  });
});
