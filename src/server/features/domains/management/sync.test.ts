import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { DOMAIN_NOT_FOUND } from '../../../../common/domains/domains.ts';
import { seedDomain } from '../../../../../test/support/domains/factories.ts';
import { seedSupplier } from '../../../../../test/support/domains/suppliers.ts';
import { type PermissionCast, permissionCast } from '../../../../../test/support/factories.ts';
import { namecheapFakeEnv, type NamecheapFake, startNamecheapFake } from '../../../../../test/support/registrars/namecheap.fake.ts';
import { type FakeRdap, rdapDomain, startFakeRdap } from '../../../../../test/support/registrars/rdap.fake.ts';
import { testContacts } from '../../../../../test/support/registrars/contacts.fixture.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import type { Registrar } from '../../../integrations/registrars/registrar.ts';
import { insertDomain } from '../records.ts';
import { RDAP_NOT_LISTED } from './sync.ts';
import { REGISTRAR_LOST_DOMAIN, REGISTRAR_UNREACHABLE } from './registrar.ts';

const DAY_MS = 86_400_000;

describeEachDialect('Sync (verifyManagedDomain, verifyManagedDomainsBulk)', (dialect) => {
  let t: TestApp;
  let cast: PermissionCast;
  let sandbox: Registrar;
  let rdap: FakeRdap;
  let namecheap: NamecheapFake;

  beforeAll(async () => {
    [rdap, namecheap] = await Promise.all([startFakeRdap(), startNamecheapFake()]);
    const namecheapEnv = Object.entries(namecheapFakeEnv(namecheap.url)).filter(([key]) => key.startsWith('NAMECHEAP_'));
    t = await startTestApp(dialect, { env: { RDAP_BOOTSTRAP_URL: rdap.bootstrapUrl, ...Object.fromEntries(namecheapEnv) } });
    cast = await permissionCast(t);
    sandbox = t.services.registrars.find((registrar) => registrar.id === 'sandbox')!;
    await seedSupplier(t.services.db, { id: 'namecheap', name: 'Namecheap' }, []);
  });
  afterAll(async () => {
    await t.stop();
    await Promise.all([rdap.server.close(), namecheap.close()]);
  });
  beforeEach(() => { rdap.domains.clear(); });

  const row = (name: string) => t.services.db.selectFrom('domains').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
  const sync = (domain: string) => t.call('verifyManagedDomain', { domain }, cast.member);
  const moveExpiryAtSandbox = (name: string, at: string) =>
    t.services.db.updateTable('sandbox_registrar_domains').set({ expires_at: at }).where('domain', '=', name).execute();

  it('brings the expiry, nameservers, lock and privacy from the supplier, but never its auto-renew', async () => {
    const { name } = await seedDomain(t.services, cast.accountId, { autoRenew: false });
    const renewedTo = new Date(Date.now() + 700 * DAY_MS).toISOString();
    await moveExpiryAtSandbox(name, renewedTo);
    await sandbox.setNameservers(name, ['ns1.moved.example', 'ns2.moved.example']);
    await sandbox.setLock(name, false);
    await sandbox.setAutoRenew(name, true);
    rdap.domains.set(name, rdapDomain(name));
    const registeredAt = (await sandbox.getInfo(name)).registeredAt;
    await t.services.db.updateTable('domains').set({ registration_date: registeredAt }).where('name', '=', name).execute();

    const res = await sync(name);
    expect(res.status).toBe(200);
    expect(res.result.success).toBe(true);
    expect(res.result.result).toMatchObject({
      domain: name, success: true, registrarError: null, rdapError: null,
      registrar: { status: 'active', expiresAt: renewedTo, nameservers: ['ns1.moved.example', 'ns2.moved.example'], autoRenew: true, locked: false, privacy: false },
      rdap: { registrar: 'Example Registrar LLC', expiresAt: '2026-03-14T10:00:00.000Z', nameservers: ['ns1.example.net', 'ns2.example.net'] },
    });
    expect([...res.result.result.changed].sort()).toEqual(['expirationDate', 'locked', 'nameservers']);
    expect(res.result.local).toMatchObject({
      expirationDate: renewedTo, nameservers: ['ns1.moved.example', 'ns2.moved.example'], locked: false, autoRenewEnabled: false,
      lastSyncedAt: expect.any(String),
    });
    const stored = await row(name);
    expect(stored.expiration_date).toBe(renewedTo);
    expect(Boolean(stored.auto_renew)).toBe(false);
    const events = await t.services.db.selectFrom('platform_events').select('payload').where('event_type', '=', 'domain.synced')
      .where('payload', 'like', `%${name}%`).execute();
    expect(events.map((e) => JSON.parse(e.payload))).toEqual([{ domain: name, changed: res.result.result.changed, registrarError: null, rdapError: null }]);

    // Nothing new at either source: a second Sync changes nothing but the time of the check.
    const again = await sync(name);
    expect(again.result.result.changed).toEqual([]);
    expect(again.result.local.lastSyncedAt! >= res.result.local.lastSyncedAt!).toBe(true);
  });

  it('a supplier that cannot be reached leaves the dates and nameservers to RDAP', async () => {
    const name = `nc-${randomBytes(4).toString('hex')}.com`;
    namecheap.seedDomain(name);
    await insertDomain(t.services.db, {
      id: `dom_${randomBytes(8).toString('hex')}`, accountId: cast.accountId, name, tld: 'com', supplierId: 'namecheap', registrationId: null,
      registrationDate: '2024-03-14T00:00:00.000Z', expirationDate: '2025-03-14T00:00:00.000Z', autoRenew: true, privacy: false, locked: true,
      nameservers: ['dns1.registrar-servers.com', 'dns2.registrar-servers.com'], contacts: testContacts(), now: new Date().toISOString(),
    });
    rdap.domains.set(name, rdapDomain(name));
    namecheap.http.override({ status: 503, body: 'down' });

    const res = await sync(name);
    expect(res.result.success).toBe(true);
    expect(res.result.result).toMatchObject({ registrar: null, registrarError: REGISTRAR_UNREACHABLE, rdapError: null });
    expect([...res.result.result.changed].sort()).toEqual(['expirationDate', 'nameservers', 'registrationDate']);
    expect(res.result.local).toMatchObject({
      registrationDate: '2025-03-14T10:00:00.000Z', expirationDate: '2026-03-14T10:00:00.000Z', nameservers: ['ns1.example.net', 'ns2.example.net'],
      status: 'active', locked: true, registrar: 'Namecheap',
    });
  });

  it('when neither source answers, Sync fails with both reasons and the row is untouched', async () => {
    const { name } = await seedDomain(t.services, cast.accountId);
    await t.services.db.updateTable('domains').set({ supplier_id: 'namecheap' }).where('name', '=', name).execute();
    namecheap.http.override({ drop: true, body: '' });
    const before = await row(name);

    const res = await sync(name);
    expect(res.status).toBe(200);
    expect(res.result).toMatchObject({ success: false, result: { success: false, registrar: null, rdap: null, changed: [] } });
    expect(res.result.result.registrarError).toEqual(expect.any(String));
    expect(res.result.result.rdapError).toBe(RDAP_NOT_LISTED);
    expect(await row(name)).toEqual(before);
    expect(res.result.local.lastSyncedAt).toBeNull();
  });

  it('a domain the supplier no longer lists is reported and kept, even when RDAP still knows it', async () => {
    const { name } = await seedDomain(t.services, cast.accountId);
    await t.services.db.deleteFrom('sandbox_registrar_domains').where('domain', '=', name).execute();
    rdap.domains.set(name, rdapDomain(name));
    const before = await row(name);

    const res = await sync(name);
    expect(res.result).toMatchObject({ success: false, result: { registrarError: REGISTRAR_LOST_DOMAIN, rdapError: null, changed: [] } });
    expect(res.result.result.rdap).not.toBeNull();
    expect(await row(name)).toEqual(before);
    expect((await t.call('getDomainDetails', { domain: name }, cast.member)).status).toBe(200);
  });

  it('bulk Sync answers per domain: the one the supplier lost fails by name, the others succeed', async () => {
    const domains = [];
    for (let i = 0; i < 5; i++) domains.push((await seedDomain(t.services, cast.accountId, { expiresInDays: 100 + i })).name);
    const lost = domains[2];
    await t.services.db.deleteFrom('sandbox_registrar_domains').where('domain', '=', lost).execute();
    const renewedTo = new Date(Date.now() + 500 * DAY_MS).toISOString();
    await moveExpiryAtSandbox(domains[0], renewedTo);

    const res = await t.call('verifyManagedDomainsBulk', { domains: [...domains, domains[0]] }, cast.member);
    expect(res.status).toBe(200);
    expect(res.result.succeeded).toBe(4);
    expect(res.result.failed).toBe(1);
    expect(res.result.results).toEqual(domains.map((domain) => (domain === lost
      ? { domain, success: false, error: REGISTRAR_LOST_DOMAIN }
      : { domain, success: true, error: null })));
    expect((await row(domains[0])).expiration_date).toBe(renewedTo);
    expect((await row(lost)).last_synced_at).toBeNull();
    expect((await row(domains[4])).last_synced_at).not.toBeNull();
  });

  it('bulk Sync with one name outside the caller\'s accounts (or unknown) syncs nothing', async () => {
    const mine = (await seedDomain(t.services, cast.accountId)).name;
    const theirs = (await seedDomain(t.services, cast.otherAccountId)).name;
    for (const names of [[mine, theirs], [mine, 'nobody-holds-this.com']]) {
      const res = await t.call('verifyManagedDomainsBulk', { domains: names }, cast.member);
      expect(res.status).toBe(404);
      expect(res.error).toEqual({ status: 'NOT_FOUND', message: DOMAIN_NOT_FOUND });
    }
    expect((await row(mine)).last_synced_at).toBeNull();
    expect((await row(theirs)).last_synced_at).toBeNull();
    expect((await t.call('verifyManagedDomainsBulk', { domains: [theirs] }, cast.outsider)).status).toBe(200);
  });
});
