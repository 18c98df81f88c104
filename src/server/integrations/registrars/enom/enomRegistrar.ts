import { type Clock, systemClock } from '../../../clock.ts';
import type { Config } from '../../../config.ts';
import {
  type AvailabilityResult, type CallOptions, type ConnectionTest, type DomainInfo, type OwnedDomain, type Registrar,
  RegistrarError, type TldCost, type YearCosts, splitDomain,
} from '../registrar.ts';
import { availabilityOf, ENOM_CHECK_BATCH, parseCheckEntries } from './enomAvailability.ts';
import { createEnomCall, type EnomCall } from './enomClient.ts';
import { contactsParams, parseContacts } from './enomContacts.ts';
import { parseDomainInfo, parseDomainPage } from './enomDomainAnswers.ts';
import { enomBoolean, enomCents } from './enomValues.ts';
import { child, children, descendant, text, type XmlNode } from './enomXml.ts';
import { mapLimit } from '../mapLimit.ts';

/** Enom takes NS1 … NS12. */
const MAX_NAMESERVERS = 12;
/** GetDomains' largest page. */
const DOMAIN_PAGE = 100;
/** PE_GetProductPrice is one call per TLD and operation: this many at once. */
const PRICE_CONCURRENCY = 6;
const PRODUCT_TYPES = { register: '10', renew: '16', transfer: '19' } as const;
/** Shown when privacy is asked of a domain at Enom that has no ID Protect of its own. */
export const ENOM_PRIVACY_NOT_SOLD = 'Privacy protection is not available for domains registered through Enom: its ID Protect is a paid purchase we do not sell.';
/**
 * PE_GetDomainPricing answers every TLD at once and Enom's own examples show it taking from 3.5 s
 * to 58 s (ExecTime), past the usual 30 s; it only reads, so it may wait this long. The TLD sync's
 * own bound (20 s for an operator, 60 s in the background) still ends it sooner.
 */
const DOMAIN_PRICING_TIMEOUT_MS = 90_000;
/** The multi-year brackets PE_GetProductPrice answers besides one year. */
const YEAR_BRACKETS = [2, 5, 10];

function nameserverParams(nameservers: string[]): Record<string, string> {
  if (nameservers.length > MAX_NAMESERVERS) {
    throw new RegistrarError('invalid', `Enom takes at most ${MAX_NAMESERVERS} nameservers; ${nameservers.length} were given.`, { registrar: 'enom' });
  }
  if (nameservers.length === 0) return { UseDNS: 'default' };
  return Object.fromEntries(nameservers.map((ns, i) => [`NS${i + 1}`, ns.toLowerCase()]));
}

const isRefusal = (error: unknown, ...kinds: string[]) => error instanceof RegistrarError && kinds.includes(error.kind);

interface ProductCosts { register: number | null; renew: number | null; transfer: number | null }

/**
 * PE_GetDomainPricing's products by TLD: the reseller price of each operation (our cost; the
 * retail price beside it is what the account would charge its own customers), null where the
 * operation is disabled or priced at nothing.
 */
function pricedProducts(root: XmlNode): Map<string, ProductCosts> {
  const structure = child(root, 'pricestructure') ?? descendant(root, 'pricestructure');
  const cost = (product: XmlNode, price: string, enabled: string) => {
    if (enomBoolean(text(product, enabled)) === false) return null;
    const cents = enomCents(text(product, price));
    return cents !== null && cents > 0 ? cents : null;
  };
  const products = new Map<string, ProductCosts>();
  for (const product of children(structure, 'product')) {
    const tld = text(product, 'tld')?.replace(/^\./, '').toLowerCase();
    if (!tld) continue;
    products.set(tld, {
      register: cost(product, 'resellerpricereg', 'registerenabled'),
      renew: cost(product, 'resellerpricerenew', 'renewenabled'),
      transfer: cost(product, 'resellerpricetran', 'transferenabled'),
    });
  }
  return products;
}

/** The Enom reseller API as a Registrar; null when ENOM_UID and ENOM_PW are not configured. */
export function createEnomRegistrar(config: Config, clock: Clock = systemClock): Registrar | null {
  if (!config.ENOM_UID || !config.ENOM_PW) return null;
  return enomRegistrar(createEnomCall({ uid: config.ENOM_UID, pw: config.ENOM_PW, url: config.ENOM_API_URL }), config.ENOM_API_URL, clock);
}

function enomRegistrar(call: EnomCall, url: string, clock: Clock): Registrar {
  const sldTld = (domain: string) => {
    const { sld, tld } = splitDomain(domain.toLowerCase(), 'enom');
    return { SLD: sld, TLD: tld };
  };

  const expiryOf = async (domain: string, signal?: AbortSignal) =>
    parseDomainInfo(await call('GetDomainInfo', sldTld(domain), signal), clock.now().getTime()).expiresAt;

  const tldPrice = async (tld: string, productType: string, years: number, signal?: AbortSignal): Promise<number | null> => {
    try {
      const root = await call('PE_GetProductPrice', { ProductType: productType, TLD: tld, Years: String(years) }, signal);
      const price = child(root, 'productprice') ?? root;
      if (enomBoolean(text(price, 'productenabled')) === false) return null;
      return enomCents(text(price, 'price'));
    } catch (error) {
      // A TLD Enom does not sell for this operation is a missing price, not a failed list.
      if (isRefusal(error, 'invalid', 'not_found', 'not_available', 'failed')) return null;
      throw error;
    }
  };

  /**
   * Every TLD's wholesale cost in four calls (issue 19): PE_GetDomainPricing answers all TLDs of the
   * account per call, with the reseller price Enom charges us beside the account's retail price;
   * once for one year and once per multi-year bracket (2, 5, 10; UseQtyEngine=1), a bracket's
   * price being per year as PE_GetProductPrice's is. 9,001 calls for 1,000 TLDs become 4.
   */
  const costsInBulk = async (options: CallOptions): Promise<TldCost[]> => {
    // Four calls at once, within PRICE_CONCURRENCY; all are settled before a failure is answered, so none is left running.
    const settled = await Promise.allSettled([1, ...YEAR_BRACKETS].map(async (years) => ({
      years, products: pricedProducts(await call('PE_GetDomainPricing', years === 1 ? { Years: '1' } : { Years: String(years), UseQtyEngine: '1' }, options.signal, DOMAIN_PRICING_TIMEOUT_MS)),
    })));
    const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) throw failed.reason;
    const [oneYear, ...brackets] = settled.map((s) => (s as PromiseFulfilledResult<{ years: number; products: Map<string, ProductCosts> }>).value);
    if (oneYear.products.size === 0) {
      throw new RegistrarError('unavailable', 'Enom answered PE_GetDomainPricing without a price structure.', { registrar: 'enom', command: 'PE_GetDomainPricing' });
    }
    const bracketCosts = (tld: string, op: 'register' | 'renew'): YearCosts | undefined => {
      const rows = brackets.flatMap(({ years, products }) => {
        const perYear = products.get(tld)?.[op];
        return perYear == null ? [] : [[years, perYear * years] as const];
      });
      return rows.length > 0 ? Object.fromEntries(rows) : undefined;
    };
    return [...oneYear.products].map(([tld, price]): TldCost => {
      const years = { register: price.register == null ? undefined : bracketCosts(tld, 'register'), renew: price.renew == null ? undefined : bracketCosts(tld, 'renew') };
      return {
        tld, registerCents: price.register, renewCents: price.renew, transferCents: price.transfer, currency: 'USD',
        ...(years.register || years.renew ? { years } : {}),
      };
    });
  };

/** The old way, for an account without PE_GetDomainPricing: GetTLDList, then PE_GetProductPrice per TLD, operation and bracket. */
const costsPerTld = async (options: CallOptions): Promise<TldCost[]> => {
    const root = await call('GetTLDList', {}, options.signal);
    const list = child(root, 'tldlist') ?? descendant(root, 'tldlist');
    // Each entry is <tld>com</tld> or, in the documented form, <tld><tld>com</tld></tld>.
    const tlds = [...new Set(children(list, 'tld').map((t) => (text(t, 'tld') ?? t.text).replace(/^\./, '').toLowerCase()).filter(Boolean))];
    const key = (tld: string, type: string, years: number) => `${tld} ${type} ${years}`;
    const ask = async (jobs: { tld: string; type: string; years: number }[]) => {
      const prices = await mapLimit(jobs, PRICE_CONCURRENCY, (job) => tldPrice(job.tld, job.type, job.years, options.signal));
      return new Map(jobs.map((job, i) => [key(job.tld, job.type, job.years), prices[i]]));
    };
    const oneYear = await ask(tlds.flatMap((tld) => Object.values(PRODUCT_TYPES).map((type) => ({ tld, type, years: 1 }))));
    // Enom prices multi-year terms in brackets (PE_GetProductPrice's Years 1|2|5|10): the
    // per-year price of a bracket applies to terms from it up to the next.
    const multiYear = await ask(tlds.flatMap((tld) => (['register', 'renew'] as const)
      .filter((op) => oneYear.get(key(tld, PRODUCT_TYPES[op], 1)) != null)
      .flatMap((op) => YEAR_BRACKETS.map((years) => ({ tld, type: PRODUCT_TYPES[op], years })))));
    const brackets = (tld: string, op: 'register' | 'renew'): YearCosts | undefined => {
      const rows = YEAR_BRACKETS.flatMap((years) => {
        const perYear = multiYear.get(key(tld, PRODUCT_TYPES[op], years));
        return perYear == null ? [] : [[years, perYear * years] as const];
      });
      return rows.length > 0 ? Object.fromEntries(rows) : undefined;
    };
    return tlds.map((tld): TldCost => {
      const years = { register: brackets(tld, 'register'), renew: brackets(tld, 'renew') };
      return {
        tld,
        registerCents: oneYear.get(key(tld, PRODUCT_TYPES.register, 1)) ?? null,
        renewCents: oneYear.get(key(tld, PRODUCT_TYPES.renew, 1)) ?? null,
        transferCents: oneYear.get(key(tld, PRODUCT_TYPES.transfer, 1)) ?? null,
        currency: 'USD',
        ...(years.register || years.renew ? { years } : {}),
      };
    });
  };

  const registrar: Registrar = {
    id: 'enom',
    name: 'Enom',

    async checkAvailability(domains, options: CallOptions = {}) {
      const batches: string[][] = [];
      for (let i = 0; i < domains.length; i += ENOM_CHECK_BATCH) batches.push(domains.slice(i, i + ENOM_CHECK_BATCH));
      const answers = await Promise.all(batches.map(async (batch) => {
        try {
          const root = await call('Check', { DomainList: batch.map((d) => d.toLowerCase()).join(',') }, options.signal);
          return availabilityOf(batch, parseCheckEntries(root));
        } catch (error) {
          return error as Error;
        }
      }));
      const failed = answers.filter((a): a is Error => a instanceof Error);
      // Nothing answered (bad credentials, Enom down, aborted): the caller sees why.
      if (batches.length > 0 && failed.length === batches.length) throw failed[0];
      return answers.flatMap((answer, i): AvailabilityResult[] => answer instanceof Error
        ? batches[i].map((domain) => ({ domain, available: false, premium: false, premiumPriceCents: null, error: answer.message }))
        : answer);
    },

    async listTldCosts(options = {}) {
      try {
        return await costsInBulk(options);
      } catch (error) {
        // An account or API version without the bulk command refuses it; an unknown outcome or bad credentials stop the list as before.
        if (!isRefusal(error, 'invalid', 'failed', 'unsupported', 'not_found')) throw error;
        return costsPerTld(options);
      }
    },

    async register(request, options = {}) {
      const params = {
        ...sldTld(request.domain),
        NumYears: String(request.years),
        ...nameserverParams(request.nameservers),
        RenewName: request.autoRenew ? '1' : '0',
        ...contactsParams(request.contacts),
      };
      // Purchase has no idempotency key: a retry must ask getInfo first (the caller does).
      const root = await call('Purchase', params, options.signal);
      const orderId = text(root, 'OrderID');
      const charged = enomCents(text(root, 'TotalCharged'));
      // ID Protect (WPPS) is a paid purchase of its own that our prices do not cover: privacy is
      // not bought at Enom, and the result says so, so the domain records it off (docs/decisions.md).
      const expiresAt = await expiryOf(request.domain, options.signal).catch(() => null)
        ?? new Date(clock.now().getTime() + request.years * 365.25 * 86_400_000).toISOString();
      return { domain: request.domain, expiresAt, registrarOrderId: orderId, chargedCents: charged, ...(request.privacy ? { privacy: false } : {}) };
    },

    async renew(domain, years, _idempotencyKey, options = {}) {
      // No OverrideOrder: Enom then refuses a second renewal of one name within 24 hours, which
      // is what keeps a retried renewal (Extend has no idempotency key) from being charged twice.
      const root = await call('Extend', { ...sldTld(domain), NumYears: String(years) }, options.signal);
      // Extend went through: a follow-up read that fails leaves the new expiry unknown, not the renewal refused.
      const expiresAt = await expiryOf(domain, options.signal).catch(() => null);
      if (!expiresAt) {
        throw new RegistrarError('unavailable', `Enom accepted the renewal of ${domain}, but its new expiry date could not be read back.`, { registrar: 'enom', command: 'GetDomainInfo' });
      }
      return { domain, expiresAt, registrarOrderId: text(root, 'OrderID') };
    },

    async getInfo(domain, options = {}): Promise<DomainInfo> {
      const params = sldTld(domain);
      const [info, contacts, lock, renew] = await Promise.all([
        call('GetDomainInfo', params, options.signal),
        call('GetContacts', params, options.signal),
        call('GetRegLock', params, options.signal),
        call('GetRenew', params, options.signal),
      ]);
      const parsed = parseDomainInfo(info, clock.now().getTime());
      const contactInfo = child(contacts, 'GetContacts') ?? contacts;
      return {
        domain: domain.toLowerCase(),
        status: parsed.status,
        registeredAt: null,
        expiresAt: parsed.expiresAt,
        nameservers: parsed.nameservers,
        contacts: parseContacts(contacts),
        // ⚠ GetRenew answers auto-renew (clients read it) or RenewName (the reference).
        autoRenew: enomBoolean(text(renew, 'auto-renew') ?? text(renew, 'RenewName')),
        locked: enomBoolean(text(lock, 'reg-lock') ?? text(lock, 'RegLock')),
        privacy: enomBoolean(text(contactInfo, 'WPPSEnabled')),
      };
    },

    async setNameservers(domain, nameservers, options = {}) {
      await call('ModifyNS', { ...sldTld(domain), ...nameserverParams(nameservers) }, options.signal);
    },

    async setContacts(domain, contacts, options = {}) {
      // Without ContactType, Enom updates every contact block sent in one request.
      await call('Contacts', { ...sldTld(domain), ...contactsParams(contacts) }, options.signal);
    },

    async setAutoRenew(domain, enabled, options = {}) {
      await call('SetRenew', { ...sldTld(domain), RenewFlag: enabled ? '1' : '0' }, options.signal);
    },

    async setLock(domain, locked, options = {}) {
      await call('SetRegLock', { ...sldTld(domain), UnlockRegistrar: locked ? '0' : '1' }, options.signal);
    },

    async getTransferCode(domain, options = {}) {
      const root = await call('GetDomainAuthInfo', sldTld(domain), options.signal);
      // ⚠ Unverified field name: the code is read from whichever of these Enom sends.
      const code = ['AuthInfo', 'EPPKey', 'AuthCode', 'DomainPassword'].map((name) => text(descendant(root, name))).find(Boolean);
      if (!code) {
        throw new RegistrarError('unsupported', `Enom's API did not return the transfer code of ${domain}; Enom e-mails it to the registrant instead.`, { registrar: 'enom', command: 'GetDomainAuthInfo' });
      }
      return code;
    },

    async setPrivacy(domain, enabled, options = {}) {
      const params = { ...sldTld(domain), Service: 'WPPS' };
      if (!enabled) {
        await call('DisableServices', params, options.signal).catch((error: unknown) => {
          // Privacy that was never bought or is already off is what was asked for.
          if (error instanceof RegistrarError && /not purchased|unable to disable|already/i.test(error.message)) return;
          throw error;
        });
        return;
      }
      const wpps = await call('GetWPPSInfo', sldTld(domain), options.signal);
      const exists = enomBoolean(text(wpps, 'GetWPPSInfo', 'WPPSExists') ?? text(descendant(wpps, 'WPPSExists')));
      if (!exists) throw new RegistrarError('unsupported', ENOM_PRIVACY_NOT_SOLD, { registrar: 'enom', command: 'PurchaseServices' });
      await call('EnableServices', params, options.signal);
    },

    async listDomains(options = {}) {
      const all = new Map<string, OwnedDomain>();
      let start = 1;
      for (;;) {
        const page = parseDomainPage(await call('GetDomains', { Tab: 'IOwn', Display: String(DOMAIN_PAGE), Start: String(start) }, options.signal));
        const before = all.size;
        for (const d of page.domains) all.set(d.domain, d);
        // Stop on a short page, or when a page brought nothing new (a server ignoring Start).
        if (page.domains.length < DOMAIN_PAGE || all.size === before) break;
        start = page.nextStart && page.nextStart > start ? page.nextStart : start + page.domains.length;
      }
      return [...all.values()];
    },

    async listDomainPage(page, options = {}) {
      const start = (page - 1) * DOMAIN_PAGE + 1;
      const { domains } = parseDomainPage(await call('GetDomains', { Tab: 'IOwn', Display: String(DOMAIN_PAGE), Start: String(start) }, options.signal));
      const now = clock.now().getTime();
      // GetDomains has no status: an expiry in the past reads as expired, nameservers need GetDomainInfo.
      return {
        domains: domains.map((d) => ({ ...d, status: d.expiresAt !== null && Date.parse(d.expiresAt) < now ? 'expired' as const : 'active' as const })),
        nextPage: domains.length < DOMAIN_PAGE ? null : page + 1,
      };
    },

    // GetDomainInfo, GetContacts, GetRegLock and GetRenew, asked at once.
    getInfoCalls: 4,

    async testConnection(options = {}): Promise<ConnectionTest> {
      const log: string[] = [`Endpoint: ${new URL(url).origin}${new URL(url).pathname}`];
      try {
        log.push('GetBalance: asking for the account balance with ENOM_UID and ENOM_PW…');
        const balance = await call('GetBalance', {}, options.signal);
        log.push(`GetBalance: signed in; available balance ${text(balance, 'AvailableBalance') ?? text(balance, 'Balance') ?? 'not given'} USD.`);
        log.push('GetTLDList: asking which TLDs the account sells…');
        const tlds = await call('GetTLDList', {}, options.signal);
        log.push(`GetTLDList: ${children(child(tlds, 'tldlist') ?? descendant(tlds, 'tldlist'), 'tld').length} TLDs offered.`);
        return { ok: true, log };
      } catch (error) {
        const kind = error instanceof RegistrarError ? error.kind : 'failed';
        log.push(`Failed (${kind}): ${error instanceof Error ? error.message : String(error)}`);
        if (kind === 'auth') log.push('Check ENOM_UID (the reseller login), ENOM_PW (an API token) and that Enom allows this server\'s IP address.');
        return { ok: false, log };
      }
    },
  };
  return registrar;
}
