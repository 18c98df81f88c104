import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DOMAIN_NOT_FOUND } from '../../../../common/domains/domains.ts';
import { toContactsView } from '../../../../common/domains/contacts.ts';
import { seedDomain } from '../../../../../test/support/domains/factories.ts';
import { seedSupplier } from '../../../../../test/support/domains/suppliers.ts';
import { type PermissionCast, permissionCast } from '../../../../../test/support/factories.ts';
import { namecheapFakeEnv, type NamecheapFake, startNamecheapFake } from '../../../../../test/support/registrars/namecheap.fake.ts';
import { testContact, testContacts } from '../../../../../test/support/registrars/contacts.fixture.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import type { Registrar } from '../../../integrations/registrars/registrar.ts';
import { insertDomain } from '../records.ts';
import { MANAGED_BY_HAND, REGISTRAR_LOST_DOMAIN, REGISTRAR_UNREACHABLE, REGISTRAR_UNSUPPORTED } from './registrar.ts';
import { TRANSFER_CODE_UNSUPPORTED } from './settings.ts';
import { TRANSFER_CODE_ADMINS_ONLY } from '../policy.ts';

describeEachDialect('domain management functions', (dialect) => {
  let t: TestApp;
  let cast: PermissionCast;
  let sandbox: Registrar;
  let namecheap: NamecheapFake;

  beforeAll(async () => {
    namecheap = await startNamecheapFake();
    const env = namecheapFakeEnv(namecheap.url);
    t = await startTestApp(dialect, {
      env: Object.fromEntries(Object.entries(env).filter(([key]) => key.startsWith('NAMECHEAP_'))),
    });
    cast = await permissionCast(t);
    sandbox = t.services.registrars.find((registrar) => registrar.id === 'sandbox')!;
    await seedSupplier(t.services.db, { id: 'namecheap', name: 'Namecheap' }, []);
  });
  afterAll(async () => {
    await t.stop();
    await namecheap.close();
  });

  const row = (name: string) => t.services.db.selectFrom('domains').selectAll().where('name', '=', name).executeTakeFirstOrThrow();

  /** A domain of the cast's account held at the Namecheap fake: its failures are ours to provoke. */
  async function namecheapDomain() {
    const name = `nc-${randomBytes(4).toString('hex')}.com`;
    namecheap.seedDomain(name);
    await insertDomain(t.services.db, {
      id: `dom_${randomBytes(8).toString('hex')}`, accountId: cast.accountId, name, tld: 'com', supplierId: 'namecheap', registrationId: null,
      registrationDate: '2025-03-14T00:00:00.000Z', expirationDate: '2026-03-14T00:00:00.000Z', autoRenew: false, privacy: false, locked: true,
      nameservers: ['dns1.registrar-servers.com', 'dns2.registrar-servers.com'], contacts: testContacts(), now: new Date().toISOString(),
    });
    return name;
  }

  it('getDomainDetails answers the domain as we hold it, with its supplier\'s name', async () => {
    const { id, name } = await seedDomain(t.services, cast.accountId);
    const res = await t.call('getDomainDetails', { domain: name.toUpperCase() }, cast.member);
    expect(res.status).toBe(200);
    expect(res.result).toMatchObject({
      success: true, message: null,
      local: {
        id, domain: name, accountId: cast.accountId, status: 'active', autoRenewEnabled: true, locked: true, privacyEnabled: false,
        contacts: testContacts(), nameservers: ['ns1.sandbox-dns.test', 'ns2.sandbox-dns.test'], registrar: 'Sandbox', lastSyncedAt: null, notes: null,
      },
    });
  });

  it('each change reaches the sandbox registrar and our row, with its message and event', async () => {
    const { name } = await seedDomain(t.services, cast.accountId, { autoRenew: false });
    const newContact = testContact({ firstName: 'Grace', lastName: 'Hopper', email: 'Grace@Example.test', phone: '+1.5555550100', country: 'us' });
    const contacts = await t.call('updateDomainContacts', { domain: name, contacts: { registrant: newContact, admin: testContact(), tech: newContact } }, cast.member);
    expect(contacts.status).toBe(200);
    expect(contacts.result.message).toBe('Contacts updated.');
    const stored = { ...newContact, email: 'grace@example.test', country: 'US' };
    // Billing was left out: it is the admin contact, at the registrar and here.
    const expectedContacts = { registrant: stored, admin: testContact(), tech: stored, billing: testContact() };
    expect(contacts.result.local.contacts).toEqual(toContactsView(expectedContacts));
    expect((await sandbox.getInfo(name)).contacts).toEqual(expectedContacts);

    const ns = await t.call('updateDomainNameservers', { domain: name, nameservers: ['NS1.Host.Example.', 'ns2.host.example'] }, cast.member);
    expect(ns.result).toMatchObject({ success: true, message: 'Nameservers updated.', local: { nameservers: ['ns1.host.example', 'ns2.host.example'] } });
    expect((await sandbox.getInfo(name)).nameservers).toEqual(['ns1.host.example', 'ns2.host.example']);

    const unlock = await t.call('setDomainLock', { domain: name, locked: false }, cast.member);
    expect(unlock.result).toMatchObject({ message: 'Registrar lock off.', local: { locked: false } });
    expect((await sandbox.getInfo(name)).locked).toBe(false);
    expect((await t.call('setDomainLock', { domain: name, locked: true }, cast.member)).result.message).toBe('Registrar lock on.');
    expect((await sandbox.getInfo(name)).locked).toBe(true);

    const privacy = await t.call('setDomainPrivacy', { domain: name, enabled: true }, cast.member);
    expect(privacy.result).toMatchObject({ message: 'Privacy protection on.', local: { privacyEnabled: true } });
    expect((await sandbox.getInfo(name)).privacy).toBe(true);
    expect((await t.call('setDomainPrivacy', { domain: name, enabled: false }, cast.member)).result.message).toBe('Privacy protection off.');

    // Ours renews; the registrar's own renewal is switched off, never on.
    await sandbox.setAutoRenew(name, true);
    const renew = await t.call('updateDomainAutoRenew', { domain: name, autoRenew: true }, cast.member);
    expect(renew.result).toMatchObject({ message: 'Auto-renew enabled.', local: { autoRenewEnabled: true } });
    expect((await sandbox.getInfo(name)).autoRenew).toBe(false);
    const off = await t.call('updateDomainAutoRenew', { domain: name, autoRenew: false }, cast.member);
    expect(off.result).toMatchObject({ message: 'Auto-renew disabled.', local: { autoRenewEnabled: false } });
    expect((await sandbox.getInfo(name)).autoRenew).toBe(false);

    const stored_ = await row(name);
    expect({ locked: Boolean(stored_.locked), privacy: Boolean(stored_.privacy), autoRenew: Boolean(stored_.auto_renew) }).toEqual({ locked: true, privacy: false, autoRenew: false });
    const events = await t.services.db.selectFrom('platform_events').select(['payload', 'actor_user_id', 'account_id'])
      .where('event_type', '=', 'domain.updated').where('payload', 'like', `%${name}%`).execute();
    expect(events.map((e) => JSON.parse(e.payload).fields)).toEqual(
      expect.arrayContaining([['contacts'], ['nameservers'], ['locked'], ['privacyEnabled'], ['autoRenewEnabled']]));
    expect(events).toHaveLength(8);
    expect(events.every((e) => e.actor_user_id === cast.member.id && e.account_id === cast.accountId)).toBe(true);
  });

  it('contacts are checked before anything is sent: a missing field or a bad phone is a 400 with the contract\'s sentence', async () => {
    const { name } = await seedDomain(t.services, cast.accountId);
    const before = await row(name);
    const { firstName: _dropped, ...noFirstName } = testContact();
    // null: zod's own sentence for a wrong shape.
    const cases: [unknown, string | null][] = [
      [{ registrant: noFirstName, admin: testContact(), tech: testContact() }, 'The first name is required.'],
      [{ registrant: testContact({ phone: '555 0100' }), admin: testContact(), tech: testContact() }, 'The phone must look like +1.5555550100.'],
      [{ registrant: testContact({ email: 'nope' }), admin: testContact(), tech: testContact() }, 'Please enter a valid email address.'],
      [{ registrant: testContact({ country: 'Germany' }), admin: testContact(), tech: testContact() }, 'The country must be a two-letter code such as US.'],
      [{ registrant: testContact(), admin: testContact() }, null],
      [{ registrant: { ...testContact(), fax: '+1.5555550100' }, admin: testContact(), tech: testContact() }, null],
      ['{"registrant": "not an object"}', null],
    ];
    for (const [contacts, message] of cases) {
      const res = await t.callRaw('updateDomainContacts', { domain: name, contacts }, cast.member);
      expect(res.status).toBe(400);
      expect(res.error).toMatchObject({ status: 'INVALID_ARGUMENT', ...(message ? { message } : {}) });
    }
    expect(await row(name)).toEqual(before);
    expect((await sandbox.getInfo(name)).contacts).toEqual(testContacts());
  });

  it('a registrar refusal, an unreachable registrar or a lost domain leaves our row exactly as it was', async () => {
    const name = await namecheapDomain();
    const before = await row(name);

    namecheap.answerNextWithError('2011170', 'Parameter Nameservers is invalid');
    const refused = await t.call('updateDomainNameservers', { domain: name, nameservers: ['ns1.good.example', 'ns2.good.example'] }, cast.member);
    expect(refused.status).toBe(400);
    expect(refused.error).toEqual({ status: 'INVALID_ARGUMENT', message: 'The registrar refused the change: Parameter Nameservers is invalid.' });

    namecheap.http.override({ status: 503, body: 'Service Unavailable' });
    const down = await t.call('setDomainLock', { domain: name, locked: false }, cast.member);
    expect(down.status).toBe(503);
    expect(down.error).toEqual({ status: 'UNAVAILABLE', message: REGISTRAR_UNREACHABLE });
    expect(namecheap.domains.get(name)!.locked).toBe(true);

    namecheap.domains.delete(name);
    const lost = await t.call('setDomainPrivacy', { domain: name, enabled: true }, cast.member);
    expect(lost.error).toEqual({ status: 'FAILED_PRECONDITION', message: REGISTRAR_LOST_DOMAIN });
    namecheap.seedDomain(name);

    expect(await row(name)).toEqual(before);
    expect(JSON.stringify([refused, down, lost])).not.toMatch(/namecheap\.domains|127\.0\.0\.1|fake-api-key|2011170/i);
    const events = await t.services.db.selectFrom('platform_events').select('id').where('payload', 'like', `%${name}%`).execute();
    expect(events).toEqual([]);
  });

  it('a registrar without an auto-renew switch still takes ours; one without transfer codes says so', async () => {
    const name = await namecheapDomain();
    const renew = await t.call('updateDomainAutoRenew', { domain: name, autoRenew: true }, cast.member);
    expect(renew.result).toMatchObject({ message: 'Auto-renew enabled.', local: { autoRenewEnabled: true, registrar: 'Namecheap' } });
    const code = await t.call('getDomainTransferCode', { domain: name }, cast.owner);
    expect(code.status).toBe(400);
    expect(code.error).toEqual({ status: 'FAILED_PRECONDITION', message: TRANSFER_CODE_UNSUPPORTED });
    expect(REGISTRAR_UNSUPPORTED).toBe('This registrar does not support this change.');
    const audits = await t.services.db.selectFrom('audit_log').select('id').where('after_state', 'like', `%${name}%`).execute();
    expect(audits).toEqual([]);
  });

  it('the transfer code goes to the owner and admins, is audited without the code, and is refused to a plain member', async () => {
    const { id, name } = await seedDomain(t.services, cast.accountId);
    const expected = await sandbox.getTransferCode(name);
    for (const who of [cast.owner, cast.admin]) {
      const res = await t.call('getDomainTransferCode', { domain: name }, who);
      expect(res.status).toBe(200);
      expect(res.result).toEqual({ success: true, transferCode: expected });
    }
    const member = await t.call('getDomainTransferCode', { domain: name }, cast.member);
    expect(member.status).toBe(403);
    expect(member.error).toEqual({ status: 'PERMISSION_DENIED', message: TRANSFER_CODE_ADMINS_ONLY });

    const audits = await t.services.db.selectFrom('audit_log').selectAll().where('target_id', '=', id).orderBy('created_at').execute();
    expect(audits.map((a) => [a.action, a.actor_user_id, a.actor_email, a.target_type])).toEqual([
      ['domain.transfer_code_revealed', cast.owner.id, cast.owner.email, 'domain'],
      ['domain.transfer_code_revealed', cast.admin.id, cast.admin.email, 'domain'],
    ]);
    const events = await t.services.db.selectFrom('platform_events').selectAll().where('event_type', '=', 'domain.transfer_code.revealed')
      .where('payload', 'like', `%${name}%`).execute();
    expect(events).toHaveLength(2);
    expect(JSON.stringify([audits, events])).not.toContain(expected);
  });

  it('outside the owning account every domain function answers exactly as for a name nobody holds, and changes nothing', async () => {
    const { name } = await seedDomain(t.services, cast.accountId);
    const before = await row(name);
    const atRegistrar = await sandbox.getInfo(name);
    const calls: [string, Record<string, unknown>][] = [
      ['getDomainDetails', {}],
      ['updateDomainContacts', { contacts: { registrant: testContact({ firstName: 'Mallory' }), admin: testContact(), tech: testContact() } }],
      ['updateDomainNameservers', { nameservers: ['ns1.evil.example', 'ns2.evil.example'] }],
      ['updateDomainAutoRenew', { autoRenew: false }],
      ['setDomainLock', { locked: false }],
      ['setDomainPrivacy', { enabled: true }],
      ['getDomainTransferCode', {}],
      ['verifyManagedDomain', {}],
    ];
    for (const who of [cast.outsider, cast.globalAdmin]) {
      for (const [fn, data] of calls) {
        const theirs = await t.callRaw(fn, { domain: name, ...data }, who);
        const nobodys = await t.callRaw(fn, { domain: 'nobody-holds-this.com', ...data }, who);
        expect(theirs.status, fn).toBe(404);
        expect(theirs.error).toEqual({ status: 'NOT_FOUND', message: DOMAIN_NOT_FOUND });
        expect(theirs).toEqual(nobodys);
      }
      const bulk = await t.call('verifyManagedDomainsBulk', { domains: [name] }, who);
      expect(bulk.error).toEqual({ status: 'NOT_FOUND', message: DOMAIN_NOT_FOUND });
    }
    expect(await row(name)).toEqual(before);
    expect(await sandbox.getInfo(name)).toEqual(atRegistrar);
    const events = await t.services.db.selectFrom('platform_events').select('id').where('payload', 'like', `%${name}%`).execute();
    expect(events).toEqual([]);
  });

  it('a domain an operator manages by hand changes nowhere: the registrar is not called and the customer reads why', async () => {
    const { name } = await seedDomain(t.services, cast.accountId);
    await t.services.db.updateTable('domains').set({ management_mode: 'manual' }).where('name', '=', name).execute();
    const before = await sandbox.getInfo(name);
    expect(await t.callRaw('setDomainLock', { domain: name, locked: false }, cast.owner))
      .toEqual({ status: 400, error: { status: 'FAILED_PRECONDITION', message: MANAGED_BY_HAND } });
    expect(await sandbox.getInfo(name)).toEqual(before);
    expect((await row(name)).locked).toBe(true);
  });

  it('a domain that belongs to no account is nobody\'s: the same not-found as a name nobody holds', async () => {
    const { name } = await seedDomain(t.services, cast.accountId);
    await t.services.db.updateTable('domains').set({ account_id: null }).where('name', '=', name).execute();
    for (const who of [cast.owner, cast.member, cast.outsider]) {
      expect(await t.callRaw('getDomainDetails', { domain: name }, who)).toMatchObject({ status: 404, error: { message: DOMAIN_NOT_FOUND } });
    }
  });
});
