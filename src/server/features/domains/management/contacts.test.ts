import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DOMAIN_NOT_FOUND } from '../../../../common/domains/domains.ts';
import { NAME_NEEDS_TWO_WORDS } from '../../../../common/domains/contacts.ts';
import { seedSupplier } from '../../../../../test/support/domains/suppliers.ts';
import { type PermissionCast, permissionCast } from '../../../../../test/support/factories.ts';
import { namecheapFakeEnv, type NamecheapFake, startNamecheapFake } from '../../../../../test/support/registrars/namecheap.fake.ts';
import { testContacts } from '../../../../../test/support/registrars/contacts.fixture.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import { insertDomain } from '../records.ts';

/** updateDomainContacts with the spec's contact shape (name, email, phone, organization, address), through the Namecheap fake's wire. */
describeEachDialect('domain contacts in the spec\'s shape', (dialect) => {
  let t: TestApp;
  let cast: PermissionCast;
  let namecheap: NamecheapFake;

  beforeAll(async () => {
    namecheap = await startNamecheapFake();
    const env = namecheapFakeEnv(namecheap.url);
    t = await startTestApp(dialect, { env: Object.fromEntries(Object.entries(env).filter(([key]) => key.startsWith('NAMECHEAP_'))) });
    cast = await permissionCast(t);
    await seedSupplier(t.services.db, { id: 'namecheap', name: 'Namecheap' }, []);
  });
  afterAll(async () => {
    await t.stop();
    await namecheap.close();
  });

  const row = (name: string) => t.services.db.selectFrom('domains').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
  const setContactsSent = () => namecheap.sent('namecheap.domains.setContacts').length;

  async function namecheapDomain(accountId = cast.accountId) {
    const name = `ct-${randomBytes(4).toString('hex')}.com`;
    namecheap.seedDomain(name);
    await insertDomain(t.services.db, {
      id: `dom_${randomBytes(8).toString('hex')}`, accountId, name, tld: 'com', supplierId: 'namecheap', registrationId: null,
      registrationDate: '2025-03-14T00:00:00.000Z', expirationDate: '2026-03-14T00:00:00.000Z', autoRenew: false, privacy: false, locked: true,
      nameservers: ['dns1.registrar-servers.com', 'dns2.registrar-servers.com'], contacts: testContacts(), now: new Date().toISOString(),
    });
    return name;
  }

  const registrant = { name: 'Grace Brewster Hopper', email: 'Grace@Navy.Example', phone: '+1.202 555 0100', organization: 'US Navy', address: '1 Navy Yard, Building 2, Washington, DC, 20374, us' };
  const tech = { name: 'Alan Turing', email: 'alan@example.test', phone: '+44.2071234567', organization: null, address: '2 Hut Lane, Bletchley, Bucks, MK3 6EB, GB' };

  it('is accepted, reaches the registrar as first/last name and address parts (billing = admin), and is answered in both shapes', async () => {
    const name = await namecheapDomain();
    const res = await t.call('updateDomainContacts', { domain: name, contacts: { registrant, admin: registrant, tech } }, cast.member);
    expect(res.status).toBe(200);
    expect(res.result.message).toBe('Contacts updated.');

    const grace = {
      FirstName: 'Grace Brewster', LastName: 'Hopper', OrganizationName: 'US Navy', EmailAddress: 'grace@navy.example', Phone: '+1.2025550100',
      Address1: '1 Navy Yard', Address2: 'Building 2', City: 'Washington', StateProvince: 'DC', PostalCode: '20374', Country: 'US',
    };
    const alan = {
      FirstName: 'Alan', LastName: 'Turing', EmailAddress: 'alan@example.test', Phone: '+44.2071234567',
      Address1: '2 Hut Lane', City: 'Bletchley', StateProvince: 'Bucks', PostalCode: 'MK3 6EB', Country: 'GB',
    };
    const atRegistrar = namecheap.domains.get(name)!.contacts;
    expect(atRegistrar.Registrant).toMatchObject(grace);
    expect(atRegistrar.Admin).toMatchObject(grace);
    expect(atRegistrar.AuxBilling).toMatchObject(grace);
    expect(atRegistrar.Tech).toMatchObject(alan);
    expect(atRegistrar.Tech.OrganizationName).toBeUndefined();

    expect(res.result.local.contacts?.registrant).toEqual({
      name: 'Grace Brewster Hopper', firstName: 'Grace Brewster', lastName: 'Hopper', organization: 'US Navy', email: 'grace@navy.example',
      phone: '+1.2025550100', address: '1 Navy Yard, Building 2, Washington, DC, 20374, US',
      address1: '1 Navy Yard', address2: 'Building 2', city: 'Washington', state: 'DC', postalCode: '20374', country: 'US',
    });
    // Stored as the registrars need it, so registration, sync and renewals keep working from it.
    expect(JSON.parse((await row(name)).contacts!).tech).toEqual({
      firstName: 'Alan', lastName: 'Turing', organization: null, email: 'alan@example.test', phone: '+44.2071234567',
      address1: '2 Hut Lane', address2: null, city: 'Bletchley', state: 'Bucks', postalCode: 'MK3 6EB', country: 'GB',
    });

    // What getDomainDetails answers can be sent back as it is.
    const details = await t.call('getDomainDetails', { domain: name }, cast.member);
    const again = await t.call('updateDomainContacts', { domain: name, contacts: details.result.local.contacts! }, cast.member);
    expect(again.status).toBe(200);
    expect(again.result.local.contacts).toEqual(details.result.local.contacts);
  });

  it('hostile or unmappable input is a 400 before anything is sent, and the row stays as it was', async () => {
    const name = await namecheapDomain();
    const before = await row(name);
    const sent = setContactsSent();
    let deep: unknown = 'x';
    for (let i = 0; i < 2_000; i += 1) deep = { name: deep };
    const cases: [unknown, string | null][] = [
      [{ registrant: { ...registrant, name: 'Grace\u0000Hopper' }, admin: registrant, tech }, 'Text must not contain NUL characters.'],
      [{ registrant: { ...registrant, fax: '+1.2025550101' }, admin: registrant, tech }, 'Unrecognized key: "fax"'],
      [{ registrant, admin: registrant, tech, owner: registrant }, 'Unrecognized key: "owner"'],
      [{ registrant: { ...registrant, name: 'Cher' }, admin: registrant, tech }, NAME_NEEDS_TWO_WORDS],
      [{ registrant: deep, admin: registrant, tech }, null],
      [{ registrant: { ...registrant, organization: 'x'.repeat(5_000) }, admin: registrant, tech }, null],
    ];
    for (const [contacts, message] of cases) {
      const res = await t.callRaw('updateDomainContacts', { domain: name, contacts }, cast.member);
      expect(res.status, JSON.stringify(contacts).slice(0, 80)).toBe(400);
      expect(res.error).toMatchObject({ status: 'INVALID_ARGUMENT', ...(message ? { message } : {}) });
    }
    // 5 MB: refused by the body limit before any parsing.
    const huge = await t.app.inject({
      method: 'POST', url: '/api/fn/updateDomainContacts',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${cast.member.token}` },
      payload: JSON.stringify({ data: { domain: name, contacts: { registrant: { ...registrant, address: 'x'.repeat(5 * 1024 * 1024) }, admin: registrant, tech } } }),
    });
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
    expect(setContactsSent()).toBe(sent);
    expect(await row(name)).toEqual(before);
  });

  it('another account\'s domain is refused as a name nobody holds, in either shape, and nothing is sent', async () => {
    const name = await namecheapDomain(cast.otherAccountId);
    const before = await row(name);
    const sent = setContactsSent();
    for (const who of [cast.owner, cast.member]) {
      const res = await t.call('updateDomainContacts', { domain: name, contacts: { registrant, admin: registrant, tech } }, who);
      expect(res.status).toBe(404);
      expect(res.error).toEqual({ status: 'NOT_FOUND', message: DOMAIN_NOT_FOUND });
    }
    expect(setContactsSent()).toBe(sent);
    expect(await row(name)).toEqual(before);
  });
});
