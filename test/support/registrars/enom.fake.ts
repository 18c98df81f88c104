import { createRateGuard, type FakeRateLimit, type RateGuard } from './rateLimits.fake.ts';
import { type FakeAnswer, type FakeHttpServer, type FakeRequest, startFakeHttpServer } from '../fakeHttpServer.ts';

/**
 * A fake Enom reseller API (/interface.asp) speaking Enom's XML: the <interface-response>
 * envelope, business errors as HTTP 200 with ErrCount and <errors><Err1>, RRP codes 210/211 for
 * Check and 200 for Purchase, Extend and ModifyNS. Parameter and command names are read without
 * regard to case, as Enom does. Domains live in memory: a registered name is no longer available.
 */

export const ENOM_CONTACT_TYPES = ['Registrant', 'Admin', 'Tech', 'AuxBilling'] as const;
type ContactType = (typeof ENOM_CONTACT_TYPES)[number];
const CONTACT_FIELDS = ['FirstName', 'LastName', 'OrganizationName', 'JobTitle', 'Address1', 'Address2', 'City', 'StateProvince',
  'StateProvinceChoice', 'PostalCode', 'Country', 'EmailAddress', 'Phone', 'Fax'] as const;
const DEFAULT_NAMESERVERS = ['dns1.name-services.com', 'dns2.name-services.com'];

export interface EnomFakeDomain {
  domain: string;
  expiresAt: Date;
  status: string;
  autoRenew: boolean;
  locked: boolean;
  privacyPurchased: boolean;
  privacyEnabled: boolean;
  nameservers: string[];
  /** Contact fields without their prefix (FirstName, EmailAddress…), per Enom contact type; missing = 'None'. */
  contacts: Partial<Record<ContactType, Record<string, string>>>;
  authInfo: string;
  lastExtendedAt: number | null;
}

export interface EnomFakeTldPrices { register: string; renew: string; transfer: string | null }

// --- Issue 18, prices and registry requirements (kept apart from the failure modes) ---
/** PE_GetProductPrice's Years brackets: a term is priced per year at the largest bracket it reaches. */
export const ENOM_YEAR_BRACKETS = [1, 2, 5, 10];
const bracketOf = (years: number) => [...ENOM_YEAR_BRACKETS].reverse().find((b) => b <= years) ?? 1;
/** Per-year cents of a bracket: a multi-year registration averages the first year and the renewals. */
export function enomFakePerYearCents(prices: EnomFakeTldPrices, action: 'register' | 'renew', years: number): number {
  const register = Math.round(Number(prices.register) * 100);
  const renew = Math.round(Number(prices.renew) * 100);
  const bracket = bracketOf(years);
  if (action === 'renew') return renew;
  return Math.ceil((register + (bracket - 1) * renew) / bracket);
}
/** What Purchase or Extend charges for a term. */
export const enomFakeChargeCents = (prices: EnomFakeTldPrices, action: 'register' | 'renew', years: number) =>
  enomFakePerYearCents(prices, action, years) * years;
/** TLDs whose registry wants extended attributes: Purchase refuses them without, as Enom does. */
const needsExtendedAttributes: Record<string, string[]> = { ca: ['cira_legal_type', 'cira_agreement_version', 'cira_agreement_value'], us: ['us_nexus', 'us_purpose'] };
// --- end of issue 18 block ---

export interface EnomFake {
  url: string;
  server: FakeHttpServer;
  requests: FakeRequest[];
  uid: string;
  pw: string;
  domains: Map<string, EnomFakeDomain>;
  /** A domain already in this account. */
  seedDomain(domain: string, fields?: Partial<EnomFakeDomain>): EnomFakeDomain;
  /** A name registered elsewhere: Check says 211, Purchase refuses it. */
  setTaken(domain: string): void;
  /** A premium name at this price (USD, '1200.00'); Purchase wants CustomerSuppliedPrice for it. */
  setPremium(domain: string, priceUsd: string): void;
  /** The account's available balance in USD. */
  setBalance(usd: number): void;
  // Unclear outcomes (issue 18).
  /** This name's orders are not real-time: Purchase answers RRPCode 1300 (accepted, pending) and GetDomainInfo does not find it until `completePending`. */
  makeNonRealTime(domain: string): void;
  completePending(domain: string): void;
  /** The next `times` status checks (GetDomainInfo) fail with HTTP 503 while the domain exists. */
  failStatusChecks(times: number): void;
  /** Parameters of the last request sent with this command, keys as sent. */
  lastParams(command: string): Record<string, string> | undefined;
  // Portfolio sync (issue 18): the limits the test gives.
  rateLimit: RateGuard;
  close(): Promise<void>;
}

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function fields(values: Record<string, string | number | boolean | null | undefined>): string {
  return Object.entries(values).map(([k, v]) => (v == null || v === '' ? `<${k}/>` : `<${k}>${escapeXml(String(v))}</${k}>`)).join('');
}

/** An Enom answer: the command's own fields, then the envelope fields every answer ends with. */
export function enomEnvelope(command: string, inner: string, errors: string[] = [], responseNumbers: string[] = []): string {
  const errorXml = errors.length ? `<errors>${errors.map((e, i) => `<Err${i + 1}>${escapeXml(e)}</Err${i + 1}>`).join('')}</errors>` : '';
  const responsesXml = responseNumbers.length
    ? `<responses>${responseNumbers.map((n, i) => `<response><ResponseNumber>${n}</ResponseNumber><ResponseString>${escapeXml(errors[i] ?? '')}</ResponseString></response>`).join('')}</responses>`
    : '';
  return `<?xml version="1.0" encoding="utf-8"?>\n<interface-response>${inner}${errorXml}${responsesXml}`
    + `<Command>${command.toUpperCase()}</Command><APIType>API.NET</APIType><Language>eng</Language><ErrCount>${errors.length}</ErrCount>`
    + `<ResponseCount>${responseNumbers.length}</ResponseCount><MinPeriod>1</MinPeriod><MaxPeriod>10</MaxPeriod><Server>FAKE-ENOM</Server>`
    + '<Site>eNom</Site><IsLockable>True</IsLockable><IsRealTimeTLD>True</IsRealTimeTLD><TimeDifference>+0.00</TimeDifference>'
    + '<ExecTime>0.01</ExecTime><Done>true</Done><debug><![CDATA[]]></debug></interface-response>';
}

/** Enom's date format: '1/30/2027 5:23:00 PM' (the fake keeps UTC). */
export function enomDateText(date: Date, withTime = true): string {
  const day = `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`;
  if (!withTime) return day;
  const hours = date.getUTCHours();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day} ${hours % 12 === 0 ? 12 : hours % 12}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} ${hours < 12 ? 'AM' : 'PM'}`;
}

export async function startEnomFake(options: {
  uid?: string; pw?: string; tlds?: Record<string, EnomFakeTldPrices>; balanceUsd?: number; rateLimit?: FakeRateLimit;
  /** False: an account without PE_GetDomainPricing (answers 'Invalid command name'); the adapter asks per TLD instead. */
  domainPricing?: boolean;
} = {}): Promise<EnomFake> {
  // --- portfolio sync (issue 18): rate limits and a bulk list fast at 100,000 domains ---
  const rateLimit = createRateGuard(options.rateLimit);
  let sortedCache: { size: number; list: EnomFakeDomain[] } | null = null;
  // --- end portfolio sync ---
  const uid = options.uid ?? 'fake-reseller';
  const pw = options.pw ?? 'fake-api-token-7f3a9c';
  const tlds: Record<string, EnomFakeTldPrices> = options.tlds ?? {
    com: { register: '8.95', renew: '9.95', transfer: '8.95' },
    net: { register: '10.50', renew: '11.00', transfer: '10.50' },
    org: { register: '9.99', renew: '10.99', transfer: '9.99' },
    'co.uk': { register: '5.25', renew: '5.25', transfer: null },
  };
  let balanceCents = Math.round((options.balanceUsd ?? 1000) * 100);
  let nextOrderId = 157609741;
  const domains = new Map<string, EnomFakeDomain>();
  const taken = new Set<string>();
  const premium = new Map<string, string>();
  const nonRealTime = new Set<string>();
  const pendingOrders = new Map<string, EnomFakeDomain>();

  const seedDomain = (domain: string, extra: Partial<EnomFakeDomain> = {}): EnomFakeDomain => {
    const record: EnomFakeDomain = {
      domain: domain.toLowerCase(),
      expiresAt: new Date(Date.UTC(2027, 0, 30, 17, 23, 0)),
      status: 'Registered',
      autoRenew: false,
      locked: true,
      privacyPurchased: false,
      privacyEnabled: false,
      nameservers: [...DEFAULT_NAMESERVERS],
      contacts: {},
      authInfo: `EPP-${domain.length}x${domain.replace(/\W/g, '').slice(0, 6)}`,
      lastExtendedAt: null,
      ...extra,
    };
    domains.set(record.domain, record);
    return record;
  };

  const handle = (request: FakeRequest): FakeAnswer => {
    // Enom reads parameter names without regard to case.
    const params = new Map(Object.entries(request.params).map(([k, v]) => [k.toLowerCase(), v]));
    const p = (name: string) => params.get(name.toLowerCase()) ?? '';
    const command = p('command');
    const answer = (inner: string, errors: string[] = [], numbers: string[] = []) => ({ body: enomEnvelope(command, inner, errors, numbers) });
    const fail = (...errors: string[]) => answer('', errors);

    if (!request.path.toLowerCase().endsWith('/interface.asp')) return { status: 404, body: 'Not Found', contentType: 'text/html' };
    if (p('uid') !== uid || p('pw') !== pw) return fail('Bad User name or Password');
    if (p('responsetype').toLowerCase() !== 'xml') return { body: `Command=${command.toUpperCase()}\nErrCount=0\nDone=true\n`, contentType: 'text/plain' };
    // portfolio sync: above our conservative limit, HTTP 429 (Enom publishes neither a limit nor its answer: ⚠).
    if (!rateLimit.admit()) return { status: 429, body: 'Too Many Requests', contentType: 'text/plain' };

    const domainParam = () => (p('sld') && p('tld') ? `${p('sld')}.${p('tld')}` : p('domain') || p('domainname')).toLowerCase();
    const owned = () => domains.get(domainParam());
    const tldOf = (name: string) => name.slice(name.indexOf('.') + 1);
    const charge = (cents: number) => {
      if (cents > balanceCents) return false;
      balanceCents -= cents;
      return true;
    };
    const usd = (cents: number) => (cents / 100).toFixed(2);
    const cents = (price: string) => Math.round(Number(price) * 100);
    const contactsFrom = (types: readonly ContactType[]) => {
      const out: Partial<Record<ContactType, Record<string, string>>> = {};
      for (const type of types) {
        const block = Object.fromEntries(CONTACT_FIELDS.filter((f) => p(`${type}${f}`)).map((f) => [f, p(`${type}${f}`)]));
        if (Object.keys(block).length > 0) out[type] = block;
      }
      return out;
    };
    const missingContactField = (contacts: Partial<Record<ContactType, Record<string, string>>>) => {
      for (const [type, block] of Object.entries(contacts)) {
        for (const required of ['FirstName', 'LastName', 'Address1', 'City', 'Country', 'EmailAddress', 'Phone']) {
          if (!block?.[required]) return `${type}${required} is required`;
        }
        if (!/^\+\d{1,3}\.\d{4,14}$/.test(block?.Phone ?? '')) return `Invalid ${type}Phone; the format is +CountryCode.PhoneNumber`;
      }
      return null;
    };
    const nameserversFrom = (): string[] | string => {
      if (p('usedns').toLowerCase() === 'default') return [...DEFAULT_NAMESERVERS];
      const list = Array.from({ length: 12 }, (_, i) => p(`NS${i + 1}`)).filter(Boolean).map((n) => n.toLowerCase());
      const bad = list.find((n) => !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(n));
      if (bad) return `Nameserver ${bad} could not be registered`;
      return list.length ? list : [...DEFAULT_NAMESERVERS];
    };
    const notFound = () => fail('Domain name not found');
    const availability = (name: string) => {
      if (!tlds[tldOf(name)]) return { code: '541', text: 'Invalid TLD' };
      return taken.has(name) || domains.has(name) || pendingOrders.has(name) ? { code: '211', text: 'Domain not available' } : { code: '210', text: 'Domain available' };
    };

    switch (command.toLowerCase()) {
      case 'check': {
        const list = p('domainlist');
        if (!list) {
          const name = domainParam();
          const a = availability(name);
          const price = premium.get(name);
          return answer(fields({ DomainName: name, ...(price ? { IsPremiumName: 'true', PremiumPrice: price } : {}), RRPCode: a.code, RRPText: a.text }));
        }
        const names = list.split(/[,\n]/).map((n) => n.trim().toLowerCase()).filter(Boolean);
        if (names.length > 30) return fail('A maximum of 30 domain names can be checked at once');
        // Numbered fields with the premium block unnumbered after its name, as Enom's own answers have it.
        const inner = names.map((name, i) => {
          const a = availability(name);
          const price = premium.get(name);
          const premiumXml = price ? `<PremiumName>${fields({ IsPremiumName: 'True', PremiumPrice: price, PremiumAboveThresholdPrice: 'False' })}</PremiumName>` : '';
          return `${fields({ [`Domain${i + 1}`]: name })}${premiumXml}${fields({ [`RRPCode${i + 1}`]: a.code, [`RRPText${i + 1}`]: a.text })}`;
        }).join('');
        return answer(`${inner}${fields({ DomainCount: names.length })}`);
      }
      case 'purchase': {
        const name = domainParam();
        const prices = tlds[tldOf(name)];
        if (!prices) return fail('Invalid TLD');
        const years = Number(p('numyears') || '1');
        if (!Number.isInteger(years) || years < 1 || years > 10) return fail('NumYears must be between 1 and 10');
        if (availability(name).code !== '210') return answer(fields({ RRPCode: '540', RRPText: 'Domain not available' }), ['Domain not available']);
        const premiumPrice = premium.get(name);
        if (premiumPrice && p('customersuppliedprice') !== premiumPrice) return fail('Premium domain requires CustomerSuppliedPrice');
        const contacts = contactsFrom(ENOM_CONTACT_TYPES);
        const contactError = missingContactField(contacts);
        if (contactError) return fail(contactError);
        const nameservers = nameserversFrom();
        if (typeof nameservers === 'string') return fail(nameservers);
        const missingAttributes = (needsExtendedAttributes[tldOf(name)] ?? []).filter((attribute) => !p(attribute));
        if (missingAttributes.length > 0) return fail(`Extended attributes required for .${tldOf(name)}: ${missingAttributes.join(', ')}`);
        const total = premiumPrice ? cents(premiumPrice) : enomFakeChargeCents(prices, 'register', years);
        if (!charge(total)) return fail('Insufficient funds in your account to complete this order', );
        const now = new Date();
        seedDomain(name, {
          expiresAt: new Date(Date.UTC(now.getUTCFullYear() + years, now.getUTCMonth(), now.getUTCDate(), now.getUTCHours(), now.getUTCMinutes(), now.getUTCSeconds())),
          autoRenew: p('renewname') === '1',
          locked: p('unlockregistrar') !== '1',
          nameservers,
          contacts,
        });
        const orderId = String(nextOrderId++);
        if (nonRealTime.has(name)) {
          pendingOrders.set(name, domains.get(name)!);
          domains.delete(name);
          return answer(fields({ OrderID: orderId, TotalCharged: usd(total), RRPCode: '1300', RRPText: 'Command completed successfully; action pending' }));
        }
        return answer(fields({ OrderID: orderId, TotalCharged: usd(total), RegistrantPartyID: '{CF869235-0083-4BB0-99DF-DCEAC6F2294E}', RRPCode: '200', RRPText: `Command completed successfully - ${orderId}` }));
      }
      case 'extend': {
        const domain = owned();
        if (!domain) return notFound();
        const years = Number(p('numyears') || '1');
        if (!Number.isInteger(years) || years < 1 || years > 10) return fail('The number of years cannot exceed 10');
        if (domain.lastExtendedAt !== null && Date.now() - domain.lastExtendedAt < 86_400_000 && p('overrideorder') !== '1') {
          return fail('This domain name was extended within the last 24 hours; send OverrideOrder=1 to extend it again');
        }
        const renewPrices = tlds[tldOf(domain.domain)];
        if (!charge(renewPrices ? enomFakeChargeCents(renewPrices, 'renew', years) : 0)) return fail('Insufficient funds in your account to complete this order');
        domain.expiresAt = new Date(Date.UTC(domain.expiresAt.getUTCFullYear() + years, domain.expiresAt.getUTCMonth(), domain.expiresAt.getUTCDate(),
          domain.expiresAt.getUTCHours(), domain.expiresAt.getUTCMinutes(), domain.expiresAt.getUTCSeconds()));
        domain.lastExtendedAt = Date.now();
        return answer(fields({ Extension: 'successful', DomainName: domain.domain, OrderID: String(nextOrderId++), RRPCode: '200', RRPText: 'Command completed successfully' }));
      }
      case 'getdomaininfo': {
        const domain = owned();
        if (!domain) return notFound();
        const [sld, tld] = [domain.domain.slice(0, domain.domain.indexOf('.')), tldOf(domain.domain)];
        return answer(`<GetDomainInfo><domainname sld="${sld}" tld="${tld}" domainnameid="340724808">${domain.domain}</domainname>`
          + `<status>${fields({ expiration: enomDateText(domain.expiresAt), registrar: 'eNom, Inc.', registrationstatus: domain.status, 'purchase-status': 'Paid' })}`
          + `<belongs-to party-id="{CF869235}">${uid}</belongs-to></status>`
          + `<services><entry name="dnsserver"><enomDNS value="NO" isDotName="NO"/><service changable="1">1006</service><configuration changable="0" type="dns">`
          + domain.nameservers.map((n) => `<dns>${n}</dns>`).join('')
          + '</configuration></entry><entry name="wpps"><service changable="1">1123</service></entry></services></GetDomainInfo>');
      }
      case 'getcontacts': {
        const domain = owned();
        if (!domain) return notFound();
        const block = (type: ContactType | 'Billing') => {
          const contact = type === 'Billing' ? { FirstName: 'Account', LastName: 'Owner', EmailAddress: 'billing@reseller.example', Phone: '+1.5555550000', Address1: '1 Reseller Way', City: 'Seattle', Country: 'US' } : domain.contacts[type];
          if (!contact) return `<${type}>None</${type}>`;
          return `<${type}>${fields({ [`${type}PartyID`]: '{0000}', ...Object.fromEntries(Object.entries(contact).map(([k, v]) => [`${type}${k}`, v])) })}</${type}>`;
        };
        return answer(`<GetContacts><domainname sld="x" tld="y" domainnameid="1"><![CDATA[${domain.domain}]]></domainname>`
          + [...ENOM_CONTACT_TYPES, 'Billing' as const].map(block).join('')
          + fields({ WPPSAllowed: '1', WPPSExists: domain.privacyPurchased ? '1' : '0', WPPSEnabled: domain.privacyEnabled ? '1' : '0', WPPSAutoRenew: 'No' })
          + '</GetContacts>');
      }
      case 'contacts': {
        const domain = owned();
        if (!domain) return notFound();
        const type = ENOM_CONTACT_TYPES.find((t) => t.toLowerCase() === p('contacttype').toLowerCase());
        if (p('contacttype') && !type) return fail('Invalid ContactType');
        const contacts = contactsFrom(type ? [type] : ENOM_CONTACT_TYPES);
        const contactError = missingContactField(contacts);
        if (contactError) return fail(contactError);
        // Without ContactType, blocks not sent are emptied (Enom's documented behaviour).
        domain.contacts = type ? { ...domain.contacts, ...contacts } : contacts;
        return answer(fields({ ConsentStatus: 'PENDING' }));
      }
      case 'getreglock': {
        const domain = owned();
        if (!domain) return notFound();
        return answer(fields({ 'reg-lock': domain.locked ? '1' : '0', registrar: 'E', RRPCode: '200', RRPText: 'Command completed successfully' }));
      }
      case 'setreglock': {
        const domain = owned();
        if (!domain) return notFound();
        domain.locked = p('unlockregistrar') !== '1';
        return answer(fields({ RegistrarLock: domain.locked ? 'ACTIVE' : 'DISABLED', RRPCodeSR: '200', RRPText: 'Command completed successfully' }));
      }
      case 'getrenew': {
        const domain = owned();
        if (!domain) return notFound();
        return answer(fields({ DomainName: domain.domain, RenewName: domain.autoRenew ? '1' : '0' }));
      }
      case 'setrenew': {
        const domain = owned();
        if (!domain) return notFound();
        if (!['0', '1'].includes(p('renewflag'))) return fail('RenewFlag must be 0 or 1');
        domain.autoRenew = p('renewflag') === '1';
        return answer(fields({ RenewName: domain.autoRenew ? 'True' : 'False', Success: 'True' }));
      }
      case 'modifyns': {
        const domain = owned();
        if (!domain) return notFound();
        const nameservers = nameserversFrom();
        if (typeof nameservers === 'string') return fail(nameservers);
        domain.nameservers = nameservers;
        return answer(fields({ 'reg-lock': domain.locked ? '1' : '0', RRPCode: '200', RRPText: 'Command completed successfully' }));
      }
      case 'getdomainauthinfo': {
        const domain = owned();
        if (!domain) return notFound();
        return answer(fields({ AuthInfo: domain.authInfo }));
      }
      case 'getwppsinfo': {
        const domain = owned();
        if (!domain) return notFound();
        return answer(`<GetWPPSInfo>${fields({ WPPSExists: domain.privacyPurchased ? 1 : 0, WPPSEnabled: domain.privacyEnabled ? 1 : 0, WPPSAutoRenew: 'No' })}</GetWPPSInfo>`);
      }
      case 'purchaseservices':
      case 'enableservices':
      case 'disableservices': {
        const domain = owned();
        if (!domain) return notFound();
        if (p('service').toUpperCase() !== 'WPPS') return fail('Invalid Service');
        const which = command.toLowerCase();
        if (which === 'purchaseservices') {
          if (domain.privacyPurchased) return fail('ID Protection is already active for this domain');
          domain.privacyPurchased = true;
          domain.privacyEnabled = true;
          return answer(fields({ OrderID: String(nextOrderId++) }));
        }
        if (!domain.privacyPurchased) return fail(which === 'enableservices' ? 'Unable to activate service for this domain' : 'ID Protect is not purchased for this domain');
        domain.privacyEnabled = which === 'enableservices';
        return answer('');
      }
      case 'getdomains': {
        const display = Math.min(Number(p('display') || '25'), 100);
        const start = Math.max(Number(p('start') || '1'), 1);
        if (sortedCache?.size !== domains.size) sortedCache = { size: domains.size, list: [...domains.values()].sort((a, b) => (a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0)) };
        const all = sortedCache.list;
        const page = all.slice(start - 1, start - 1 + display);
        const more = start - 1 + display < all.length;
        return answer('<GetDomains><domain-list>' + page.map((d, i) => `<domain>${fields({
          DomainNameID: 340724800 + start + i, sld: d.domain.slice(0, d.domain.indexOf('.')), tld: tldOf(d.domain), 'ns-status': 'YES',
          'expiration-date': enomDateText(d.expiresAt, false), 'auto-renew': d.autoRenew ? 'Yes' : 'No', lockstatus: d.locked ? 'Locked' : 'Unlocked', wppsstatus: d.privacyEnabled ? 'Enabled' : 'n/a', RRProcessor: 'E',
        })}</domain>`).join('') + `</domain-list>${fields({ StartPosition: start, EndPosition: start + page.length - 1, NextRecords: more ? start + display : 0, PreviousRecords: Math.max(start - display, 0) })}</GetDomains>`
          + fields({ TotalDomainCount: all.length }));
      }
      case 'getbalance':
        return answer(fields({ Reseller: '1', Balance: usd(balanceCents), AvailableBalance: usd(balanceCents), DomainCount: domains.size }));
      case 'gettldlist':
        return answer(`<tldlist>${Object.keys(tlds).map((t) => `<tld><tld>${t}</tld></tld>`).join('')}<tldcount>${Object.keys(tlds).length}</tldcount></tldlist>`);
      case 'pe_getdomainpricing': {
        // Every TLD at once, per year at the bracket asked: the account's retail price and, beside
        // it, the reseller's (what Enom charges this account), as Enom's own example shows them.
        if (options.domainPricing === false) return fail(`Invalid command name: ${command}`);
        const years = Number(p('years') || '1');
        if (!ENOM_YEAR_BRACKETS.includes(years)) return fail('Years must be 1, 2, 5 or 10');
        const dollars = (cents: number) => (cents / 100).toFixed(2);
        const retail = (cents: number) => dollars(Math.round(cents * 1.4));
        const products = Object.entries(tlds).map(([tld, prices], i) => {
          const register = enomFakePerYearCents(prices, 'register', years);
          const renew = enomFakePerYearCents(prices, 'renew', years);
          const transfer = prices.transfer === null ? null : Math.round(Number(prices.transfer) * 100);
          return `<product>${fields({
            tld, tldid: i, registerprice: retail(register), resellerpricereg: dollars(register), registerenabled: 'True',
            renewprice: retail(renew), resellerpricerenew: dollars(renew), renewenabled: 'True',
            transferprice: transfer === null ? '0' : retail(transfer), resellerpricetran: transfer === null ? '0' : dollars(transfer),
            transferenabled: transfer === null || years !== 1 ? 'False' : 'True',
          })}</product>`;
        });
        return answer(`<DisplayPriceIncrease>0</DisplayPriceIncrease><pricestructure>${products.join('')}<count>${products.length}</count></pricestructure>`);
      }
      case 'pe_getproductprice': {
        const prices = tlds[p('tld').toLowerCase()];
        if (!prices) return fail('Invalid TLD');
        const years = Number(p('years') || '1');
        if (!ENOM_YEAR_BRACKETS.includes(years)) return fail('Years must be 1, 2, 5 or 10');
        const type = p('producttype');
        const perYear = (action: 'register' | 'renew') => (enomFakePerYearCents(prices, action, years) / 100).toFixed(2);
        const price = ({ '10': perYear('register'), '16': perYear('renew'), '19': prices.transfer } as Record<string, string | null | undefined>)[type];
        if (price === undefined || (type === '19' && years !== 1)) return fail('Invalid ProductType');
        return answer(`<productprice>${fields({ price: price ?? '0.00', productenabled: price === null ? 'False' : 'True' })}</productprice>`);
      }
      default:
        return fail(`Invalid command name: ${command}`);
    }
  };

  const server = await startFakeHttpServer(handle);
  const last = (command: string) => [...server.requests].reverse().find((r) => Object.entries(r.params).some(([k, v]) => k.toLowerCase() === 'command' && v.toLowerCase() === command.toLowerCase()));
  return {
    url: `${server.url}/interface.asp`,
    server,
    requests: server.requests,
    uid,
    pw,
    domains,
    seedDomain,
    setTaken: (domain) => { taken.add(domain.toLowerCase()); },
    setPremium: (domain, priceUsd) => { premium.set(domain.toLowerCase(), priceUsd); },
    setBalance: (value) => { balanceCents = Math.round(value * 100); },
    makeNonRealTime: (domain) => { nonRealTime.add(domain.toLowerCase()); },
    completePending: (domain) => {
      const record = pendingOrders.get(domain.toLowerCase());
      if (!record) throw new Error(`no pending order for ${domain}`);
      pendingOrders.delete(record.domain);
      domains.set(record.domain, record);
    },
    failStatusChecks: (times) => {
      server.overrideWhen((r) => Object.entries(r.params).some(([k, v]) => k.toLowerCase() === 'command' && v.toLowerCase() === 'getdomaininfo'),
        { status: 503, contentType: 'text/html', body: '<html><body>Service Unavailable</body></html>' }, times);
    },
    lastParams: (command) => last(command)?.params,
    rateLimit,
    close: () => server.close(),
  };
}

/** A contact the fake accepts, for tests ('+1.5555550100' phones, ISO country). */
export function enomTestContact(firstName: string, email = `${firstName.toLowerCase()}@example.com`) {
  return {
    firstName, lastName: 'Tester', organization: null, email, phone: '+1.5555550100', address1: '1 Main St', address2: null,
    city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US',
  };
}
