import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeRdap, type FakeRedirector, type FakeWhoisServer, rdapDomain, startFakeRdap, startFakeRdapRedirector, startFakeWhoisServer, whoisRecord,
} from '../../../../test/support/registrars/rdap.fake.ts';
import { type DomainLookup, DomainLookupError } from './domainLookup.ts';
import { type RdapClientOptions, createRdapClient } from './rdapClient.ts';
import { waitFor } from '../../../../test/support/waitFor.ts';

const FOUND: DomainLookup = {
  source: 'rdap', registrar: 'Example Registrar LLC', status: ['client transfer prohibited'],
  registeredAt: '2025-03-14T10:00:00.000Z', expiresAt: '2026-03-14T10:00:00.000Z', updatedAt: '2025-06-01T08:30:00.000Z',
  nameservers: ['ns1.example.net', 'ns2.example.net'],
};
const FROM_WHOIS: DomainLookup = {
  ...FOUND, source: 'whois', status: ['client transfer prohibited', 'client update prohibited'],
};

async function failure(promise: Promise<unknown>): Promise<DomainLookupError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(DomainLookupError);
  return error as DomainLookupError;
}

describe('RDAP client with WHOIS fallback', () => {
  let rdap: FakeRdap;
  let whois: FakeWhoisServer;
  let redirector: FakeRedirector;
  beforeAll(async () => {
    rdap = await startFakeRdap();
    whois = await startFakeWhoisServer((query) => (query.startsWith('unknown') ? 'No match for "UNKNOWN".\r\n' : whoisRecord(query)));
    redirector = await startFakeRdapRedirector(rdap.base);
  });
  afterAll(async () => { await Promise.all([rdap.server.close(), whois.close(), redirector.close()]); });
  beforeEach(() => {
    rdap.domains.clear();
    rdap.services = [[['com', 'net', 'co.uk'], [rdap.base]]];
    whois.queries.length = 0;
  });

  const client = (options: Partial<RdapClientOptions> = {}) => createRdapClient({
    bootstrapUrl: rdap.bootstrapUrl, whoisPort: whois.port, whoisHostFor: () => '127.0.0.1', fetchTimeoutMs: 2000, ...options,
  });
  /** A client that has read the bootstrap file, so a forced answer goes to the RDAP query and not to the bootstrap. */
  const warmClient = async (options: Partial<RdapClientOptions> = {}) => {
    const lookups = client(options);
    expect(await lookups.lookup('warm-up.com')).toBeNull();
    return lookups;
  };
  const rdapQueries = () => rdap.server.requests.filter((request) => request.path.startsWith('/rdap/domain/')).map((request) => request.path.slice(13));

  it('maps a registry\'s domain object: dates, status, lower-case nameservers, the registrar\'s name', async () => {
    rdap.domains.set('acme-widgets.com', rdapDomain('acme-widgets.com'));
    expect(await client().lookup('ACME-Widgets.com.')).toEqual(FOUND);
    expect(rdap.server.requests.at(-1)?.path).toBe('/rdap/domain/acme-widgets.com');
    expect(whois.queries).toEqual([]);
  });

  it('reads lenient shapes: registrar expiration, a nested registrar, EPP-style status, members missing', async () => {
    rdap.domains.set('odd.com', rdapDomain('odd.com', {
      status: ['clientHold', 'ok', 'Client Hold'],
      events: [{ eventAction: 'Registrar Expiration', eventDate: '2027-01-01T00:00:00+01:00' }, { eventAction: 'registration', eventDate: 'yesterday' }],
      entities: [{ roles: ['reseller'], entities: [{ roles: ['REGISTRAR'], vcardArray: ['vcard', [['FN', {}, 'text', ' Nested Registrar ']]] }] }],
      nameservers: 'none',
    }));
    expect(await client().lookup('odd.com')).toEqual({
      source: 'rdap', registrar: 'Nested Registrar', status: ['client hold', 'active'],
      registeredAt: null, expiresAt: '2026-12-31T23:00:00.000Z', updatedAt: null, nameservers: [],
    });
  });

  it('a 404 means the registry has no such name: null, without asking WHOIS', async () => {
    expect(await client().lookup('free-name.com')).toBeNull();
    expect(whois.queries).toEqual([]);
  });

  it('picks the longest TLD of the bootstrap file for two-part TLDs', async () => {
    rdap.services = [[['uk'], ['http://127.0.0.1:9/wrong/']], [['co.uk'], [rdap.base]]];
    rdap.domains.set('shop.co.uk', rdapDomain('shop.co.uk'));
    expect((await client().lookup('shop.co.uk'))?.source).toBe('rdap');
  });

  it('follows up to 3 redirects, relative and to another server, asking for RDAP JSON', async () => {
    rdap.domains.set('moved.net', rdapDomain('moved.net'));
    rdap.services = [[['net'], [redirector.baseWith(3)]], [['com'], [redirector.baseWith(4)]]];
    redirector.accepts.length = 0;
    expect(await client().lookup('moved.net')).toEqual(FOUND);
    expect(redirector.accepts).toHaveLength(3);
    expect(redirector.accepts.every((accept) => accept.startsWith('application/rdap+json'))).toBe(true);
    const looped = await failure(client({ whoisHostFor: () => null }).lookup('moved.com'));
    expect(looped).toMatchObject({ kind: 'unavailable', message: 'moved.com could not be looked up: the RDAP server redirected more than 3 times, and no WHOIS server is known for .com.' });
  });

  it('malformed JSON is a failed RDAP server: WHOIS answers instead, or the lookup fails as unavailable', async () => {
    const lookups = await warmClient();
    rdap.server.override({ body: '{"objectClassName":"domain",', contentType: 'application/rdap+json' });
    expect(await lookups.lookup('broken.com')).toEqual(FROM_WHOIS);
    expect(rdapQueries().at(-1)).toBe('broken.com');
    expect(whois.queries).toEqual(['broken.com']);
    const noWhois = await warmClient({ whoisHostFor: () => null });
    rdap.server.override({ body: '<html>oops</html>', contentType: 'text/html' });
    expect(await failure(noWhois.lookup('broken.com'))).toMatchObject({
      kind: 'unavailable', message: 'broken.com could not be looked up: the RDAP server answered malformed JSON, and no WHOIS server is known for .com.',
    });
  });

  it('a slow or failing RDAP server falls back to WHOIS', async () => {
    const lookups = await warmClient({ fetchTimeoutMs: 200 });
    rdap.server.override({ body: '{}', delayMs: 1000 });
    expect(await lookups.lookup('slow.com')).toEqual(FROM_WHOIS);
    rdap.server.override({ body: 'busy', status: 503 });
    expect(await lookups.lookup('down.com')).toEqual(FROM_WHOIS);
    rdap.server.override({ body: '', drop: true });
    expect(await lookups.lookup('dropped.com')).toEqual(FROM_WHOIS);
    expect(rdapQueries().slice(-3)).toEqual(['slow.com', 'down.com', 'dropped.com']);
    expect(whois.queries).toEqual(['slow.com', 'down.com', 'dropped.com']);
    const noWhois = await warmClient({ fetchTimeoutMs: 200, whoisHostFor: () => null });
    rdap.server.override({ body: '{}', delayMs: 1000 });
    expect((await failure(noWhois.lookup('slow.com'))).message).toContain('the RDAP server did not answer in time');
  });

  it('a TLD without RDAP service goes to WHOIS, which can also say the name is not registered', async () => {
    const hosts: string[] = [];
    const lookups = client({ whoisHostFor: (tld) => { hosts.push(tld); return '127.0.0.1'; } });
    expect(await lookups.lookup('acme.io')).toEqual(FROM_WHOIS);
    expect(await lookups.lookup('unknown.io')).toBeNull();
    expect(hosts).toEqual(['io', 'io']);
    expect(rdap.server.requests.filter((r) => r.path.startsWith('/rdap/domain/') && r.path.endsWith('.io'))).toEqual([]);
    expect(await failure(client({ whoisHostFor: () => null }).lookup('acme.io'))).toMatchObject({
      kind: 'unsupported', message: 'acme.io could not be looked up: .io has no RDAP service, and no WHOIS server is known for .io.',
    });
  });

  it('inspect answers the registry\'s own words beside the parsed fields: RDAP\'s JSON, a 404 body, WHOIS\'s text', async () => {
    rdap.domains.set('acme-widgets.com', rdapDomain('acme-widgets.com'));
    const lookups = client();
    const found = await lookups.inspect('ACME-Widgets.com');
    expect(found).toMatchObject({ domain: 'acme-widgets.com', source: 'rdap', lookup: FOUND });
    expect(JSON.parse(found.raw)).toEqual(rdapDomain('acme-widgets.com'));
    const missing = await lookups.inspect('free-name.com');
    expect(missing).toMatchObject({ source: 'rdap', lookup: null });
    expect(JSON.parse(missing.raw)).toMatchObject({ errorCode: 404, description: ['free-name.com is not registered.'] });
    expect(await lookups.inspect('acme.io')).toEqual({ domain: 'acme.io', source: 'whois', lookup: FROM_WHOIS, raw: whoisRecord('acme.io') });
  });

  it('a WHOIS server that drops, stalls or is not there makes the lookup unavailable', async () => {
    const dropping = await startFakeWhoisServer(() => ({ drop: true }));
    const stalling = await startFakeWhoisServer(() => ({ text: whoisRecord('x.io'), delayMs: 1000 }));
    try {
      expect((await failure(client({ whoisPort: dropping.port }).lookup('acme.io'))).kind).toBe('unavailable');
      expect(await failure(client({ whoisPort: stalling.port, fetchTimeoutMs: 100 }).lookup('acme.io'))).toMatchObject({
        kind: 'unavailable', message: expect.stringContaining('127.0.0.1 did not answer in time'),
      });
      expect((await failure(client({ whoisPort: 9 }).lookup('acme.io'))).kind).toBe('unavailable');
    } finally {
      await Promise.all([dropping.close(), stalling.close()]);
    }
  });

  it('fetches the bootstrap file once for many lookups, shared by lookups that start together, and again after a day', async () => {
    rdap.domains.set('one.com', rdapDomain('one.com'));
    let clock = Date.parse('2026-01-01T00:00:00Z');
    const lookups = client({ now: () => clock });
    const before = rdap.bootstrapFetches();
    await Promise.all([lookups.lookup('one.com'), lookups.lookup('two.com'), lookups.lookup('three.net')]);
    await lookups.lookup('four.co.uk');
    expect(rdap.bootstrapFetches() - before).toBe(1);
    clock += 24 * 60 * 60 * 1000;
    await lookups.lookup('one.com');
    expect(rdap.bootstrapFetches() - before).toBe(2);
  });

  it('an unreadable bootstrap file is no RDAP: WHOIS answers, and the next lookup tries the file again', async () => {
    const lookups = client();
    const before = rdap.bootstrapFetches();
    rdap.server.override({ body: 'not json', contentType: 'application/json' });
    expect(await lookups.lookup('acme.com')).toEqual(FROM_WHOIS);
    rdap.domains.set('acme.com', rdapDomain('acme.com'));
    expect(await lookups.lookup('acme.com')).toEqual(FOUND);
    expect(rdap.bootstrapFetches() - before).toBe(2);
    rdap.server.override({ body: '', status: 500 });
    expect(await failure(createRdapClient({ bootstrapUrl: rdap.bootstrapUrl, whoisHostFor: () => null }).lookup('acme.com'))).toMatchObject({
      kind: 'unavailable', message: expect.stringContaining('the RDAP bootstrap file answered HTTP 500'),
    });
  });

  it('an abort ends the lookup as unavailable without falling back to WHOIS', async () => {
    const lookups = await warmClient();
    const controller = new AbortController();
    rdap.server.override({ body: '{}', delayMs: 1000 });
    const asked = rdap.server.requests.length;
    const pending = lookups.lookup('slow.com', { signal: controller.signal });
    await waitFor(() => (rdap.server.requests.length > asked ? true : undefined));
    controller.abort();
    expect(await failure(pending)).toMatchObject({ kind: 'unavailable', message: 'The lookup of slow.com was cancelled.' });
    const aborted = new AbortController();
    aborted.abort();
    const before = rdap.server.requests.length;
    expect((await failure(client().lookup('acme.com', { signal: aborted.signal })))).toMatchObject({ kind: 'unavailable', message: 'The lookup of acme.com was cancelled.' });
    expect(rdap.server.requests.length).toBe(before);
    expect(whois.queries).toEqual([]);
  });

  it('refuses what is not a domain name', async () => {
    for (const input of ['localhost', 'bad_name.com', '-x.com', 'a..com']) expect((await failure(client().lookup(input))).kind).toBe('invalid');
  });
});
