import { type Clock, systemClock } from '../../../clock.ts';
import type { Config } from '../../../config.ts';
import {
  type AvailabilityResult, type CallOptions, type ConnectionTest, type OwnedDomain, type Registrar, RegistrarError, type TldCost,
} from '../registrar.ts';
import { createContacts, readContacts } from './dynadotContacts.ts';
import { domainInfoFrom, domainObject, ownedDomainFrom } from './dynadotDomain.ts';
import { type DynadotConnection, type Json, cents, dynadotCall, field, isoDate, list, redact, text, yes } from './dynadotWire.ts';
import { mapLimit } from '../mapLimit.ts';

/** api3's `search` takes domain0…domain99 on a bulk-enabled account; a regular account one name per command. */
export const SEARCH_BATCH_SIZE = 100;
/** Dynadot's concurrent-request limit per account tier (api-commands page): regular 1 thread, bulk 5. */
export const DYNADOT_THREADS = { regular: 1, bulk: 5 } as const;
/** set_ns takes ns0…ns12. */
const MAX_NAMESERVERS = 13;
/** Page size asked of list_domain and tld_price. */
export const PAGE_SIZE = 100;
const MAX_PAGES = 1000;
/** Every price is asked in USD, the currency our costs are kept in. */
const CURRENCY = 'USD';

export interface DynadotOptions {
  /** Per-call time-out (tests shorten it); the default is registrarCall's. */
  timeoutMs?: number;
  clock?: Clock;
}

/** The Dynadot api3 adapter; null when DYNADOT_API_KEY is not set. */
export function createDynadotRegistrar(config: Config, options: DynadotOptions = {}): Registrar | null {
  if (!config.DYNADOT_API_KEY) return null;
  const clock = options.clock ?? systemClock;
  const bulkSearch = config.DYNADOT_BULK_SEARCH;
  const connection: DynadotConnection = { url: config.DYNADOT_API_URL, key: config.DYNADOT_API_KEY, timeoutMs: options.timeoutMs };
  const call = (command: string, params: Record<string, string>, callOptions?: CallOptions) =>
    dynadotCall(connection, command, params, callOptions?.signal);

  async function searchBatch(domains: string[], callOptions?: CallOptions): Promise<AvailabilityResult[]> {
    const params: Record<string, string> = { show_price: '1', currency: CURRENCY };
    domains.forEach((domain, i) => { params[`domain${i}`] = domain; });
    const answer = await call('search', params, callOptions);
    const results = list(field(answer, 'SearchResults', 'SearchResult', 'DomainList')).map((entry) => field(entry, 'SearchResult', 'Domain') ?? entry);
    const byName = new Map(results.map((entry) => [text(field(entry, 'DomainName', 'Name')).toLowerCase(), entry]));
    return domains.map((domain) => availabilityOf(domain, byName.get(domain.toLowerCase())));
  }

  /** Pages until a short or repeated page: older api3 behaviour ignores paging and answers everything at once. */
  async function pageThrough(command: string, itemsOf: (answer: Json) => unknown[], keyOf: (item: unknown) => string, params: Record<string, string>, callOptions?: CallOptions): Promise<unknown[]> {
    const all: unknown[] = [];
    const seen = new Set<string>();
    for (let page = 0; page < MAX_PAGES; page++) {
      const items = itemsOf(await call(command, { ...params, count_per_page: String(PAGE_SIZE), page_index: String(page) }, callOptions));
      const fresh = items.filter((item) => !seen.has(keyOf(item)));
      for (const item of fresh) { seen.add(keyOf(item)); all.push(item); }
      if (items.length < PAGE_SIZE || fresh.length === 0) break;
    }
    return all;
  }

  const registrar: Registrar = {
    id: 'dynadot',
    name: 'Dynadot',

    async checkAvailability(domains, callOptions) {
      // A regular account answers a search of several names with an error, so it gets one name a
      // call, and no more calls at once than its tier's thread limit (DYNADOT_BULK_SEARCH).
      const size = bulkSearch ? SEARCH_BATCH_SIZE : 1;
      const batches: string[][] = [];
      for (let i = 0; i < domains.length; i += size) batches.push(domains.slice(i, i + size));
      const answers = await mapLimit(batches, bulkSearch ? DYNADOT_THREADS.bulk : DYNADOT_THREADS.regular,
        (batch) => searchBatch(batch, callOptions).catch((error: unknown) => error as Error));
      const failed = answers.filter((a): a is Error => a instanceof Error);
      // Nothing answered (bad key, Dynadot down, aborted): the caller sees why.
      if (batches.length > 0 && failed.length === batches.length) throw failed[0];
      return answers.flatMap((answer, i): AvailabilityResult[] => answer instanceof Error
        ? batches[i].map((domain) => ({ domain, available: false, premium: false, premiumPriceCents: null, error: answer.message }))
        : answer);
    },

    async listTldCosts(callOptions) {
      const rows = await pageThrough('tld_price', (answer) => list(field(answer, 'TldPrice', 'TldPrices', 'TldPriceList')),
        (row) => tldOf(row), { currency: CURRENCY }, callOptions);
      return rows.map((row): TldCost => {
        const price = field(row, 'Price') ?? row;
        return {
          tld: tldOf(row),
          registerCents: cents(field(price, 'Register', 'Registration')),
          renewCents: cents(field(price, 'Renew', 'Renewal')),
          transferCents: cents(field(price, 'Transfer')),
          currency: text(field(row, 'Currency')) || CURRENCY,
        };
      }).filter((cost) => cost.tld.length > 0);
    },

    async register(request, callOptions) {
      const nameservers = request.nameservers.length > 0 ? nsParams(request.nameservers) : null;
      const contactIds = await createContacts(connection, request.contacts, callOptions?.signal);
      const answer = await call('register', {
        domain: request.domain, duration: String(request.years), currency: CURRENCY, ...contactIds,
      }, callOptions);
      // api3's register takes no nameservers, privacy or renew option: each is a call of its own
      // once the name is ours. The name is registered (and paid) by then, so a refusal here must
      // not fail the registration: the caller would try the next supplier and buy it twice. It is
      // not swallowed either: the answer lists it (followUpErrors), and a renew option left on
      // (Dynadot's account default may be auto-renew) is asked once more, since it can renew the
      // name a second time; the nightly portfolio sync turns off any that still stays on.
      const followUps: [string, Record<string, string>][] = [
        ['set_privacy', { domain: request.domain, option: request.privacy ? 'full' : 'off' }],
        ['set_renew_option', { domain: request.domain, renew_option: request.autoRenew ? 'auto' : 'donot' }],
      ];
      if (nameservers) followUps.unshift(['set_ns', { domain: request.domain, ...nameservers }]);
      const followUpErrors: string[] = [];
      for (const [command, params] of followUps) {
        const tries = command === 'set_renew_option' ? 2 : 1;
        for (let attempt = 1; attempt <= tries; attempt++) {
          const failure = await call(command, params, callOptions).then(() => null, (error: unknown) => error);
          if (failure === null) break;
          if (attempt === tries) followUpErrors.push(failure instanceof Error ? failure.message : `Dynadot refused ${command}.`);
        }
      }
      // Same reason: a missing date is read back, else estimated, never a failure.
      const expiresAt = isoDate(field(answer, 'Expiration', 'ExpirationDate'))
        ?? await call('domain_info', { domain: request.domain }, callOptions).then((info) => isoDate(field(domainObject(info), 'Expiration')), () => null)
        ?? new Date(clock.now().getTime() + request.years * 365 * 86_400_000).toISOString();
      return {
        domain: request.domain,
        expiresAt,
        registrarOrderId: text(field(answer, 'OrderId')) || null,
        chargedCents: null,
        ...(followUpErrors.length > 0 ? { followUpErrors } : {}),
      };
    },

    async renew(domain, years, _idempotencyKey, callOptions) {
      // api3 has no idempotency key; its `year` (the current expiry year) makes a second renewal
      // sent on the same reading fail instead of adding another year.
      const info = domainObject(await call('domain_info', { domain }, callOptions));
      const current = isoDate(field(info, 'Expiration'));
      const params: Record<string, string> = { domain, duration: String(years), currency: CURRENCY };
      if (current) params.year = current.slice(0, 4);
      const answer = await call('renew', params, callOptions);
      const expiresAt = isoDate(field(answer, 'Expiration', 'ExpirationDate'));
      // The renewal went through: without its new date the outcome is read back, not reported refused.
      if (!expiresAt) throw new RegistrarError('unavailable', `Dynadot renewed ${domain} without saying its new expiry date.`, { registrar: 'dynadot', command: 'renew' });
      return { domain, expiresAt, registrarOrderId: text(field(answer, 'OrderId')) || null };
    },

    async getInfo(domain, callOptions) {
      const info = domainObject(await call('domain_info', { domain }, callOptions));
      const contacts = await readContacts(connection, field(info, 'Whois'), callOptions?.signal);
      const mapped = domainInfoFrom(info, clock.now().getTime());
      return { ...mapped, domain: mapped.domain || domain, contacts };
    },

    async setNameservers(domain, nameservers, callOptions) {
      await call('set_ns', { domain, ...nsParams(nameservers) }, callOptions);
    },

    async setContacts(domain, contacts, callOptions) {
      const contactIds = await createContacts(connection, contacts, callOptions?.signal);
      await call('set_whois', { domain, ...contactIds }, callOptions);
    },

    async setAutoRenew(domain, enabled, callOptions) {
      await call('set_renew_option', { domain, renew_option: enabled ? 'auto' : 'donot' }, callOptions);
    },

    async setLock(domain, locked, callOptions) {
      // api3 has lock_domain but no unlock command: the only unlock it offers is the one
      // get_transfer_auth_code does on request (the code it answers is not used here).
      if (locked) await call('lock_domain', { domain }, callOptions);
      else await call('get_transfer_auth_code', { domain, unlock_domain_for_transfer: '1' }, callOptions);
    },

    async getTransferCode(domain, callOptions) {
      const answer = await call('get_transfer_auth_code', { domain }, callOptions);
      const code = text(field(answer, 'AuthCode', 'TransferAuthCode'));
      if (!code) throw new RegistrarError('failed', `Dynadot gave no transfer code for ${domain}.`, { registrar: 'dynadot', command: 'get_transfer_auth_code' });
      return code;
    },

    async setPrivacy(domain, enabled, callOptions) {
      await call('set_privacy', { domain, option: enabled ? 'full' : 'off' }, callOptions);
    },

    async listDomains(callOptions): Promise<OwnedDomain[]> {
      const entries = await pageThrough('list_domain', (answer) => list(field(answer, 'MainDomains', 'DomainInfoList', 'DomainList')),
        (entry) => ownedDomainFrom(entry).domain, {}, callOptions);
      return entries.map(ownedDomainFrom).filter((owned) => owned.domain.length > 0);
    },

    async listDomainPage(page, callOptions) {
      const answer = await call('list_domain', { count_per_page: String(PAGE_SIZE), page_index: String(page - 1) }, callOptions);
      const entries = list(field(answer, 'MainDomains', 'DomainInfoList', 'DomainList'));
      const now = clock.now().getTime();
      // list_domain carries the whole domain_info object: every field the sync compares.
      const domains = entries.map((entry) => domainInfoFrom(domainObject(entry), now)).filter((d) => d.domain.length > 0)
        .map(({ domain, expiresAt, autoRenew, status, locked, nameservers }) => ({ domain, expiresAt, autoRenew, status, locked, nameservers }));
      return { domains, nextPage: entries.length < PAGE_SIZE || page >= MAX_PAGES ? null : page + 1 };
    },

    getInfoCalls: 1,

    async testConnection(callOptions): Promise<ConnectionTest> {
      const log: string[] = [`Calling Dynadot api3 at ${new URL(connection.url).host} (account_info).`];
      try {
        const answer = await call('account_info', {}, callOptions);
        const account = field(answer, 'AccountInfo') ?? answer;
        const user = text(field(account, 'Username', 'UserName'));
        const balance = text(field(account, 'AccountBalance', 'Balance'));
        log.push(`The API key was accepted${user ? ` for the account ${user}` : ''}${balance ? `; balance ${balance}` : ''}.`);
        log.push('Checking availability of one name (search).');
        const [probe] = await registrar.checkAvailability(['example.com'], callOptions);
        log.push(probe.error ? `The search answered with an error for example.com: ${probe.error}` : `The search answered: example.com is ${probe.available ? 'available' : 'taken'}.`);
        return { ok: !probe.error, log: log.map((line) => redact(line, connection.key)) };
      } catch (error) {
        log.push(`Failed: ${error instanceof Error ? error.message : String(error)}`);
        return { ok: false, log: log.map((line) => redact(line, connection.key)) };
      }
    },
  };
  return registrar;
}

function tldOf(row: unknown): string {
  return text(field(row, 'Tld', 'TLD', 'Extension')).toLowerCase().replace(/^\./, '');
}

function nsParams(nameservers: string[]): Record<string, string> {
  if (nameservers.length === 0 || nameservers.length > MAX_NAMESERVERS) {
    throw new RegistrarError('invalid', `Dynadot takes 1 to ${MAX_NAMESERVERS} nameservers, not ${nameservers.length}.`, { registrar: 'dynadot', command: 'set_ns' });
  }
  return Object.fromEntries(nameservers.map((ns, i) => [`ns${i}`, ns.toLowerCase()]));
}

/** One search row: Available yes/no; a premium name says so in `Premium` or in its price text. */
function availabilityOf(domain: string, entry: unknown): AvailabilityResult {
  const unanswered = { domain, available: false, premium: false, premiumPriceCents: null };
  if (entry === undefined) return { ...unanswered, error: `Dynadot did not answer for ${domain}.` };
  const available = yes(field(entry, 'Available'));
  if (available === null) {
    const said = text(field(entry, 'Error', 'Status', 'Available'));
    return { ...unanswered, error: `Dynadot could not check ${domain}${said ? `: ${said}` : '.'}` };
  }
  const price = text(field(entry, 'Price'));
  const premium = yes(field(entry, 'Premium', 'IsPremium')) === true || /premium/i.test(price);
  return { domain, available, premium, premiumPriceCents: premium ? cents(price) : null, error: null };
}
