import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FunctionName } from '../../../../common/contracts/index.ts';
import { DOMAIN_NOT_FOUND } from '../../../../common/domains/domains.ts';
import { insertManagedDomain } from '../../../../../test/support/domains/managedDomains.ts';
import { seedSupplier } from '../../../../../test/support/domains/suppliers.ts';
import { type PermissionCast, permissionCast } from '../../../../../test/support/factories.ts';
import { testContact } from '../../../../../test/support/registrars/contacts.fixture.ts';
import { namecheapEnvelope, namecheapFakeEnv, type NamecheapFake, startNamecheapFake } from '../../../../../test/support/registrars/namecheap.fake.ts';
import { type FakeRdap, startFakeRdap } from '../../../../../test/support/registrars/rdap.fake.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import { API_SUPPLIER_NOT_CONNECTED, REGISTRAR_OUTCOME_UNKNOWN } from './operatorSettings.ts';

describeEachDialect('operator contacts and nameservers (adminUpdateDomainContacts, adminUpdateDomainNameservers)', (dialect) => {
  let t: TestApp;
  let cast: PermissionCast;
  let namecheap: NamecheapFake;
  let rdap: FakeRdap;

  beforeAll(async () => {
    [namecheap, rdap] = await Promise.all([startNamecheapFake(), startFakeRdap()]);
    const namecheapEnv = Object.entries(namecheapFakeEnv(namecheap.url)).filter(([key]) => key.startsWith('NAMECHEAP_'));
    t = await startTestApp(dialect, { env: { RDAP_BOOTSTRAP_URL: rdap.bootstrapUrl, ...Object.fromEntries(namecheapEnv) } });
    cast = await permissionCast(t);
    await seedSupplier(t.services.db, { id: 'namecheap', name: 'Namecheap' }, []);
    await seedSupplier(t.services.db, { id: 'enom', name: 'Enom' }, []);
  });
  afterAll(async () => {
    await t.stop();
    await Promise.all([namecheap.close(), rdap.server.close()]);
  });

  const row = (name: string) => t.services.db.selectFrom('domains').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
  const actions = async (id: string) => (await t.services.db.selectFrom('audit_log').select('action').where('target_id', '=', id).execute()).map((a) => a.action);
  const apiDomain = async () => {
    const domain = await insertManagedDomain(t.services, { accountId: cast.accountId, supplierId: 'namecheap', managementMode: 'api' });
    namecheap.seedDomain(domain.name);
    return domain;
  };
  const grace = { registrant: testContact({ firstName: 'Grace', lastName: 'Hopper' }), admin: testContact(), tech: testContact() };

  it('an api-mode domain: the registrar gets the nameservers and contacts first, then our record, audited as the operator\'s', async () => {
    const { id, name } = await apiDomain();
    const ns = await t.call('adminUpdateDomainNameservers', { domain: name, nameservers: ['ns1.moved.example', 'NS2.moved.example.'] }, cast.globalAdmin);
    expect(ns.status).toBe(200);
    expect(ns.result.local.nameservers).toEqual(['ns1.moved.example', 'ns2.moved.example']);
    expect(namecheap.domains.get(name)!.nameservers).toEqual(['ns1.moved.example', 'ns2.moved.example']);

    const contacts = await t.call('adminUpdateDomainContacts', { domain: name, contacts: grace }, cast.globalAdmin);
    expect(contacts.status).toBe(200);
    expect(contacts.result.local.contacts?.registrant).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', name: 'Grace Hopper' });
    expect(namecheap.domains.get(name)!.contacts.Registrant).toMatchObject({ FirstName: 'Grace', LastName: 'Hopper' });
    // Billing follows admin when the operator leaves it out, as registrars need all four.
    expect(JSON.parse((await row(name)).contacts!).billing).toMatchObject({ firstName: 'Ada' });
    expect(await actions(id)).toEqual(expect.arrayContaining(['domain.nameservers_updated', 'domain.contacts_updated']));
    const entry = await t.services.db.selectFrom('audit_log').selectAll().where('target_id', '=', id).where('action', '=', 'domain.nameservers_updated').executeTakeFirstOrThrow();
    expect(entry.actor_user_id).toBe(cast.globalAdmin.id);
    expect(JSON.parse(entry.before_state!)).toEqual({ nameservers: ['ns1.ours.example', 'ns2.ours.example'] });
    expect(JSON.parse(entry.after_state!)).toEqual({ domain: name, nameservers: ['ns1.moved.example', 'ns2.moved.example'], atRegistrar: true });
  });

  it('a registrar refusal is our sentence and leaves our record as it was', async () => {
    const { id, name } = await apiDomain();
    namecheap.http.override({ body: namecheapEnvelope('namecheap.domains.dns.setCustom', '', [['2011168', 'Nameserver ns1.moved.example is invalid']]) });
    const before = await row(name);
    const res = await t.call('adminUpdateDomainNameservers', { domain: name, nameservers: ['ns1.moved.example', 'ns2.moved.example'] }, cast.globalAdmin);
    expect(res.status).toBe(400);
    expect(res.error).toEqual({ status: 'INVALID_ARGUMENT', message: 'The registrar refused the change: Nameserver ns1.moved.example is invalid.' });
    expect(await row(name)).toEqual(before);
    expect(await actions(id)).toEqual([]);
  });

  it('a registrar that drops the call leaves the outcome unknown: our record unchanged, the attempt audited, 503', async () => {
    const { id, name } = await apiDomain();
    namecheap.http.actThen({ drop: true, body: '' });
    const before = await row(name);
    const res = await t.call('adminUpdateDomainNameservers', { domain: name, nameservers: ['ns1.maybe.example', 'ns2.maybe.example'] }, cast.globalAdmin);
    expect(res.status).toBe(503);
    expect(res.error).toEqual({ status: 'UNAVAILABLE', message: REGISTRAR_OUTCOME_UNKNOWN });
    expect(await row(name)).toEqual(before);
    expect(await actions(id)).toEqual(['domain.registrar_change_unknown']);
  });

  it('a manual domain changes our record only; an api domain whose supplier is not configured is refused', async () => {
    const manual = await insertManagedDomain(t.services, { supplierId: 'namecheap', managementMode: 'manual' });
    const asked = namecheap.http.requests.length;
    const res = await t.call('adminUpdateDomainNameservers', { domain: manual.name, nameservers: ['ns1.hand.example', 'ns2.hand.example'] }, cast.globalAdmin);
    expect(res.status).toBe(200);
    expect(res.result.local.nameservers).toEqual(['ns1.hand.example', 'ns2.hand.example']);
    const contacts = await t.call('adminUpdateDomainContacts', { domain: manual.name, contacts: grace }, cast.globalAdmin);
    expect(contacts.status).toBe(200);
    expect(namecheap.http.requests.length).toBe(asked);

    const unconnected = await insertManagedDomain(t.services, { supplierId: 'enom', managementMode: 'api' });
    const before = await row(unconnected.name);
    const refused = await t.call('adminUpdateDomainContacts', { domain: unconnected.name, contacts: grace }, cast.globalAdmin);
    expect(refused.status).toBe(400);
    expect(refused.error).toEqual({ status: 'FAILED_PRECONDITION', message: API_SUPPLIER_NOT_CONNECTED });
    expect(await row(unconnected.name)).toEqual(before);
  });

  it('bad contacts and nameservers are our sentences, and an unknown name is a 404', async () => {
    const { name } = await apiDomain();
    const oneName = await t.callRaw('adminUpdateDomainContacts', { domain: name, contacts: { ...grace, registrant: { ...testContact(), firstName: undefined, lastName: undefined, name: 'Cher' } } }, cast.globalAdmin);
    expect(oneName.status).toBe(400);
    expect(oneName.error?.message).toBe('Please enter a first and last name.');
    const oneNs = await t.call('adminUpdateDomainNameservers', { domain: name, nameservers: ['ns1.only.example'] }, cast.globalAdmin);
    expect(oneNs.status).toBe(400);
    expect(oneNs.error?.message).toBe('Enter at least 2 nameservers.');
    const missing = await t.call('adminUpdateDomainNameservers', { domain: 'nobody-holds-this.com', nameservers: ['ns1.a.example', 'ns2.a.example'] }, cast.globalAdmin);
    expect(missing.error).toEqual({ status: 'NOT_FOUND', message: DOMAIN_NOT_FOUND });
  });

  it('a customer can never call the operator functions, not even on a domain of their own account', async () => {
    const { name } = await apiDomain();
    const before = await row(name);
    const calls: [FunctionName, unknown][] = [
      ['adminGetDomainDetails', { domain: name }],
      ['adminVerifyManagedDomain', { domain: name }],
      ['adminVerifyManagedDomainsBulk', { domains: [name] }],
      ['applyDomainCorrections', { domain: name, patches: { status: 'expired' } }],
      ['adminUpdateDomainContacts', { domain: name, contacts: grace }],
      ['adminUpdateDomainNameservers', { domain: name, nameservers: ['ns1.x.example', 'ns2.x.example'] }],
    ];
    const asked = namecheap.http.requests.length;
    for (const caller of [cast.owner, cast.admin, cast.member, cast.outsider]) {
      for (const [fn, input] of calls) {
        const res = await t.callRaw(fn, input, caller);
        expect(res.status, `${fn}`).toBe(403);
      }
    }
    expect(await row(name)).toEqual(before);
    expect(namecheap.http.requests.length).toBe(asked);
  });
});
