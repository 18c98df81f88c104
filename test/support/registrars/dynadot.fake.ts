import { type FakeAnswer, type FakeHttpServer, type FakeRequest, startFakeHttpServer } from '../fakeHttpServer.ts';
import { createRateGuard, type FakeRateLimit, type RateGuard } from './rateLimits.fake.ts';

/**
 * A local Dynadot api3 (JSON flavour): `/api3.json?key=…&command=…`, parameter and command
 * names case-insensitive, business errors inside HTTP 200, a wrong key answered with the
 * top-level `Response` Dynadot sends, ResponseCode alternating between 0 and "0" (live answers
 * do both), renew in the XML-mirrored Header/Content shape. Registered domains and created
 * contacts are kept in memory; the balance pays for registrations and renewals.
 */
export const DYNADOT_FAKE_KEY = 'dyn-test-key-8f3a91c2';
const DAY_MS = 86_400_000;
const YEAR_MS = 365 * DAY_MS;

export interface FakeDynadotDomain {
  name: string;
  registeredMs: number;
  expiresMs: number;
  nameservers: string[];
  contactIds: [string, string, string, string];
  renewOption: 'auto' | 'donot' | 'reset';
  locked: boolean;
  privacy: 'full' | 'partial' | 'off';
  authCode: string;
  status: string;
}

export interface FakeDynadot {
  /** The api3.json endpoint, for DYNADOT_API_URL. */
  url: string;
  http: FakeHttpServer;
  requests: FakeRequest[];
  domains: Map<string, FakeDynadotDomain>;
  contacts: Map<string, Record<string, string>>;
  balanceCents: number;
  /** USD per year (register, renew, transfer). */
  prices: Map<string, { register: number; renew: number; transfer: number }>;
  // --- Issue 18: account tier and registry requirements ---
  /** A bulk-enabled account takes up to 100 names a search; a regular one (the default) one name per command. */
  bulkAccount: boolean;
  /** The most search commands that were in flight at once (arrived, not yet answered). */
  maxConcurrentSearches: number;
  // --- end of issue 18 block ---
  seedDomain(name: string, fields?: Partial<FakeDynadotDomain>): FakeDynadotDomain;
  makePremium(name: string, priceUsd: number): void;
  makeTaken(name: string): void;
  /** The next answer is Dynadot's transient "busy" refusal. */
  busyNext(): void;
  /** The next call of this command is refused with this Error text (inside HTTP 200, as Dynadot does). */
  failNext(command: string, error: string): void;
  // Unclear outcomes (issue 18).
  /** The next call of this command is carried out, then answered with this instead (a maintenance page, a 4xx, a hang). */
  actThen(command: string, answer: FakeAnswer): void;
  /** The next `times` status checks (domain_info) fail with HTTP 502 while the domain exists. */
  failStatusChecks(times: number): void;
  // Portfolio sync (issue 18): the published limits, when the test gives them.
  rateLimit: RateGuard;
  /** The next `times` calls of this command are refused with this Error text (issue 18: a renew option that will not stick). */
  failNextTimes(command: string, error: string, times: number): void;
  close(): Promise<void>;
}

const commandIs = (command: string) => (request: FakeRequest) =>
  Object.entries(request.params).some(([k, v]) => k.toLowerCase() === 'command' && v.toLowerCase() === command);

type Params = Map<string, string>;

export async function startFakeDynadot(key = DYNADOT_FAKE_KEY, options: { rateLimit?: FakeRateLimit } = {}): Promise<FakeDynadot> {
  // portfolio sync (issue 18)
  const rateLimit = createRateGuard(options.rateLimit);
  const repeatedFailures = new Map<string, { error: string; times: number }>();
  const premium = new Map<string, number>();
  const taken = new Set<string>();
  const failures = new Map<string, string>();
  let answers = 0;
  let nextContact = 1000;
  const answeredSearches = new WeakSet<FakeRequest>();
  /** Issue 18: TLDs whose registry wants registrant details Dynadot takes as extra fields (EU residency). */
  const needsRegistrantFields = new Set(['eu']);
  const code = () => (answers++ % 2 === 0 ? 0 : '0');

  const json = (body: unknown): FakeAnswer => ({ body: JSON.stringify(body), contentType: 'application/json; charset=utf-8' });
  const ok = (response: string, payload: Record<string, unknown> = {}) => json({ [response]: { ResponseCode: code(), Status: 'success', ...payload } });
  const refuse = (response: string, error: string, status = 'error', responseCode: number | string = '-1') =>
    json({ [response]: { ResponseCode: responseCode, Status: status, Error: error } });

  const fake: FakeDynadot = {
    url: '',
    http: undefined as unknown as FakeHttpServer,
    requests: [],
    domains: new Map(),
    contacts: new Map(),
    balanceCents: 1_000_000,
    bulkAccount: false,
    maxConcurrentSearches: 0,
    prices: new Map([
      ['com', { register: 10.99, renew: 12.99, transfer: 10.99 }],
      ['net', { register: 12.49, renew: 14.49, transfer: 12.49 }],
      ['org', { register: 9.99, renew: 11.99, transfer: 9.99 }],
      ['io', { register: 39.0, renew: 45.0, transfer: 39.0 }],
      ['co.uk', { register: 6.5, renew: 6.5, transfer: 0 }],
    ]),
    seedDomain(name, fields = {}) {
      const now = Date.now();
      const domain: FakeDynadotDomain = {
        name, registeredMs: now - YEAR_MS, expiresMs: now + YEAR_MS, nameservers: ['ns1.dyna-ns.net', 'ns2.dyna-ns.net'],
        contactIds: ['0', '0', '0', '0'], renewOption: 'reset', locked: true, privacy: 'full', authCode: `AUTH-${name.length}x${nextContact}`,
        status: 'active', ...fields,
      };
      fake.domains.set(name, domain);
      return domain;
    },
    makePremium: (name, priceUsd) => { premium.set(name, priceUsd); },
    makeTaken: (name) => { taken.add(name); },
    busyNext: () => { fake.http.override(refuse('Response', 'connection to main server is busy, please try again later', 'error')); },
    failNext: (command, error) => { failures.set(command, error); },
    actThen: (command, answer) => fake.http.actThen(answer, commandIs(command.toLowerCase())),
    failStatusChecks: (times) => fake.http.overrideWhen(commandIs('domain_info'), { status: 502, contentType: 'text/html', body: '<html><body>Bad gateway</body></html>' }, times),
    rateLimit,
    failNextTimes: (command, error, times) => { repeatedFailures.set(command, { error, times }); },
    close: () => fake.http.close(),
  };
  // The account's default contact, as every Dynadot account has one.
  fake.contacts.set('0', {
    name: 'Default Owner', email: 'owner@example.net', phonecc: '1', phonenum: '5555550100', address1: '1 Main St',
    city: 'San Mateo', state: 'CA', zip: '94401', country: 'US', organization: '',
  });

  const tldOf = (name: string) => name.slice(name.indexOf('.') + 1);
  const available = (name: string) => !fake.domains.has(name) && !taken.has(name);
  const notMine = (response: string) => refuse(response, 'could not find domain in your account');
  const domainJson = (d: FakeDynadotDomain) => ({
    Name: d.name, Expiration: String(d.expiresMs), Registration: d.registeredMs,
    NameServerSettings: { Type: 'Name Servers', NameServers: [...d.nameservers.map((n, i) => ({ ServerId: String(i), ServerName: n })), { ServerId: '', ServerName: '' }] },
    Whois: { Registrant: { ContactId: d.contactIds[0] }, Admin: { ContactId: d.contactIds[1] }, Technical: { ContactId: d.contactIds[2] }, Billing: { ContactId: d.contactIds[3] } },
    Locked: d.locked ? 'yes' : 'no', Disabled: 'no', UdrpLocked: 'no', Hold: 'no', Privacy: d.privacy,
    RenewOption: { auto: 'auto-renew', donot: 'do not renew', reset: 'no renew option' }[d.renewOption], Note: '',
    Folder: { FolderId: '-1', FolderName: '(no folder)' }, Status: d.status,
  });
  const page = <T>(items: T[], p: Params) => {
    const count = Number(p.get('count_per_page') ?? items.length) || items.length;
    const index = Number(p.get('page_index') ?? 0);
    return items.slice(index * count, index * count + count);
  };
  const contactIdsFrom = (p: Params, fallback: string[]): string[] | null => {
    const ids = ['registrant_contact', 'admin_contact', 'technical_contact', 'billing_contact'].map((k, i) => p.get(k) ?? fallback[i]);
    return ids.every((id) => fake.contacts.has(id)) ? ids : null;
  };

  const commands: Record<string, (p: Params) => FakeAnswer> = {
    search(p) {
      const names = [...p.keys()].filter((k) => /^domain\d+$/.test(k)).sort((a, b) => Number(a.slice(6)) - Number(b.slice(6))).map((k) => p.get(k)!.toLowerCase());
      // Issue 18: arrived minus answered is what was in flight when this one is answered.
      const waiting = fake.http.requests.filter((r) => r.params.command === 'search' && !answeredSearches.has(r));
      fake.maxConcurrentSearches = Math.max(fake.maxConcurrentSearches, waiting.length);
      const current = waiting.find((r) => r.params.domain0 === p.get('domain0'));
      if (current) answeredSearches.add(current);
      if (!fake.bulkAccount && names.length > 1) return refuse('SearchResponse', 'regular account can specify 1 domain per command');
      if (names.length > 100) return refuse('SearchResponse', 'too many domains, at most 100 per search');
      return ok('SearchResponse', {
        SearchResults: names.map((name) => {
          const prices = fake.prices.get(tldOf(name));
          if (!prices) return { DomainName: name, Available: 'error', Error: 'unsupported tld' };
          if (!available(name)) return { DomainName: name, Available: 'no' };
          const price = premium.get(name);
          return price === undefined
            ? { DomainName: name, Available: 'yes', Price: `${prices.register.toFixed(2)} in USD` }
            : { DomainName: name, Available: 'yes', Price: `This is a premium domain. It's price is ${price.toLocaleString('en-US', { minimumFractionDigits: 2 })} in USD` };
        }),
      });
    },
    tld_price(p) {
      const rows = [...fake.prices].map(([tld, price]) => ({
        Tld: `.${tld}`, Price: { Register: price.register.toFixed(2), Renew: price.renew.toFixed(2), Transfer: price.transfer ? price.transfer.toFixed(2) : '', Restore: '80.00' },
      }));
      return ok('TldPriceResponse', { TldPrice: page(rows, p) });
    },
    register(p) {
      const name = (p.get('domain') ?? '').toLowerCase();
      const prices = fake.prices.get(tldOf(name));
      if (!prices) return refuse('RegisterResponse', 'invalid domain name or unsupported tld');
      if (needsRegistrantFields.has(tldOf(name))) return refuse('RegisterResponse', `.${tldOf(name)} requires additional registrant information (eu residency)`);
      if (!available(name)) return refuse('RegisterResponse', '', 'not_available', 1);
      if (premium.has(name) && p.get('premium') !== '1') return refuse('RegisterResponse', 'this domain is a premium domain, please use premium option');
      const ids = contactIdsFrom(p, ['0', '0', '0', '0']);
      if (!ids) return refuse('RegisterResponse', 'invalid contact id');
      const years = Number(p.get('duration') ?? 1);
      const cost = Math.round((premium.get(name) ?? prices.register * years) * 100);
      if (cost > fake.balanceCents) return refuse('RegisterResponse', 'not enough account balance to process this order');
      fake.balanceCents -= cost;
      const d = fake.seedDomain(name, { registeredMs: Date.now(), expiresMs: Date.now() + years * YEAR_MS, contactIds: ids as FakeDynadotDomain['contactIds'], locked: false });
      return ok('RegisterResponse', { DomainName: name, Expiration: d.expiresMs });
    },
    renew(p) {
      const d = fake.domains.get((p.get('domain') ?? '').toLowerCase());
      if (!d) return notMine('RenewResponse');
      if (p.has('year') && p.get('year') !== String(new Date(d.expiresMs).getUTCFullYear())) return refuse('RenewResponse', 'the year does not match the current expiration year of the domain');
      const years = Number(p.get('duration') ?? 1);
      const cost = Math.round(fake.prices.get(tldOf(d.name))!.renew * years * 100);
      if (cost > fake.balanceCents) return refuse('RenewResponse', 'not enough account balance to process this order');
      fake.balanceCents -= cost;
      d.expiresMs += years * YEAR_MS;
      return json({ RenewResponse: { RenewHeader: { SuccessCode: '0', Status: 'success' }, RenewContent: { DomainName: d.name, Expiration: String(d.expiresMs) } } });
    },
    domain_info(p) {
      const d = fake.domains.get((p.get('domain') ?? '').toLowerCase());
      return d ? ok('DomainInfoResponse', { DomainInfo: domainJson(d) }) : notMine('DomainInfoResponse');
    },
    list_domain(p) {
      // portfolio sync: only the page asked is turned into JSON (100,000 domains stay fast).
      return ok('ListDomainInfoResponse', { MainDomains: page([...fake.domains.values()], p).map(domainJson) });
    },
    set_ns(p) {
      const d = fake.domains.get((p.get('domain') ?? '').toLowerCase());
      if (!d) return notMine('SetNsResponse');
      const hosts = Array.from({ length: 13 }, (_, i) => p.get(`ns${i}`)).filter((h): h is string => Boolean(h));
      // A host inside the domain itself needs glue first (register_ns), as Dynadot says live.
      const glueless = hosts.find((h) => h.endsWith(`.${d.name}`));
      if (glueless) return refuse('SetNsResponse', `'${glueless}' needs to be registered with an ip address before it can be used`);
      d.nameservers = hosts;
      return ok('SetNsResponse');
    },
    set_renew_option(p) {
      const d = fake.domains.get((p.get('domain') ?? '').toLowerCase());
      if (!d) return notMine('SetRenewOptionResponse');
      const option = p.get('renew_option');
      if (option !== 'auto' && option !== 'donot' && option !== 'reset') return refuse('SetRenewOptionResponse', 'invalid renew option');
      d.renewOption = option;
      return ok('SetRenewOptionResponse');
    },
    set_privacy(p) {
      const d = fake.domains.get((p.get('domain') ?? '').toLowerCase());
      if (!d) return notMine('SetPrivacyResponse');
      const option = p.get('option');
      if (option !== 'full' && option !== 'partial' && option !== 'off') return refuse('SetPrivacyResponse', 'invalid privacy option');
      d.privacy = option;
      return ok('SetPrivacyResponse');
    },
    lock_domain(p) {
      const d = fake.domains.get((p.get('domain') ?? '').toLowerCase());
      if (!d) return notMine('LockDomainResponse');
      d.locked = true;
      return ok('LockDomainResponse');
    },
    get_transfer_auth_code(p) {
      const d = fake.domains.get((p.get('domain') ?? '').toLowerCase());
      if (!d) return notMine('GetTransferAuthCodeResponse');
      if (p.get('new_code') === '1') d.authCode = `AUTH-${Date.now().toString(36)}`;
      if (p.get('unlock_domain_for_transfer') === '1') d.locked = false;
      return ok('GetTransferAuthCodeResponse', { AuthCode: d.authCode });
    },
    create_contact(p) {
      const missing = ['name', 'email', 'phonecc', 'phonenum', 'address1', 'city', 'zip', 'country'].find((k) => !p.get(k));
      if (missing) return refuse('CreateContactResponse', `missing required parameter: ${missing}`);
      const id = String(nextContact++);
      fake.contacts.set(id, Object.fromEntries([...p].filter(([k]) => k !== 'key' && k !== 'command')));
      return ok('CreateContactResponse', { CreateContactContent: { ContactId: id } });
    },
    get_contact(p) {
      const c = fake.contacts.get(p.get('contact_id') ?? '');
      if (!c) return refuse('GetContactResponse', 'contact not found');
      return ok('GetContactResponse', {
        GetContact: {
          ContactId: p.get('contact_id'), Organization: c.organization ?? '', Name: c.name, Email: c.email, PhoneCc: c.phonecc, PhoneNum: c.phonenum,
          FaxCc: '', FaxNum: '', Address1: c.address1, Address2: c.address2 ?? '', City: c.city, State: c.state ?? '', ZipCode: c.zip, Country: c.country,
        },
      });
    },
    set_whois(p) {
      const d = fake.domains.get((p.get('domain') ?? '').toLowerCase());
      if (!d) return notMine('SetWhoisResponse');
      const ids = contactIdsFrom(p, d.contactIds);
      if (!ids) return refuse('SetWhoisResponse', 'invalid contact id');
      d.contactIds = ids as FakeDynadotDomain['contactIds'];
      return ok('SetWhoisResponse');
    },
    account_info() {
      return ok('AccountInfoResponse', { AccountInfo: { Username: 'portal-reseller', AccountBalance: `$${(fake.balanceCents / 100).toFixed(2)}` } });
    },
  };

  fake.http = await startFakeHttpServer((request) => {
    const params: Params = new Map(Object.entries(request.params).map(([k, v]) => [k.toLowerCase(), v]));
    if (!/\/api3\.json$/i.test(request.path)) return { status: 404, body: 'Not Found', contentType: 'text/plain' };
    if (params.get('key') !== key) return json({ Response: { ResponseCode: '-1', Error: 'invalid key' } });
    // portfolio sync: above the limit, HTTP 429 with Dynadot's error shape (⚠ the live answer is not documented).
    if (!rateLimit.admit()) return { ...json({ Response: { ResponseCode: '-1', Error: 'too many requests, please slow down' } }), status: 429 };
    const command = (params.get('command') ?? '').toLowerCase();
    // issue 18: a refusal repeated a number of times.
    const repeated = repeatedFailures.get(command);
    if (repeated && repeated.times > 0) {
      repeated.times--;
      return refuse(`${command.replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase())}Response`, repeated.error);
    }
    const failure = failures.get(command);
    if (failure !== undefined) {
      failures.delete(command);
      return refuse(`${command.replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase())}Response`, failure);
    }
    const handler = commands[command];
    return handler ? handler(params) : json({ Response: { ResponseCode: '-1', Error: 'invalid command' } });
  });
  fake.url = `${fake.http.url}/api3.json`;
  fake.requests = fake.http.requests;
  return fake;
}

/** The configuration a test's adapter reads: the fake's endpoint and a key (the right one unless told). */
export function dynadotTestEnv(fake: FakeDynadot, key = DYNADOT_FAKE_KEY): NodeJS.ProcessEnv {
  return { DATA_DIR: '/nonexistent-dynadot-test', AUTH_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent', DYNADOT_API_KEY: key, DYNADOT_API_URL: fake.url };
}
