import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DYNADOT_FAKE_KEY, type FakeDynadot, dynadotTestEnv, startFakeDynadot } from '../../../../../test/support/registrars/dynadot.fake.ts';
import { loadConfig } from '../../../config.ts';
import type { DomainContact, DomainContacts, Registrar } from '../registrar.ts';
import { createDynadotRegistrar } from './dynadotRegistrar.ts';

const owner: DomainContact = {
  firstName: 'Ada', lastName: 'Lovelace King', organization: 'Analytical Ltd', email: 'ada@example.org', phone: '+44.2079460000',
  address1: '12 St James Sq', address2: null, city: 'London', state: 'London', postalCode: 'SW1Y 4JH', country: 'GB',
};
const tech: DomainContact = { ...owner, firstName: 'Tim', lastName: 'Tech', organization: null, email: 'tech@example.org', phone: '+1.5555550199', country: 'US' };
const contacts: DomainContacts = { registrant: owner, admin: owner, tech, billing: owner };

describe('the Dynadot adapter against a local api3 fake', () => {
  let fake: FakeDynadot;
  let dynadot: Registrar;
  let bulk: Registrar;
  beforeAll(async () => {
    fake = await startFakeDynadot();
    dynadot = createDynadotRegistrar(loadConfig(dynadotTestEnv(fake)))!;
    bulk = createDynadotRegistrar(loadConfig({ ...dynadotTestEnv(fake), DYNADOT_BULK_SEARCH: 'true' }))!;
  });
  afterAll(async () => { await fake.close(); });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.domains.clear();
    fake.bulkAccount = false;
    fake.maxConcurrentSearches = 0;
  });
  const sent = (command: string) => fake.requests.filter((r) => r.params.command === command).map((r) => r.params);

  it('a regular account (DYNADOT_BULK_SEARCH unset): one name per search call, one call at a time, answers in the order asked', async () => {
    fake.seedDomain('taken-two.com');
    const results = await dynadot.checkAvailability(['free-two.com', 'taken-two.com', 'free-two.net', 'weird.zzz']);
    const searches = sent('search');
    expect(searches.map((p) => Object.keys(p).filter((k) => /^domain\d+$/.test(k)))).toEqual([['domain0'], ['domain0'], ['domain0'], ['domain0']]);
    expect(searches.map((p) => p.domain0).sort()).toEqual(['free-two.com', 'free-two.net', 'taken-two.com', 'weird.zzz']);
    expect(fake.maxConcurrentSearches).toBe(1);
    expect(results.map((r) => [r.domain, r.available, r.error === null])).toEqual([
      ['free-two.com', true, true], ['taken-two.com', false, true], ['free-two.net', true, true], ['weird.zzz', false, false],
    ]);
  });

  it('a bulk-enabled account (DYNADOT_BULK_SEARCH=true) checks many names in one search with the key, show_price and USD, answering in the order asked', async () => {
    fake.bulkAccount = true;
    fake.seedDomain('taken-one.com');
    fake.makePremium('gold.io', 2888);
    const results = await bulk.checkAvailability(['free-one.com', 'taken-one.com', 'gold.io', 'weird.zzz']);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ method: 'GET', path: '/api3.json' });
    expect(fake.requests[0].params).toEqual({
      key: DYNADOT_FAKE_KEY, command: 'search', show_price: '1', currency: 'USD',
      domain0: 'free-one.com', domain1: 'taken-one.com', domain2: 'gold.io', domain3: 'weird.zzz',
    });
    expect(results).toEqual([
      { domain: 'free-one.com', available: true, premium: false, premiumPriceCents: null, error: null },
      { domain: 'taken-one.com', available: false, premium: false, premiumPriceCents: null, error: null },
      { domain: 'gold.io', available: true, premium: true, premiumPriceCents: 288_800, error: null },
      { domain: 'weird.zzz', available: false, premium: false, premiumPriceCents: null, error: 'Dynadot could not check weird.zzz: unsupported tld' },
    ]);
  });

  it('a bulk account splits more than 100 names into parallel searches of at most 100 and keeps the order', async () => {
    fake.bulkAccount = true;
    const names = Array.from({ length: 250 }, (_, i) => `name-${i}.com`);
    fake.seedDomain('name-180.com');
    const results = await bulk.checkAvailability(names);
    const batches = sent('search');
    expect(batches.map((p) => Object.keys(p).filter((k) => k.startsWith('domain')).length).sort()).toEqual([100, 100, 50]);
    expect(batches.flatMap((p) => [p.domain0, p.domain99].filter(Boolean)).sort()).toEqual(['name-0.com', 'name-100.com', 'name-200.com', 'name-199.com', 'name-99.com'].sort());
    expect(results.map((r) => r.domain)).toEqual(names);
    expect(results.filter((r) => !r.available).map((r) => r.domain)).toEqual(['name-180.com']);
  });

  it('lists TLD costs in cents, without the leading dot, paging through tld_price', async () => {
    const costs = await dynadot.listTldCosts();
    expect(sent('tld_price')[0]).toEqual({ key: DYNADOT_FAKE_KEY, command: 'tld_price', currency: 'USD', count_per_page: '100', page_index: '0' });
    expect(costs).toContainEqual({ tld: 'com', registerCents: 1099, renewCents: 1299, transferCents: 1099, currency: 'USD' });
    expect(costs).toContainEqual({ tld: 'co.uk', registerCents: 650, renewCents: 650, transferCents: null, currency: 'USD' });
    expect(costs).toHaveLength(5);
  });

  it('registers with new contacts (one per distinct contact), then sets nameservers, privacy and auto-renew', async () => {
    const result = await dynadot.register({
      domain: 'brand-new.com', years: 2, contacts, nameservers: ['NS1.Host.example', 'ns2.host.example'], privacy: false, autoRenew: true, idempotencyKey: 'order-1',
    });
    const created = sent('create_contact');
    expect(created).toHaveLength(2);
    expect(created[0]).toEqual({
      key: DYNADOT_FAKE_KEY, command: 'create_contact', name: 'Ada Lovelace King', email: 'ada@example.org', phonecc: '44', phonenum: '2079460000',
      address1: '12 St James Sq', city: 'London', state: 'London', zip: 'SW1Y 4JH', country: 'GB', organization: 'Analytical Ltd',
    });
    const [ownerId, techId] = [...fake.contacts.keys()].slice(-2);
    expect(sent('register')).toEqual([{
      key: DYNADOT_FAKE_KEY, command: 'register', domain: 'brand-new.com', duration: '2', currency: 'USD',
      registrant_contact: ownerId, admin_contact: ownerId, technical_contact: techId, billing_contact: ownerId,
    }]);
    expect(sent('set_ns')).toEqual([{ key: DYNADOT_FAKE_KEY, command: 'set_ns', domain: 'brand-new.com', ns0: 'ns1.host.example', ns1: 'ns2.host.example' }]);
    expect(sent('set_privacy')).toEqual([{ key: DYNADOT_FAKE_KEY, command: 'set_privacy', domain: 'brand-new.com', option: 'off' }]);
    expect(sent('set_renew_option')).toEqual([{ key: DYNADOT_FAKE_KEY, command: 'set_renew_option', domain: 'brand-new.com', renew_option: 'auto' }]);
    const stored = fake.domains.get('brand-new.com')!;
    expect(result).toEqual({ domain: 'brand-new.com', expiresAt: new Date(stored.expiresMs).toISOString(), registrarOrderId: null, chargedCents: null });
    expect(stored).toMatchObject({ nameservers: ['ns1.host.example', 'ns2.host.example'], privacy: 'off', renewOption: 'auto' });
    expect((await dynadot.checkAvailability(['brand-new.com']))[0].available).toBe(false);
  });

  it('registers with the registrar\'s default nameservers when none are given, and still answers when a follow-up setting is refused', async () => {
    fake.failNext('set_privacy', 'connection to main server is busy');
    const result = await dynadot.register({ domain: 'defaults.net', years: 1, contacts, nameservers: [], privacy: true, autoRenew: false, idempotencyKey: 'order-2' });
    expect(sent('set_ns')).toEqual([]);
    expect(sent('set_privacy')[0].option).toBe('full');
    expect(sent('set_renew_option')[0].renew_option).toBe('donot');
    expect(fake.domains.get('defaults.net')).toMatchObject({ renewOption: 'donot', nameservers: ['ns1.dyna-ns.net', 'ns2.dyna-ns.net'] });
    expect(result).toMatchObject({ domain: 'defaults.net', expiresAt: new Date(fake.domains.get('defaults.net')!.expiresMs).toISOString() });
  });

  it('renews with the current expiry year as a guard against a double renewal, answering the new expiry', async () => {
    const seeded = fake.seedDomain('renew-me.org', { expiresMs: Date.UTC(2031, 4, 6) });
    const result = await dynadot.renew('renew-me.org', 3, 'renewal-1');
    expect(sent('renew')).toEqual([{ key: DYNADOT_FAKE_KEY, command: 'renew', domain: 'renew-me.org', duration: '3', currency: 'USD', year: '2031' }]);
    expect(result).toEqual({ domain: 'renew-me.org', expiresAt: new Date(seeded.expiresMs).toISOString(), registrarOrderId: null });
    expect(result.expiresAt.slice(0, 4)).toBe('2034');
  });

  it('gets a domain\'s info: ISO dates, status, nameservers, contacts read by id, auto-renew, lock, privacy', async () => {
    await dynadot.register({ domain: 'info-me.com', years: 1, contacts, nameservers: ['ns1.host.example'], privacy: true, autoRenew: true, idempotencyKey: 'o' });
    fake.requests.length = 0;
    const info = await dynadot.getInfo('info-me.com');
    const stored = fake.domains.get('info-me.com')!;
    expect(sent('domain_info')).toEqual([{ key: DYNADOT_FAKE_KEY, command: 'domain_info', domain: 'info-me.com' }]);
    expect(sent('get_contact').map((p) => p.contact_id).sort()).toEqual([...new Set(stored.contactIds)].sort());
    expect(info).toEqual({
      domain: 'info-me.com', status: 'active',
      registeredAt: new Date(stored.registeredMs).toISOString(), expiresAt: new Date(stored.expiresMs).toISOString(),
      nameservers: ['ns1.host.example'], contacts, autoRenew: true, locked: false, privacy: true,
    });
  });

  it('maps registry holds to suspended, a past expiry to expired, and the renew option texts', async () => {
    fake.seedDomain('held.com', { status: 'active', renewOption: 'donot' });
    fake.seedDomain('gone.com', { status: 'expired', renewOption: 'reset', expiresMs: Date.UTC(2020, 0, 1) });
    fake.seedDomain('moving.com', { status: 'pending transfer' });
    const heldJson = fake.domains.get('held.com')!;
    heldJson.status = 'hold';
    expect(await dynadot.getInfo('held.com')).toMatchObject({ status: 'suspended', autoRenew: false, locked: true });
    expect(await dynadot.getInfo('gone.com')).toMatchObject({ status: 'expired', autoRenew: null, expiresAt: '2020-01-01T00:00:00.000Z' });
    expect(await dynadot.getInfo('moving.com')).toMatchObject({ status: 'pending' });
  });

  it('sets nameservers (ns0…), contacts (new contact ids through set_whois), auto-renew, lock and privacy', async () => {
    fake.seedDomain('manage.com', { locked: false });
    await dynadot.setNameservers('manage.com', ['a.ns.example', 'b.ns.example', 'c.ns.example']);
    expect(sent('set_ns')).toEqual([{ key: DYNADOT_FAKE_KEY, command: 'set_ns', domain: 'manage.com', ns0: 'a.ns.example', ns1: 'b.ns.example', ns2: 'c.ns.example' }]);
    await dynadot.setContacts('manage.com', { registrant: tech, admin: tech, tech, billing: tech });
    const [techId] = [...fake.contacts.keys()].slice(-1);
    expect(sent('create_contact')).toHaveLength(1);
    expect(sent('set_whois')).toEqual([{
      key: DYNADOT_FAKE_KEY, command: 'set_whois', domain: 'manage.com', registrant_contact: techId, admin_contact: techId, technical_contact: techId, billing_contact: techId,
    }]);
    await dynadot.setAutoRenew('manage.com', true);
    await dynadot.setAutoRenew('manage.com', false);
    expect(sent('set_renew_option').map((p) => p.renew_option)).toEqual(['auto', 'donot']);
    await dynadot.setLock('manage.com', true);
    expect(sent('lock_domain')).toEqual([{ key: DYNADOT_FAKE_KEY, command: 'lock_domain', domain: 'manage.com' }]);
    expect(fake.domains.get('manage.com')!.locked).toBe(true);
    await dynadot.setLock('manage.com', false);
    expect(sent('get_transfer_auth_code')).toEqual([{ key: DYNADOT_FAKE_KEY, command: 'get_transfer_auth_code', domain: 'manage.com', unlock_domain_for_transfer: '1' }]);
    expect(fake.domains.get('manage.com')!.locked).toBe(false);
    await dynadot.setPrivacy('manage.com', true);
    await dynadot.setPrivacy('manage.com', false);
    expect(sent('set_privacy').map((p) => p.option)).toEqual(['full', 'off']);
    const info = await dynadot.getInfo('manage.com');
    expect(info).toMatchObject({ nameservers: ['a.ns.example', 'b.ns.example', 'c.ns.example'], autoRenew: false, locked: false, privacy: false });
    expect(info.contacts).toEqual({ registrant: tech, admin: tech, tech, billing: tech });
  });

  it('answers the transfer code without unlocking the domain', async () => {
    const seeded = fake.seedDomain('leave.com', { authCode: 'Zx9-007' });
    expect(await dynadot.getTransferCode('leave.com')).toBe('Zx9-007');
    expect(sent('get_transfer_auth_code')).toEqual([{ key: DYNADOT_FAKE_KEY, command: 'get_transfer_auth_code', domain: 'leave.com' }]);
    expect(seeded.locked).toBe(true);
  });

  it('lists every domain of the account, paging through list_domain', async () => {
    for (let i = 0; i < 230; i++) fake.seedDomain(`owned-${i}.com`, { renewOption: i % 2 ? 'auto' : 'donot' });
    const owned = await dynadot.listDomains();
    expect(sent('list_domain').map((p) => [p.count_per_page, p.page_index])).toEqual([['100', '0'], ['100', '1'], ['100', '2']]);
    expect(owned).toHaveLength(230);
    expect(owned[1]).toEqual({ domain: 'owned-1.com', expiresAt: new Date(fake.domains.get('owned-1.com')!.expiresMs).toISOString(), autoRenew: true });
  });

  it('stops paging when the API ignores paging and answers the same list again', async () => {
    for (let i = 0; i < 100; i++) fake.seedDomain(`flat-${i}.com`);
    fake.http.override({ body: JSON.stringify({ ListDomainInfoResponse: { ResponseCode: '0', Status: 'success', MainDomains: [...fake.domains.keys()].map((Name) => ({ Name })) } }) });
    fake.http.override({ body: JSON.stringify({ ListDomainInfoResponse: { ResponseCode: 0, Status: 'success', MainDomains: [...fake.domains.keys()].map((Name) => ({ Name })) } }) });
    expect(await dynadot.listDomains()).toHaveLength(100);
    expect(sent('list_domain')).toHaveLength(2);
  });

  it('the fake, like Dynadot, reads parameter and command names in any case', async () => {
    fake.seedDomain('mixed-case.com');
    const answer = await fetch(`${fake.url}?KEY=${DYNADOT_FAKE_KEY}&Command=DOMAIN_INFO&Domain=mixed-case.com`).then((r) => r.json());
    expect(answer).toMatchObject({ DomainInfoResponse: { Status: 'success', DomainInfo: { Name: 'mixed-case.com' } } });
  });

  it('tests the connection step by step', async () => {
    const test = await dynadot.testConnection();
    expect(test.ok).toBe(true);
    expect(sent('account_info')).toEqual([{ key: DYNADOT_FAKE_KEY, command: 'account_info' }]);
    expect(test.log[0]).toMatch(/^Calling Dynadot api3 at 127\.0\.0\.1:\d+ \(account_info\)\.$/);
    expect(test.log.slice(1)).toEqual([
      expect.stringMatching(/^The API key was accepted for the account portal-reseller; balance \$[\d.]+\.$/),
      'Checking availability of one name (search).',
      'The search answered: example.com is available.',
    ]);
  });
});
