import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { ManualClock } from '../../../../../test/support/clock.ts';
import { testContacts } from '../../../../../test/support/registrars/contacts.fixture.ts';
import { type TestApp, describeEachDialect, sharedTestDatabase, startTestApp } from '../../../../../test/support/testApp.ts';
import { loadConfig } from '../../../config.ts';
import { migrateToLatest } from '../../../db/migrate.ts';
import { type RegisterRequest, type Registrar, RegistrarError } from '../registrar.ts';
import { createSandboxRegistrar } from './sandboxRegistrar.ts';

const SPEC_TLDS = ['com', 'net', 'org', 'info', 'biz', 'co', 'io', 'app', 'dev', 'tech'];

async function failure(promise: Promise<unknown>): Promise<RegistrarError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(RegistrarError);
  expect((error as RegistrarError).details.registrar).toBe('sandbox');
  return error as RegistrarError;
}

let keys = 0;
function request(domain: string, overrides: Partial<RegisterRequest> = {}): RegisterRequest {
  keys += 1;
  return { domain, years: 1, contacts: testContacts(), nameservers: [], privacy: true, autoRenew: false, idempotencyKey: `order-${keys}`, ...overrides };
}

describeEachDialect('sandbox registrar', (dialect) => {
  let t: TestApp;
  let clock: ManualClock;
  let sandbox: Registrar;
  beforeAll(async () => { t = await startTestApp(dialect); });
  afterAll(async () => { await t.stop(); });
  beforeEach(async () => {
    await t.services.db.deleteFrom('sandbox_registrar_domains').execute();
    clock = new ManualClock('2026-02-01T12:00:00.000Z');
    sandbox = createSandboxRegistrar({ db: t.services.db, config: t.services.config, clock });
  });

  it('prices the spec\'s ten TLDs and two-part ones in whole cents, register, renew and transfer', async () => {
    const costs = await sandbox.listTldCosts();
    expect(costs.map((cost) => cost.tld)).toEqual(expect.arrayContaining([...SPEC_TLDS, 'co.uk', 'org.uk', 'com.au']));
    for (const cost of costs) {
      expect(cost.currency).toBe('USD');
      for (const cents of [cost.registerCents, cost.renewCents, cost.transferCents]) expect(Number.isInteger(cents) && cents! >= 0).toBe(true);
    }
    expect(costs.find((cost) => cost.tld === 'com')).toMatchObject({ registerCents: 1029, renewCents: 1029 });
  });

  it('answers availability per name in the order asked: free, taken elsewhere, short, unsupported, invalid', async () => {
    const results = await sandbox.checkAvailability(['fresh-name.com', 'google.com', 'ab.io', 'x.dev', 'fresh-name.xyz', 'bad_name.com', 'Fresh-Name.CO.UK', 'fail-me.net']);
    expect(results.map((r) => [r.domain, r.available, r.error])).toEqual([
      ['fresh-name.com', true, null],
      ['google.com', false, null],
      ['ab.io', false, null],
      ['x.dev', false, null],
      ['fresh-name.xyz', false, 'The sandbox registrar does not offer .xyz.'],
      ['bad_name.com', false, 'Not a valid domain name: bad_name.com'],
      ['fresh-name.co.uk', true, null],
      ['fail-me.net', true, null],
    ]);
    expect(results.every((r) => !r.premium && r.premiumPriceCents === null)).toBe(true);
  });

  it('registers a name, which is then taken, held with its dates, defaults and charge, and listed', async () => {
    const result = await sandbox.register(request('acme-widgets.com', { years: 2 }));
    expect(result).toMatchObject({ domain: 'acme-widgets.com', expiresAt: '2028-02-01T12:00:00.000Z', chargedCents: 2058 });
    expect(result.registrarOrderId).toMatch(/^SBX-[0-9A-F]{12}$/);
    expect((await sandbox.checkAvailability(['acme-widgets.com']))[0]).toMatchObject({ available: false, error: null });
    expect(await sandbox.getInfo('acme-widgets.com')).toEqual({
      domain: 'acme-widgets.com', status: 'active', registeredAt: '2026-02-01T12:00:00.000Z', expiresAt: '2028-02-01T12:00:00.000Z',
      nameservers: ['ns1.sandbox-dns.test', 'ns2.sandbox-dns.test'], contacts: testContacts(), autoRenew: false, locked: true, privacy: true,
    });
    await sandbox.register(request('acme-widgets.co.uk', { nameservers: ['NS1.Example.NET.', 'ns2.example.net'], autoRenew: true }));
    expect((await sandbox.getInfo('acme-widgets.co.uk')).nameservers).toEqual(['ns1.example.net', 'ns2.example.net']);
    expect(await sandbox.listDomains()).toEqual([
      { domain: 'acme-widgets.co.uk', expiresAt: '2027-02-01T12:00:00.000Z', autoRenew: true },
      { domain: 'acme-widgets.com', expiresAt: '2028-02-01T12:00:00.000Z', autoRenew: false },
    ]);
  });

  it('refuses a taken name, a fail- name, an unsupported TLD, bad years and bad contacts, and keeps nothing of them', async () => {
    await sandbox.register(request('taken-here.net'));
    expect((await failure(sandbox.register(request('taken-here.net')))).kind).toBe('not_available');
    expect((await failure(sandbox.register(request('amazon.org')))).kind).toBe('not_available');
    expect((await failure(sandbox.register(request('q.com')))).kind).toBe('not_available');
    expect(await failure(sandbox.register(request('fail-payment.com')))).toMatchObject({
      kind: 'failed', message: 'The sandbox registrar refuses names that begin with fail-.',
    });
    expect(await failure(sandbox.register(request('fresh.xyz')))).toMatchObject({ kind: 'invalid', message: 'The sandbox registrar does not offer .xyz.' });
    expect((await failure(sandbox.register(request('fresh.com', { years: 0 })))).kind).toBe('invalid');
    expect((await failure(sandbox.register(request('fresh.com', { years: 11 })))).kind).toBe('invalid');
    expect(await failure(sandbox.register(request('fresh.com', { contacts: testContacts({ phone: '555 0100' }) })))).toMatchObject({
      kind: 'invalid', message: 'The registrant contact\'s phone must look like +1.5555550100.',
    });
    expect((await failure(sandbox.register(request('fresh.com', { nameservers: ['not a host'] })))).kind).toBe('invalid');
    expect((await sandbox.listDomains()).map((d) => d.domain)).toEqual(['taken-here.net']);
    expect((await sandbox.checkAvailability(['fail-payment.com', 'fresh.com'])).map((r) => r.available)).toEqual([true, true]);
  });

  it('refuses a fail-once- name the first time and registers it when asked again', async () => {
    expect(await failure(sandbox.register(request('fail-once-retry.com', { idempotencyKey: 'attempt-1' })))).toMatchObject({
      kind: 'failed', message: 'The sandbox registrar refuses a name that begins with fail-once- the first time it is asked.',
    });
    expect((await sandbox.listDomains()).map((d) => d.domain)).not.toContain('fail-once-retry.com');
    const second = await sandbox.register(request('fail-once-retry.com', { idempotencyKey: 'attempt-2' }));
    expect(second.domain).toBe('fail-once-retry.com');
    expect((await sandbox.listDomains()).map((d) => d.domain)).toContain('fail-once-retry.com');
  });

  it('a retry with the same idempotency key answers the first result, also when both run at once', async () => {
    const first = request('retry-me.io');
    const answer = await sandbox.register(first);
    expect(await sandbox.register({ ...first })).toEqual(answer);
    const again = request('retry-twice.io');
    const [a, b] = await Promise.all([sandbox.register(again), sandbox.register({ ...again })]);
    expect(a).toEqual(b);
    expect((await failure(sandbox.register({ ...first, domain: 'other-name.io' }))).kind).toBe('invalid');
    expect((await sandbox.listDomains()).map((d) => d.domain)).toEqual(['retry-me.io', 'retry-twice.io']);
  });

  it('two registrations of one name at once, from two processes on one database: exactly one wins', async () => {
    const shared = await sharedTestDatabase(dialect);
    const first = shared.open();
    await migrateToLatest(first.db);
    const second = shared.open();
    try {
      const one = createSandboxRegistrar({ db: first.db, config: t.services.config });
      const other = createSandboxRegistrar({ db: second.db, config: t.services.config });
      for (const name of ['race-a.com', 'race-b.net', 'race-c.org']) {
        const outcomes = await Promise.allSettled([one.register(request(name)), other.register(request(name))]);
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        const lost = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
        expect(lost.reason).toMatchObject({ kind: 'not_available' });
      }
      // A restart: a new instance on the same database still holds them.
      const restarted = createSandboxRegistrar({ db: second.db, config: t.services.config });
      expect((await restarted.checkAvailability(['race-a.com', 'race-b.net'])).map((r) => r.available)).toEqual([false, false]);
    } finally {
      await first.close();
      await second.close();
      await shared.drop();
    }
  });

  it('renews by whole years from the old expiry, once per idempotency key, at most 10 years ahead', async () => {
    await sandbox.register(request('renew-me.com'));
    const renewed = await sandbox.renew('renew-me.com', 3, 'renewal-1');
    expect(renewed).toMatchObject({ domain: 'renew-me.com', expiresAt: '2030-02-01T12:00:00.000Z' });
    expect(await sandbox.renew('renew-me.com', 3, 'renewal-1')).toEqual(renewed);
    expect((await sandbox.getInfo('renew-me.com')).expiresAt).toBe('2030-02-01T12:00:00.000Z');
    const [a, b] = await Promise.all([sandbox.renew('renew-me.com', 1, 'renewal-2'), sandbox.renew('renew-me.com', 1, 'renewal-3')]);
    expect([a.expiresAt, b.expiresAt].sort()).toEqual(['2031-02-01T12:00:00.000Z', '2032-02-01T12:00:00.000Z']);
    expect((await failure(sandbox.renew('renew-me.com', 5, 'renewal-4'))).kind).toBe('invalid');
    expect((await failure(sandbox.renew('renew-me.com', 0, 'renewal-5'))).kind).toBe('invalid');
    expect((await sandbox.getInfo('renew-me.com')).expiresAt).toBe('2032-02-01T12:00:00.000Z');
  });

  it('a domain past its expiry is expired', async () => {
    await sandbox.register(request('lapsing.dev'));
    clock.set('2027-02-01T12:00:00.001Z');
    expect((await sandbox.getInfo('lapsing.dev')).status).toBe('expired');
  });

  it('changes nameservers, contacts, auto-renew, lock and privacy, and gives a stored random transfer code', async () => {
    await sandbox.register(request('manage-me.app'));
    await sandbox.register(request('manage-too.app'));
    await sandbox.setNameservers('manage-me.app', ['NS1.host.example', 'ns2.host.example', 'ns1.host.example']);
    expect((await sandbox.getInfo('manage-me.app')).nameservers).toEqual(['ns1.host.example', 'ns2.host.example']);
    expect((await failure(sandbox.setNameservers('manage-me.app', ['-bad-.example']))).kind).toBe('invalid');
    await sandbox.setNameservers('manage-me.app', []);
    expect((await sandbox.getInfo('manage-me.app')).nameservers).toEqual(['ns1.sandbox-dns.test', 'ns2.sandbox-dns.test']);
    const contacts = testContacts({ firstName: 'Grace', lastName: 'Hopper', country: 'US', phone: '+1.5555550100' });
    await sandbox.setContacts('manage-me.app', contacts);
    expect((await failure(sandbox.setContacts('manage-me.app', testContacts({ email: 'nope' })))).kind).toBe('invalid');
    await sandbox.setAutoRenew('manage-me.app', true);
    await sandbox.setLock('manage-me.app', false);
    await sandbox.setPrivacy('manage-me.app', false);
    expect(await sandbox.getInfo('manage-me.app')).toMatchObject({ contacts, autoRenew: true, locked: false, privacy: false });
    const code = await sandbox.getTransferCode('manage-me.app');
    expect(code).toMatch(/^\S{16}$/);
    expect(await sandbox.getTransferCode('manage-me.app')).toBe(code);
    expect(await sandbox.getTransferCode('manage-too.app')).not.toBe(code);
  });

  it('every call on a name it does not hold is not_found', async () => {
    const name = 'not-mine.com';
    const calls = [
      () => sandbox.getInfo(name), () => sandbox.renew(name, 1, 'k'), () => sandbox.setNameservers(name, []),
      () => sandbox.setContacts(name, testContacts()), () => sandbox.setAutoRenew(name, true), () => sandbox.setLock(name, true),
      () => sandbox.setPrivacy(name, true), () => sandbox.getTransferCode(name),
    ];
    for (const call of calls) expect((await failure(call())).kind).toBe('not_found');
  });

  it('the connection test logs what it checked', async () => {
    await sandbox.register(request('counted.biz'));
    const test = await sandbox.testConnection();
    expect(test.ok).toBe(true);
    expect(test.log).toContain('Read its registry table: 1 domain(s) registered.');
    expect(test.log.join('\n')).toContain('.co.uk');
    const aborted = new AbortController();
    aborted.abort();
    expect((await sandbox.testConnection({ signal: aborted.signal })).ok).toBe(false);
  });

  it('answers after the configured latency; an abort during the wait rejects at once as unavailable and changes nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-latency-'));
    const slow = createSandboxRegistrar({ db: t.services.db, config: loadConfig({ DATA_DIR: dataDir, SANDBOX_REGISTRAR_LATENCY_MS: '50' }) });
    expect((await slow.checkAvailability(['patient.com']))[0].available).toBe(true);
    const before = new AbortController();
    before.abort();
    expect((await failure(slow.register(request('patient.com'), { signal: before.signal }))).kind).toBe('unavailable');

    // A minute's latency: only the abort can end this call within the test's time-out.
    const stuck = createSandboxRegistrar({ db: t.services.db, config: loadConfig({ DATA_DIR: dataDir, SANDBOX_REGISTRAR_LATENCY_MS: '60000' }) });
    const during = new AbortController();
    let settled = false;
    const pending = stuck.register(request('patient.com'), { signal: during.signal }).finally(() => { settled = true; });
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    during.abort();
    expect(await failure(pending)).toMatchObject({ kind: 'unavailable', message: 'The sandbox registrar\'s register was cancelled.' });
    expect(await sandbox.listDomains()).toEqual([]);
  });
});
