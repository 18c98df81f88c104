import { type FakeAnswer, type FakeHttpServer, type FakeRequest, startFakeHttpServer } from '../fakeHttpServer.ts';
import { createRateGuard, type FakeRateLimit, type RateGuard } from './rateLimits.fake.ts';

/**
 * A local Namecheap XML API (reference §1): one path, `/xml.response`; commands and parameter names
 * matched case-insensitively as the live API does; the real envelope, with business errors inside
 * HTTP 200 answers; its own credential check. It keeps what it registers, so a registered name is
 * no longer available, and tests can seed domains, make names premium or taken, and set the balance.
 */

export const namecheapFakeCredentials = { apiUser: 'fakeuser', apiKey: 'fake-api-key-0123456789abcdef', clientIp: '203.0.113.7' };

const roles = ['Registrant', 'Tech', 'Admin', 'AuxBilling'] as const;
type Role = typeof roles[number];
const contactFields = ['OrganizationName', 'JobTitle', 'FirstName', 'LastName', 'Address1', 'Address2', 'City', 'StateProvince',
  'StateProvinceChoice', 'PostalCode', 'Country', 'Phone', 'PhoneExt', 'Fax', 'EmailAddress'] as const;
const requiredFields = ['FirstName', 'LastName', 'Address1', 'City', 'StateProvince', 'PostalCode', 'Country', 'Phone', 'EmailAddress'];
export type FakeContact = Partial<Record<typeof contactFields[number], string>>;

export interface FakeNamecheapDomain {
  name: string;
  id: number;
  created: Date;
  expires: Date;
  /** Empty: Namecheap's own DNS. */
  nameservers: string[];
  contacts: Record<Role, FakeContact>;
  autoRenew: boolean;
  locked: boolean;
  /** 0: no WhoisGuard subscription ('NotAlloted'). */
  whoisguardId: number;
  privacy: boolean;
  /** getInfo's Status; 'Expired' is shown anyway once `expires` is past. */
  status: string;
}

/** The error number the fake answers above a rate limit (portfolio sync). */
export const NAMECHEAP_RATE_LIMIT_ERROR = '1017429';

export const namecheapDefaultNameservers = ['dns1.registrar-servers.com', 'dns2.registrar-servers.com'];

/** Dollars per year: register, renew, transfer. */
const pricing: Record<string, [string, string, string]> = {
  com: ['10.98', '14.98', '10.98'],
  net: ['12.98', '14.98', '12.98'],
  org: ['9.98', '15.98', '10.98'],
  'co.uk': ['8.98', '8.98', '0'],
  us: ['7.98', '9.98', '8.98'],
};
// --- TLD sync bench (issue 19): a price list as long as a real registrar's ---
/**
 * Adds TLDs to the price list the Namecheap fakes of this process serve (dollars per year:
 * register, renew, transfer). The list is the module's, so only the TLD sync bench calls this:
 * tests keep the five above.
 */
export function addNamecheapFakeTlds(prices: Record<string, [string, string, string]>): void {
  Object.assign(pricing, prices);
}
// --- end TLD sync bench ---
// --- Issue 18, prices and registry requirements (kept apart from the failure modes) ---
/** The ICANN fee per year, which Namecheap lists as each row's AdditionalCost and charges on top of Price. */
const icannFee: Record<string, number> = { com: 0.18, net: 0.18, org: 0.18 };
/**
 * The per-year price of an N-year term, as the review's fixture reads a Duration row (Duration 2
 * at 10.88 a year): the first year at the register price, the others at the renew price.
 */
function perYearOf(tld: string, action: 'register' | 'renew' | 'transfer', years: number): number {
  const [register, renew, transfer] = pricing[tld].map(Number);
  if (action === 'transfer') return transfer;
  if (action === 'renew') return renew;
  return Math.round(((register + (years - 1) * renew) / years) * 100) / 100;
}
/** What Namecheap charges for a term, fee included (the create and renew answers' ChargedAmount). */
export function namecheapFakeCharge(tld: string, action: 'register' | 'renew', years: number): number {
  return Math.round((perYearOf(tld, action, years) + (icannFee[tld] ?? 0)) * years * 100) / 100;
}
/** TLDs whose registry wants extended attributes (US nexus): create refuses them without, as Namecheap does (2011322). */
const needsExtendedAttributes: Record<string, string[]> = { us: ['RegistrantNexus', 'RegistrantPurpose'] };
// --- end of issue 18 block ---

/** TLDs whose registry allows no privacy service. */
const noPrivacy = new Set(['us']);

export const sampleFakeContact: FakeContact = {
  FirstName: 'Ada', LastName: 'Lovelace', OrganizationName: 'Analytical Engines', Address1: '12 Engine Row', City: 'London',
  StateProvince: 'London', PostalCode: 'N1 9GU', Country: 'GB', Phone: '+44.2071234567', EmailAddress: 'ada@example.org',
};

export interface NamecheapFake {
  /** The API endpoint to configure (NAMECHEAP_API_URL). */
  url: string;
  http: FakeHttpServer;
  domains: Map<string, FakeNamecheapDomain>;
  /** The parameters of every request for this command (as sent, names unchanged). */
  sent(command: string): Record<string, string>[];
  seedDomain(name: string, fields?: Partial<Omit<FakeNamecheapDomain, 'name' | 'id'>>): FakeNamecheapDomain;
  /** Registered elsewhere: not available, and not in this account. */
  makeTaken(name: string): void;
  makePremium(name: string, registrationPriceUsd: string): void;
  setBalance(usd: number): void;
  /** The next answer is this error envelope (HTTP 200), whatever was asked. */
  answerNextWithError(number: string, text: string): void;
  // Unclear outcomes (issue 18): answers that leave it open whether the registrar acted.
  /** The next domains.create is carried out, then answered with this error envelope (HTTP 200). */
  createThenAnswerError(number: string, text: string): void;
  /** The next `times` status checks (domains.getInfo) fail with HTTP 502 while the domain exists. */
  failStatusChecks(times: number): void;
  /** This name's TLD is not real-time: create accepts the order (NonRealTimeDomain) and getInfo does not find it until `completePending`. */
  makeNonRealTime(name: string): void;
  completePending(name: string): void;
  // Portfolio sync (issue 18): the published limits, when the test gives them.
  rateLimit: RateGuard;
  close(): Promise<void>;
}

const xml = (value: string | number) => String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const pad = (n: number) => String(n).padStart(2, '0');
const usDate = (d: Date) => `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
function usDateTime(d: Date): string {
  const h = d.getUTCHours();
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()} ${h % 12 || 12}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'}`;
}
const addYears = (d: Date, years: number) => {
  const next = new Date(d);
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
};

export function namecheapEnvelope(command: string, inner: string, errors: string[][] = []): string {
  const status = errors.length > 0 ? 'ERROR' : 'OK';
  return `<?xml version="1.0" encoding="utf-8"?>
<ApiResponse Status="${status}" xmlns="http://api.namecheap.com/xml.response">
  <Errors>${errors.map(([number, text]) => `<Error Number="${number}">${xml(text)}</Error>`).join('')}</Errors>
  <Warnings />
  <RequestedCommand>${xml(command)}</RequestedCommand>
  ${errors.length > 0 ? '<CommandResponse />' : `<CommandResponse Type="${xml(command)}">${inner}</CommandResponse>`}
  <Server>FAKE-API01</Server>
  <GMTTimeDifference>--5:00</GMTTimeDifference>
  <ExecutionTime>0.012</ExecutionTime>
</ApiResponse>`;
}

class Refusal extends Error {
  constructor(readonly number: string, message: string) { super(message); }
}
const refuse = (number: string, message: string): never => { throw new Refusal(number, message); };
const isYes = (value: string | undefined) => ['yes', 'true', '1'].includes((value ?? '').toLowerCase());

export async function startNamecheapFake(credentials = namecheapFakeCredentials, options: { rateLimit?: FakeRateLimit } = {}): Promise<NamecheapFake> {
  // --- portfolio sync (issue 18): rate limits and a bulk list fast at 100,000 domains ---
  const rateLimit = createRateGuard(options.rateLimit);
  let sortedCache: { size: number; list: FakeNamecheapDomain[] } | null = null;
  // --- end portfolio sync ---
  const domains = new Map<string, FakeNamecheapDomain>();
  const taken = new Set<string>();
  const premium = new Map<string, string>();
  let balance = 1000;
  let nextId = 550001;
  let nextWhoisguardId = 880001;
  const nonRealTime = new Set<string>();
  const pendingOrders = new Map<string, FakeNamecheapDomain>();

  const tldOf = (name: string) => name.slice(name.indexOf('.') + 1);
  function seed(name: string, fields: Partial<Omit<FakeNamecheapDomain, 'name' | 'id'>> = {}): FakeNamecheapDomain {
    const key = name.toLowerCase();
    const created = fields.created ?? new Date(Date.UTC(2025, 2, 14));
    const privacyAllowed = !noPrivacy.has(tldOf(key));
    const domain: FakeNamecheapDomain = {
      name: key, id: nextId++, created, expires: addYears(created, 1), nameservers: [],
      contacts: { Registrant: sampleFakeContact, Tech: sampleFakeContact, Admin: sampleFakeContact, AuxBilling: sampleFakeContact },
      autoRenew: false, locked: true, whoisguardId: privacyAllowed ? nextWhoisguardId++ : 0, privacy: false, status: 'Ok',
      ...fields,
    };
    domains.set(key, domain);
    return domain;
  }

  function owned(p: Record<string, string>, name = p.domainname): FakeNamecheapDomain {
    const key = (name ?? '').toLowerCase();
    if (!key.includes('.')) refuse('2030166', 'Domain name is invalid');
    const domain = domains.get(key);
    if (!domain) return taken.has(key) ? refuse('2016166', 'Domain is not associated with your account') : refuse('2019166', 'Domain not found');
    return domain;
  }

  function contactsFrom(p: Record<string, string>): Record<Role, FakeContact> {
    const contacts = {} as Record<Role, FakeContact>;
    for (const role of roles) {
      const contact: FakeContact = {};
      for (const field of contactFields) {
        const value = p[`${role}${field}`.toLowerCase()];
        if (value) contact[field] = value;
      }
      const missing = requiredFields.find((field) => !contact[field as keyof FakeContact]);
      if (missing) refuse('2010323', `${role}${missing} is missing`);
      if (!/^\+\d{1,3}\.\d{4,14}$/.test(contact.Phone ?? '')) refuse('2015182', `${role}Phone is invalid. The phone number format is +NNN.NNNNNNNNNN`);
      contacts[role] = contact;
    }
    return contacts;
  }

  function nameserversFrom(value: string | undefined): string[] {
    const list = (value ?? '').split(',').map((ns) => ns.trim().toLowerCase()).filter(Boolean);
    for (const ns of list) if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(ns)) refuse('2011168', `Nameserver ${ns} is invalid`);
    return list;
  }

  /** A non-real-time order: paid and not available to anyone, but not in the account until the registry completes it. */
  function holdPending(domain: FakeNamecheapDomain): boolean {
    if (!nonRealTime.has(domain.name)) return false;
    domains.delete(domain.name);
    taken.add(domain.name);
    pendingOrders.set(domain.name, domain);
    return true;
  }

  const nowStatus = (d: FakeNamecheapDomain) => d.expires.getTime() < Date.now() ? 'Expired' : d.status;
  const contactXml = (role: string, c: FakeContact) =>
    `<${role} ReadOnly="false">${contactFields.map((f) => `<${f}>${xml(c[f] ?? '')}</${f}>`).join('')}</${role}>`;
  const domainRow = (d: FakeNamecheapDomain) =>
    `<Domain ID="${d.id}" Name="${xml(d.name)}" User="${credentials.apiUser}" Created="${usDate(d.created)}" Expires="${usDate(d.expires)}" IsExpired="${nowStatus(d) === 'Expired'}" IsLocked="${d.locked}" AutoRenew="${d.autoRenew}" WhoisGuard="${d.whoisguardId ? (d.privacy ? 'ENABLED' : 'DISABLED') : 'NOTPRESENT'}" IsPremium="false" IsOurDNS="${d.nameservers.length === 0}"/>`;

  const commands: Record<string, (p: Record<string, string>) => string> = {
    'namecheap.domains.check': (p) => {
      const names = (p.domainlist ?? '').split(',').map((n) => n.trim()).filter(Boolean);
      if (names.length === 0) refuse('2010324', 'DomainList is missing');
      if (names.length > 50) refuse('2011169', 'Only 50 domains are allowed in a single check command');
      return names.map((name) => {
        const key = name.toLowerCase();
        if (!key.includes('.') || !pricing[tldOf(key)]) {
          return `<DomainCheckResult Domain="${xml(name)}" Available="false" ErrorNo="2030280" Description="TLD is not supported" IsPremiumName="false" PremiumRegistrationPrice="0" PremiumRenewalPrice="0" PremiumRestorePrice="0" PremiumTransferPrice="0" IcannFee="0" EapFee="0"/>`;
        }
        const price = premium.get(key);
        const available = !domains.has(key) && !taken.has(key);
        return `<DomainCheckResult Domain="${xml(name)}" Available="${available}" ErrorNo="0" Description="" IsPremiumName="${price ? 'true' : 'false'}" PremiumRegistrationPrice="${price ?? '0'}" PremiumRenewalPrice="${price ?? '0'}" PremiumRestorePrice="0" PremiumTransferPrice="${price ?? '0'}" IcannFee="0" EapFee="0.0"/>`;
      }).join('');
    },
    'namecheap.domains.create': (p) => {
      const name = (p.domainname ?? '').toLowerCase();
      const tld = tldOf(name);
      if (!name.includes('.') || !pricing[tld]) refuse('2030280', 'TLD is not supported in API');
      const years = Number(p.years);
      if (!Number.isInteger(years) || years < 1 || years > 10) refuse('2015167', 'Years is invalid, should be between 1 and 10');
      const contacts = contactsFrom(p);
      const nameservers = nameserversFrom(p.nameservers);
      if (isYes(p.wgenabled) && !isYes(p.addfreewhoisguard)) refuse('2033407', 'Cannot enable Whoisguard when AddFreeWhoisguard is not set');
      if (domains.has(name) || taken.has(name)) refuse('3019166', `Domain not available: ${name}`);
      if (premium.has(name) && !isYes(p.ispremiumdomain)) refuse('2011166', 'This is a premium domain: IsPremiumDomain and PremiumPrice are required');
      const missing = (needsExtendedAttributes[tld] ?? []).filter((attribute) => !p[attribute.toLowerCase()]);
      if (missing.length > 0) refuse('2011322', `Extended attributes are invalid: ${missing.join(', ')} required for .${tld}`);
      const charged = premium.get(name) ? Number(premium.get(name)) : namecheapFakeCharge(tld, 'register', years);
      if (charged > balance) refuse('2528166', 'Order creation failed: insufficient funds in the account balance');
      balance -= charged;
      const created = new Date();
      const privacyAllowed = !noPrivacy.has(tld);
      const domain = seed(name, {
        created, expires: addYears(created, years), nameservers, contacts, locked: false,
        whoisguardId: privacyAllowed && isYes(p.addfreewhoisguard) ? nextWhoisguardId++ : 0,
        privacy: privacyAllowed && isYes(p.addfreewhoisguard) && isYes(p.wgenabled),
      });
      const pending = holdPending(domain);
      return `<DomainCreateResult Domain="${xml(name)}" Registered="true" ChargedAmount="${charged.toFixed(4)}" DomainID="${domain.id}" OrderID="${7780000 + domain.id}" TransactionID="${9910000 + domain.id}" WhoisguardEnable="${domain.privacy}" FreePositiveSSL="false" NonRealTimeDomain="${pending}"/>`;
    },
    'namecheap.domains.getinfo': (p) => {
      const d = owned(p);
      const whoisguard = d.whoisguardId
        ? `<Whoisguard Enabled="${d.privacy ? 'True' : 'False'}"><ID>${d.whoisguardId}</ID><ExpiredDate>${usDate(d.expires)}</ExpiredDate><EmailDetails WhoisGuardEmail="x@whoisguard.example" ForwardedTo="${xml(d.contacts.Registrant.EmailAddress ?? '')}"/></Whoisguard>`
        : '<Whoisguard Enabled="NotAlloted"><ID>0</ID></Whoisguard>';
      const ns = d.nameservers.length > 0 ? d.nameservers : namecheapDefaultNameservers;
      return `<DomainGetInfoResult Status="${nowStatus(d)}" ID="${d.id}" DomainName="${xml(d.name)}" OwnerName="${credentials.apiUser}" IsOwner="true" IsPremium="false">
        <DomainDetails><CreatedDate>${usDate(d.created)}</CreatedDate><ExpiredDate>${usDate(d.expires)}</ExpiredDate><NumYears>0</NumYears></DomainDetails>
        <LockDetails/>${whoisguard}<PremiumDnsSubscription><IsActive>false</IsActive></PremiumDnsSubscription>
        <DnsDetails ProviderType="${d.nameservers.length > 0 ? 'CUSTOM' : 'FREE'}" IsUsingOurDNS="${d.nameservers.length === 0}" HostCount="0" EmailType="FWD" DynamicDNSStatus="false" IsFailover="false">${ns.map((n) => `<Nameserver>${xml(n)}</Nameserver>`).join('')}</DnsDetails>
        <Modificationrights All="true"/></DomainGetInfoResult>`;
    },
    'namecheap.domains.getcontacts': (p) => {
      const d = owned(p);
      return `<DomainContactsResult Domain="${xml(d.name)}" domainnameid="${d.id}">${roles.map((r) => contactXml(r, d.contacts[r])).join('')}${contactXml('WhoisGuardContact', { FirstName: 'Withheld', LastName: 'for Privacy', EmailAddress: 'x@whoisguard.example' })}</DomainContactsResult>`;
    },
    'namecheap.domains.setcontacts': (p) => {
      const d = owned(p);
      d.contacts = contactsFrom(p);
      return `<DomainSetContactResult Domain="${xml(d.name)}" IsSuccess="true"/>`;
    },
    'namecheap.domains.getlist': (p) => {
      const term = (p.searchterm ?? '').toLowerCase();
      const size = Math.min(100, Math.max(10, Number(p.pagesize) || 20));
      const page = Math.max(1, Number(p.page) || 1);
      // portfolio sync: sorted once per size of the account, not on every page.
      if (sortedCache?.size !== domains.size) sortedCache = { size: domains.size, list: [...domains.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)) };
      const all = term ? sortedCache.list.filter((d) => d.name.includes(term)) : sortedCache.list;
      return `<DomainGetListResult>${all.slice((page - 1) * size, page * size).map(domainRow).join('')}</DomainGetListResult>
        <Paging><TotalItems>${all.length}</TotalItems><CurrentPage>${page}</CurrentPage><PageSize>${size}</PageSize></Paging>`;
    },
    'namecheap.domains.renew': (p) => {
      const d = owned(p);
      const years = Number(p.years);
      if (!Number.isInteger(years) || years < 1 || years > 10) refuse('2015167', 'Years is invalid');
      const charged = namecheapFakeCharge(tldOf(d.name), 'renew', years);
      if (charged > balance) refuse('2528166', 'Order creation failed: insufficient funds in the account balance');
      balance -= charged;
      d.expires = addYears(d.expires, years);
      return `<DomainRenewResult DomainName="${xml(d.name)}" DomainID="${d.id}" Renew="true" OrderID="${8880000 + d.id}" TransactionID="${9990000 + d.id}" ChargedAmount="${charged.toFixed(4)}">
        <DomainDetails><ExpiredDate>${usDateTime(d.expires)}</ExpiredDate><NumYears>0</NumYears></DomainDetails></DomainRenewResult>`;
    },
    'namecheap.domains.dns.setcustom': (p) => {
      const d = owned(p, `${p.sld ?? ''}.${p.tld ?? ''}`);
      const list = nameserversFrom(p.nameservers);
      if (list.length === 0) refuse('2010324', 'Nameservers are missing');
      d.nameservers = list;
      return `<DomainDNSSetCustomResult Domain="${xml(d.name)}" Updated="true"/>`;
    },
    'namecheap.domains.dns.setdefault': (p) => {
      const d = owned(p, `${p.sld ?? ''}.${p.tld ?? ''}`);
      d.nameservers = [];
      return `<DomainDNSSetDefaultResult Domain="${xml(d.name)}" Updated="true"/>`;
    },
    'namecheap.domains.setregistrarlock': (p) => {
      const d = owned(p);
      const action = (p.lockaction ?? 'LOCK').toUpperCase();
      if (action !== 'LOCK' && action !== 'UNLOCK') refuse('2015277', 'LockAction is invalid');
      d.locked = action === 'LOCK';
      return `<DomainSetRegistrarLockResult Domain="${xml(d.name)}" IsSuccess="true"/>`;
    },
    'namecheap.whoisguard.enable': (p) => {
      const d = [...domains.values()].find((candidate) => candidate.whoisguardId && String(candidate.whoisguardId) === p.whoisguardid);
      if (!d) return refuse('2019166', 'Whoisguard not found');
      if (!p.forwardedtoemail) refuse('2010324', 'ForwardedToEmail is missing');
      d.privacy = true;
      return `<WhoisguardEnableResult DomainName="${xml(d.name)}" IsSuccess="true"/>`;
    },
    'namecheap.whoisguard.disable': (p) => {
      const d = [...domains.values()].find((candidate) => candidate.whoisguardId && String(candidate.whoisguardId) === p.whoisguardid);
      if (!d) return refuse('2019166', 'Whoisguard not found');
      d.privacy = false;
      return `<WhoisguardDisableResult DomainName="${xml(d.name)}" IsSuccess="true"/>`;
    },
    'namecheap.users.getbalances': () =>
      `<UserGetBalancesResult Currency="USD" AvailableBalance="${balance.toFixed(2)}" AccountBalance="${balance.toFixed(2)}" EarnedAmount="0.00" WithdrawableAmount="0.00" FundsRequiredForAutoRenew="0.00"/>`,
    'namecheap.users.getpricing': (p) => {
      if (!p.producttype) refuse('2010324', 'ProductType is missing');
      // Live answers name the type and actions in lower case; .org's register row has an empty Price (YourPrice holds it).
      const categories = (['register', 'renew', 'transfer'] as const).map((action, column) =>
        `<ProductCategory Name="${action}">${Object.entries(pricing).map(([tld, prices]) => {
          const price = prices[column];
          const fee = (icannFee[tld] ?? 0).toFixed(2);
          // Duration 1..10, each row the per-year price of that term with the per-year ICANN fee beside it.
          const row = (years: number) => {
            const amount = perYearOf(tld, action, years).toFixed(2);
            const shown = tld === 'org' && action === 'register' ? '' : amount;
            return `<Price Duration="${years}" DurationType="YEAR" Price="${shown}" AdditionalCost="${fee}" PricingType="MULTIPLE" RegularPrice="${amount}" RegularAdditionalCost="${fee}" YourPrice="${amount}" YourAdditionalCost="${fee}" CouponPrice="" Currency="USD"/>`;
          };
          const durations = action === 'transfer' ? [1] : Array.from({ length: 10 }, (_, i) => i + 1);
          return `<Product Name="${tld}">${Number(price) > 0 ? durations.map(row).join('') : ''}</Product>`;
        }).join('')}</ProductCategory>`).join('');
      return `<UserGetPricingResult><ProductType Name="domains">${categories}</ProductType></UserGetPricingResult>`;
    },
  };

  function handle(request: FakeRequest): FakeAnswer {
    if (request.path.toLowerCase() !== '/xml.response') return { status: 404, contentType: 'text/html', body: '<html><body>Not found</body></html>' };
    const p = Object.fromEntries(Object.entries(request.params).map(([k, v]) => [k.toLowerCase(), v]));
    const command = (p.command ?? '').toLowerCase();
    try {
      if (!p.apiuser) refuse('1010101', 'Parameter APIUser is missing');
      if (!p.apikey) refuse('1010102', 'Parameter APIKey is missing');
      if (!p.clientip) refuse('1010105', 'Parameter ClientIp is missing');
      if (p.apiuser !== credentials.apiUser || p.apikey !== credentials.apiKey) refuse('1011102', 'API Key is invalid or API access has not been enabled');
      if (p.clientip !== credentials.clientIp) refuse('1011150', `Invalid request IP: ${p.clientip}`);
      if ((p.username ?? p.apiuser) !== credentials.apiUser) refuse('1016103', 'UserName is unauthorized');
      // portfolio sync: above a published limit, an ERROR envelope inside HTTP 200 (⚠ the live number is not documented).
      if (!rateLimit.admit()) return { body: namecheapEnvelope(p.command ?? command, '', [[NAMECHEAP_RATE_LIMIT_ERROR, 'Too many requests']]) };
      const run = commands[command];
      if (!run) return { body: namecheapEnvelope(p.command ?? '', '', [['1010104', `Parameter Command is invalid: ${p.command ?? ''}`]]) };
      return { body: namecheapEnvelope(p.command ?? command, run(p)) };
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return { body: namecheapEnvelope(p.command ?? command, '', [[error.number, error.message]]) };
    }
  }

  const http = await startFakeHttpServer(handle);
  return {
    url: `${http.url}/xml.response`,
    http,
    domains,
    sent: (command) => http.requests
      .filter((r) => Object.entries(r.params).some(([k, v]) => k.toLowerCase() === 'command' && v.toLowerCase() === command.toLowerCase()))
      .map((r) => r.params),
    seedDomain: seed,
    makeTaken: (name) => { taken.add(name.toLowerCase()); },
    makePremium: (name, price) => { premium.set(name.toLowerCase(), price); },
    setBalance: (usd) => { balance = usd; },
    rateLimit,
    answerNextWithError: (number, text) => { http.override({ body: namecheapEnvelope('', '', [[number, text]]) }); },
    createThenAnswerError: (number, text) => {
      http.actThen({ body: namecheapEnvelope('namecheap.domains.create', '', [[number, text]]) }, (r) => commandOf(r) === 'namecheap.domains.create');
    },
    failStatusChecks: (times) => {
      http.overrideWhen((r) => commandOf(r) === 'namecheap.domains.getinfo', { status: 502, contentType: 'text/html', body: '<html><body>Bad gateway</body></html>' }, times);
    },
    makeNonRealTime: (name) => { nonRealTime.add(name.toLowerCase()); },
    completePending: (name) => {
      const domain = pendingOrders.get(name.toLowerCase());
      if (!domain) throw new Error(`no pending order for ${name}`);
      pendingOrders.delete(domain.name);
      taken.delete(domain.name);
      domains.set(domain.name, domain);
    },
    close: () => http.close(),
  };
}

/** The command a request to the fake names, lower case. */
export function commandOf(request: FakeRequest): string {
  return (Object.entries(request.params).find(([k]) => k.toLowerCase() === 'command')?.[1] ?? '').toLowerCase();
}

/** The environment that points the Namecheap adapter at this fake (for `loadConfig`). */
export function namecheapFakeEnv(url: string, credentials = namecheapFakeCredentials): Record<string, string> {
  return {
    DATA_DIR: '/nonexistent-namecheap-test', AUTH_SECRET: 'namecheap-adapter-tests-'.padEnd(40, 'x'), LOG_LEVEL: 'silent',
    NAMECHEAP_API_USER: credentials.apiUser, NAMECHEAP_API_KEY: credentials.apiKey, NAMECHEAP_CLIENT_IP: credentials.clientIp, NAMECHEAP_API_URL: url,
  };
}
