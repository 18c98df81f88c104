import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type EnomFake, enomTestContact, startEnomFake } from '../../../../../test/support/registrars/enom.fake.ts';
import { loadConfig } from '../../../config.ts';
import type { DomainContacts, Registrar, RegisterRequest } from '../registrar.ts';
import { createEnomRegistrar, ENOM_PRIVACY_NOT_SOLD } from './enomRegistrar.ts';

const contacts: DomainContacts = {
  registrant: { ...enomTestContact('Reg'), organization: 'Acme Ltd', address2: 'Suite 5' },
  admin: enomTestContact('Adm'),
  tech: enomTestContact('Tec'),
  billing: { ...enomTestContact('Bil'), country: 'gb', state: 'Kent', postalCode: 'CT1 1AA' },
};
const request = (domain: string, extra: Partial<RegisterRequest> = {}): RegisterRequest => ({
  domain, years: 2, contacts, nameservers: [], privacy: false, autoRenew: true, idempotencyKey: 'order-1-attempt-1', ...extra,
});

describe('the Enom adapter against a fake Enom', () => {
  let fake: EnomFake;
  let enom: Registrar;
  beforeAll(async () => {
    fake = await startEnomFake();
    enom = createEnomRegistrar(loadConfig({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'enom-adapter-')), ENOM_UID: fake.uid, ENOM_PW: fake.pw, ENOM_API_URL: fake.url,
    }))!;
  });
  afterAll(async () => { await fake.close(); });
  beforeEach(() => { fake.domains.clear(); fake.setBalance(1000); });

  it('sends every command as a POST form with the credentials, ResponseType=XML and the name split into SLD and TLD', async () => {
    fake.seedDomain('acme.co.uk');
    await enom.setAutoRenew('Acme.co.uk', true);
    const sent = fake.server.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/interface.asp');
    expect(sent.params).toEqual({ Command: 'SetRenew', UID: fake.uid, PW: fake.pw, ResponseType: 'XML', SLD: 'acme', TLD: 'co.uk', RenewFlag: '1' });
  });

  it('checks availability with DomainList, marks premium names with their price in cents, and answers in the order asked', async () => {
    fake.seedDomain('mine.com');
    fake.setTaken('google.com');
    fake.setPremium('cars.net', '1200.50');
    const results = await enom.checkAvailability(['free.com', 'Google.com', 'cars.net', 'mine.com', 'odd.xyz']);
    expect(fake.lastParams('Check')?.DomainList).toBe('free.com,google.com,cars.net,mine.com,odd.xyz');
    expect(results).toEqual([
      { domain: 'free.com', available: true, premium: false, premiumPriceCents: null, error: null },
      { domain: 'Google.com', available: false, premium: false, premiumPriceCents: null, error: null },
      { domain: 'cars.net', available: true, premium: true, premiumPriceCents: 120050, error: null },
      { domain: 'mine.com', available: false, premium: false, premiumPriceCents: null, error: null },
      { domain: 'odd.xyz', available: false, premium: false, premiumPriceCents: null, error: 'Invalid TLD' },
    ]);
  });

  it('splits more than 30 names into parallel calls of at most 30 and keeps the order asked', async () => {
    const names = Array.from({ length: 65 }, (_, i) => `name${i}.${['com', 'net', 'org'][i % 3]}`);
    fake.setTaken('name31.net');
    const before = fake.requests.length;
    const results = await enom.checkAvailability(names);
    const lists = fake.requests.slice(before).map((r) => r.params.DomainList.split(','));
    expect(lists.map((l) => l.length).sort()).toEqual([30, 30, 5]);
    expect(lists.flat().sort()).toEqual([...names].sort());
    expect(results.map((r) => r.domain)).toEqual(names);
    expect(results.filter((r) => !r.available).map((r) => r.domain)).toEqual(['name31.net']);
  });

  it('an empty list asks nothing', async () => {
    const before = fake.requests.length;
    expect(await enom.checkAvailability([])).toEqual([]);
    expect(fake.requests.length).toBe(before);
  });

  const EXPECTED_ONE_YEAR = [
    { tld: 'com', registerCents: 895, renewCents: 995, transferCents: 895, currency: 'USD' },
    { tld: 'net', registerCents: 1050, renewCents: 1100, transferCents: 1050, currency: 'USD' },
    { tld: 'org', registerCents: 999, renewCents: 1099, transferCents: 999, currency: 'USD' },
    { tld: 'co.uk', registerCents: 525, renewCents: 525, transferCents: null, currency: 'USD' },
  ];
  // A bracket's price is per year: 2 years of .com register at 9.45 a year, 10 years at 9.85.
  const COM_BRACKETS = { register: { 2: 1890, 5: 4875, 10: 9850 }, renew: { 2: 1990, 5: 4975, 10: 9950 } };

  it('lists every TLD\'s wholesale cost in four PE_GetDomainPricing calls (one year, then the 2/5/10-year brackets), the reseller price, never the retail one', async () => {
    const before = fake.requests.length;
    const costs = await enom.listTldCosts();
    expect(costs.map(({ years: _years, ...oneYear }) => oneYear)).toEqual(EXPECTED_ONE_YEAR);
    expect(costs[0].years).toEqual(COM_BRACKETS);
    const sent = fake.requests.slice(before).map((r) => [r.params.Command, r.params.Years, r.params.UseQtyEngine ?? null]);
    expect(sent.sort()).toEqual([['PE_GetDomainPricing', '1', null], ['PE_GetDomainPricing', '10', '1'], ['PE_GetDomainPricing', '2', '1'], ['PE_GetDomainPricing', '5', '1']]);
    // What Purchase charges for a term is what the brackets said.
    const result = await enom.register(request('bracket-priced.com', { years: 5 }));
    expect(result.chargedCents).toBe(4875);
  });

  it('an account that refuses PE_GetDomainPricing is priced as before: GetTLDList, then PE_GetProductPrice per TLD, operation and bracket, to the same costs', async () => {
    const old = await startEnomFake({ domainPricing: false });
    try {
      const adapter = createEnomRegistrar(loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'enom-old-')), ENOM_UID: old.uid, ENOM_PW: old.pw, ENOM_API_URL: old.url }))!;
      const costs = await adapter.listTldCosts();
      expect(costs.map(({ years: _years, ...oneYear }) => oneYear)).toEqual(EXPECTED_ONE_YEAR);
      expect(costs[0].years).toEqual(COM_BRACKETS);
      const asked = (tld: string, type: string) => old.requests.filter((r) => r.params.Command === 'PE_GetProductPrice' && r.params.TLD === tld && r.params.ProductType === type).map((r) => r.params.Years).sort();
      expect(asked('co.uk', '10')).toEqual(['1', '10', '2', '5']);
      expect(asked('co.uk', '16')).toEqual(['1', '10', '2', '5']);
      expect(asked('co.uk', '19')).toEqual(['1']);
    } finally {
      await old.close();
    }
  });

  it('registers with the contacts in Enom\'s fields, default DNS, auto-renew, and reads back the expiry', async () => {
    const result = await enom.register(request('new-shop.com'));
    const sent = fake.lastParams('Purchase')!;
    expect(sent).toMatchObject({
      SLD: 'new-shop', TLD: 'com', NumYears: '2', UseDNS: 'default', RenewName: '1',
      RegistrantFirstName: 'Reg', RegistrantLastName: 'Tester', RegistrantOrganizationName: 'Acme Ltd', RegistrantAddress1: '1 Main St',
      RegistrantAddress2: 'Suite 5', RegistrantCity: 'Springfield', RegistrantStateProvince: 'IL', RegistrantStateProvinceChoice: 'S',
      RegistrantPostalCode: '62701', RegistrantCountry: 'US', RegistrantEmailAddress: 'reg@example.com', RegistrantPhone: '+1.5555550100',
      AdminFirstName: 'Adm', TechFirstName: 'Tec', AuxBillingFirstName: 'Bil', AuxBillingCountry: 'GB', AuxBillingStateProvinceChoice: 'P',
    });
    expect(sent).not.toHaveProperty('AdminOrganizationName');
    expect(Object.keys(sent).some((k) => /^NS\d/.test(k))).toBe(false);
    const stored = fake.domains.get('new-shop.com')!;
    expect(result).toEqual({ domain: 'new-shop.com', expiresAt: stored.expiresAt.toISOString(), registrarOrderId: expect.stringMatching(/^\d+$/), chargedCents: 1890 });
    expect(stored.autoRenew).toBe(true);
    expect((await enom.checkAvailability(['new-shop.com']))[0].available).toBe(false);
  });

  it('registers with our nameservers; privacy asked is not bought (ID Protect is a paid purchase) and the result says privacy is off', async () => {
    const result = await enom.register(request('private.net', { nameservers: ['NS1.Host.example', 'ns2.host.example'], privacy: true, autoRenew: false, years: 1 }));
    expect(fake.lastParams('Purchase')).toMatchObject({ NS1: 'ns1.host.example', NS2: 'ns2.host.example', RenewName: '0' });
    expect(fake.lastParams('Purchase')).not.toHaveProperty('UseDNS');
    expect(fake.lastParams('PurchaseServices')).toBeUndefined();
    expect(result.privacy).toBe(false);
    expect(fake.domains.get('private.net')).toMatchObject({ nameservers: ['ns1.host.example', 'ns2.host.example'], privacyPurchased: false, privacyEnabled: false });
  });

  it('refuses more than 12 nameservers before calling Enom', async () => {
    const before = fake.requests.length;
    const nameservers = Array.from({ length: 13 }, (_, i) => `ns${i}.host.example`);
    await expect(enom.register(request('many.com', { nameservers }))).rejects.toMatchObject({ kind: 'invalid' });
    expect(fake.requests.length).toBe(before);
  });

  it('renews with Extend, without OverrideOrder, and answers the new expiry', async () => {
    fake.seedDomain('old.org', { expiresAt: new Date('2026-03-01T10:00:00Z') });
    const result = await enom.renew('old.org', 3, 'renewal-9');
    expect(fake.lastParams('Extend')).toEqual({ Command: 'Extend', UID: fake.uid, PW: fake.pw, ResponseType: 'XML', SLD: 'old', TLD: 'org', NumYears: '3' });
    expect(result).toEqual({ domain: 'old.org', expiresAt: '2029-03-01T10:00:00.000Z', registrarOrderId: expect.stringMatching(/^\d+$/) });
    // A retried renewal within 24 hours is refused rather than charged twice.
    await expect(enom.renew('old.org', 3, 'renewal-9')).rejects.toMatchObject({ kind: 'failed' });
    expect(fake.domains.get('old.org')!.expiresAt.toISOString()).toBe('2029-03-01T10:00:00.000Z');
  });

  it('gets a domain\'s info from GetDomainInfo, GetContacts, GetRegLock and GetRenew', async () => {
    fake.seedDomain('info.com', {
      expiresAt: new Date('2027-01-30T17:23:00Z'), autoRenew: true, locked: false, privacyPurchased: true, privacyEnabled: true,
      nameservers: ['ns1.x.example', 'ns2.x.example'],
      contacts: Object.fromEntries((['Registrant', 'Admin', 'Tech', 'AuxBilling'] as const).map((t) => [t, {
        FirstName: t, LastName: 'Doe', EmailAddress: `${t.toLowerCase()}@x.example`, Phone: '+44.2079460000', Address1: '2 High St', City: 'London',
        StateProvince: 'London', PostalCode: 'N1 1AA', Country: 'GB',
      }])),
    });
    const info = await enom.getInfo('info.com');
    expect(info).toMatchObject({
      domain: 'info.com', status: 'active', registeredAt: null, expiresAt: '2027-01-30T17:23:00.000Z',
      nameservers: ['ns1.x.example', 'ns2.x.example'], autoRenew: true, locked: false, privacy: true,
    });
    expect(info.contacts?.registrant).toEqual({
      firstName: 'Registrant', lastName: 'Doe', organization: null, email: 'registrant@x.example', phone: '+44.2079460000',
      address1: '2 High St', address2: null, city: 'London', state: 'London', postalCode: 'N1 1AA', country: 'GB',
    });
    expect(info.contacts?.billing.firstName).toBe('AuxBilling');
  });

  it('maps Enom statuses: expired, held and past-expiry names', async () => {
    fake.seedDomain('gone.com', { status: 'Expired' });
    fake.seedDomain('held.com', { status: 'Hold' });
    fake.seedDomain('late.com', { expiresAt: new Date('2020-01-01T00:00:00Z') });
    expect((await enom.getInfo('gone.com')).status).toBe('expired');
    expect((await enom.getInfo('held.com')).status).toBe('suspended');
    expect((await enom.getInfo('late.com')).status).toBe('expired');
  });

  it('a domain whose contacts are Enom\'s defaults has no contacts; billing falls back to the account', async () => {
    fake.seedDomain('bare.com');
    expect((await enom.getInfo('bare.com')).contacts).toBeNull();
    await enom.setContacts('bare.com', { ...contacts });
    const updated = fake.domains.get('bare.com')!;
    expect(updated.contacts.AuxBilling?.FirstName).toBe('Bil');
    delete updated.contacts.AuxBilling;
    expect((await enom.getInfo('bare.com')).contacts?.billing.email).toBe('billing@reseller.example');
  });

  it('sets contacts with one Contacts call carrying all four blocks', async () => {
    fake.seedDomain('who.com');
    await enom.setContacts('who.com', contacts);
    const sent = fake.lastParams('Contacts')!;
    expect(sent).not.toHaveProperty('ContactType');
    expect([sent.RegistrantEmailAddress, sent.AdminEmailAddress, sent.TechEmailAddress, sent.AuxBillingEmailAddress])
      .toEqual(['reg@example.com', 'adm@example.com', 'tec@example.com', 'bil@example.com']);
    expect((await enom.getInfo('who.com')).contacts).toEqual({ ...contacts, billing: { ...contacts.billing, country: 'GB' } });
  });

  it('sets nameservers with ModifyNS, or Enom\'s default DNS for an empty list', async () => {
    fake.seedDomain('dns.com');
    await enom.setNameservers('dns.com', ['ns1.a.example', 'ns2.a.example', 'ns3.a.example']);
    expect(fake.lastParams('ModifyNS')).toMatchObject({ SLD: 'dns', TLD: 'com', NS1: 'ns1.a.example', NS2: 'ns2.a.example', NS3: 'ns3.a.example' });
    expect((await enom.getInfo('dns.com')).nameservers).toEqual(['ns1.a.example', 'ns2.a.example', 'ns3.a.example']);
    await enom.setNameservers('dns.com', []);
    expect(fake.lastParams('ModifyNS')).toMatchObject({ UseDNS: 'default' });
    expect(fake.lastParams('ModifyNS')).not.toHaveProperty('NS1');
  });

  it('sets auto-renew with SetRenew and the lock with SetRegLock (UnlockRegistrar is the inverse)', async () => {
    fake.seedDomain('flags.com', { autoRenew: true, locked: true });
    await enom.setAutoRenew('flags.com', false);
    expect(fake.lastParams('SetRenew')?.RenewFlag).toBe('0');
    await enom.setLock('flags.com', false);
    expect(fake.lastParams('SetRegLock')?.UnlockRegistrar).toBe('1');
    expect(await enom.getInfo('flags.com')).toMatchObject({ autoRenew: false, locked: false });
    await enom.setLock('flags.com', true);
    expect(fake.lastParams('SetRegLock')?.UnlockRegistrar).toBe('0');
    expect((await enom.getInfo('flags.com')).locked).toBe(true);
  });

  it('reads the transfer code with GetDomainAuthInfo', async () => {
    fake.seedDomain('move.com', { authInfo: '0042-Xy!z' });
    expect(await enom.getTransferCode('move.com')).toBe('0042-Xy!z');
    expect(fake.lastParams('GetDomainAuthInfo')).toMatchObject({ SLD: 'move', TLD: 'com' });
  });

  it('never buys ID Protect: privacy on is refused where none was bought; one bought earlier is switched with EnableServices and DisableServices', async () => {
    fake.seedDomain('unbought.com');
    await expect(enom.setPrivacy('unbought.com', true)).rejects.toMatchObject({ kind: 'unsupported', message: ENOM_PRIVACY_NOT_SOLD });
    expect(fake.lastParams('PurchaseServices')).toBeUndefined();
    fake.seedDomain('priv.com', { privacyPurchased: true, privacyEnabled: true });
    await enom.setPrivacy('priv.com', false);
    expect(fake.lastParams('DisableServices')).toMatchObject({ Service: 'WPPS' });
    expect((await enom.getInfo('priv.com')).privacy).toBe(false);
    const purchases = fake.requests.filter((r) => r.params.Command === 'PurchaseServices').length;
    await enom.setPrivacy('priv.com', true);
    expect(fake.requests.filter((r) => r.params.Command === 'PurchaseServices').length).toBe(purchases);
    expect(fake.lastParams('EnableServices')).toMatchObject({ Service: 'WPPS' });
    expect((await enom.getInfo('priv.com')).privacy).toBe(true);
  });

  it('turning privacy off where it was never bought is already done', async () => {
    fake.seedDomain('noprivacy.com');
    await expect(enom.setPrivacy('noprivacy.com', false)).resolves.toBeUndefined();
  });

  it('lists every domain by paging GetDomains 100 at a time', async () => {
    const names = Array.from({ length: 230 }, (_, i) => `d${String(i).padStart(3, '0')}.com`);
    for (const name of names) fake.seedDomain(name, { autoRenew: name === 'd007.com', expiresAt: new Date('2028-05-04T00:00:00Z') });
    const before = fake.requests.length;
    const owned = await enom.listDomains();
    expect(fake.requests.slice(before).map((r) => [r.params.Tab, r.params.Display, r.params.Start]))
      .toEqual([['IOwn', '100', '1'], ['IOwn', '100', '101'], ['IOwn', '100', '201']]);
    expect(owned.map((d) => d.domain)).toEqual(names);
    expect(owned[7]).toEqual({ domain: 'd007.com', expiresAt: '2028-05-04T00:00:00.000Z', autoRenew: true, locked: true });
    expect(owned[8].autoRenew).toBe(false);
  });

  it('the connection test signs in with GetBalance and counts the TLDs, step by step', async () => {
    const test = await enom.testConnection();
    expect(test.ok).toBe(true);
    expect(test.log).toEqual([
      `Endpoint: ${fake.url}`,
      'GetBalance: asking for the account balance with ENOM_UID and ENOM_PW…',
      'GetBalance: signed in; available balance 1000.00 USD.',
      'GetTLDList: asking which TLDs the account sells…',
      'GetTLDList: 4 TLDs offered.',
    ]);
    expect(test.log.join('\n')).not.toContain(fake.pw);
  });
});
