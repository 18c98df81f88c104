import { type Clock, systemClock } from '../../../clock.ts';
import type { Config } from '../../../config.ts';
import {
  type AvailabilityResult, type CallOptions, type ConnectionTest, type DomainInfo, type OwnedDomain, type Registrar,
  RegistrarError, splitDomain,
} from '../registrar.ts';
import { createNamecheapCall, type NamecheapCall } from './namecheapClient.ts';
import { contactParams, contactsFrom } from './namecheapContacts.ts';
import { domainInfoFrom, expiryOf, listedDomain, listPage, ownedDomain } from './namecheapDomainInfo.ts';
import { tldCostsFrom } from './namecheapPricing.ts';
import { attr, child, childText, children, isTrue, toCents, toIsoDate, type XmlNode } from './namecheapXml.ts';

/** domains.check refuses more than this many names (error 2011169). */
export const NAMECHEAP_CHECK_BATCH = 50;
/** getList's largest page. */
const LIST_PAGE_SIZE = 100;
const registrar = 'namecheap';

/** Namecheap as a domain supplier, or null when its API user, key and client IP are not all configured. */
export function createNamecheapRegistrar(config: Config, clock: Clock = systemClock): Registrar | null {
  const { NAMECHEAP_API_USER: apiUser, NAMECHEAP_API_KEY: apiKey, NAMECHEAP_CLIENT_IP: clientIp } = config;
  if (!apiUser || !apiKey || !clientIp) return null;
  const call = createNamecheapCall({ url: config.NAMECHEAP_API_URL, apiUser, apiKey, clientIp, userName: config.NAMECHEAP_USERNAME ?? apiUser });
  return namecheapRegistrar(call, { url: config.NAMECHEAP_API_URL, clientIp }, clock);
}

/** Refuses an answer whose result says the change did not happen (an OK envelope around IsSuccess="false"). */
function confirm(response: XmlNode, element: string, flag: string, command: string, domain: string): void {
  const value = attr(child(response, element), flag);
  if (value !== null && !isTrue(value)) {
    throw new RegistrarError('failed', `Namecheap did not carry out ${command} for ${domain}.`, { registrar, command });
  }
}

function unsupported(what: string): never {
  throw new RegistrarError('unsupported', what, { registrar });
}

function namecheapRegistrar(call: NamecheapCall, endpoint: { url: string; clientIp: string }, clock: Clock): Registrar {
  const getInfo = (domain: string, options?: CallOptions) => call('namecheap.domains.getInfo', { DomainName: domain }, options);
  const getContacts = (domain: string, options?: CallOptions) => call('namecheap.domains.getContacts', { DomainName: domain }, options);
  const listPageOf = (page: number, extra: Record<string, string>, options?: CallOptions) =>
    call('namecheap.domains.getList', { ListType: 'ALL', Page: String(page), PageSize: String(LIST_PAGE_SIZE), ...extra }, options);

  /** The registrar's expiry after an order, or `years` from now when it cannot say yet (a non-real-time TLD). */
  async function expiryAfterOrder(domain: string, years: number, options?: CallOptions): Promise<string> {
    const known = await getInfo(domain, options).then(expiryOf, () => null);
    if (known) return known;
    const date = clock.now();
    date.setUTCFullYear(date.getUTCFullYear() + years);
    return date.toISOString();
  }

  async function checkBatch(domains: string[], options?: CallOptions): Promise<AvailabilityResult[]> {
    const response = await call('namecheap.domains.check', { DomainList: domains.join(',') }, options);
    const byName = new Map(children(response, 'DomainCheckResult').map((row) => [(attr(row, 'Domain') ?? '').toLowerCase(), row]));
    return domains.map((domain) => {
      const row = byName.get(domain.toLowerCase());
      if (!row) return { domain, available: false, premium: false, premiumPriceCents: null, error: 'Namecheap did not answer for this name.' };
      const errorNo = (attr(row, 'ErrorNo') ?? '0').trim();
      const premium = isTrue(attr(row, 'IsPremiumName'));
      return {
        domain,
        available: isTrue(attr(row, 'Available')),
        premium,
        premiumPriceCents: premium ? toCents(attr(row, 'PremiumRegistrationPrice')) : null,
        error: errorNo !== '' && errorNo !== '0' ? `${attr(row, 'Description') || 'Namecheap could not check this name'} (error ${errorNo})` : null,
      };
    });
  }

  async function setPrivacy(domain: string, enabled: boolean, options?: CallOptions): Promise<void> {
    const [info, contacts] = await Promise.all([getInfo(domain, options), enabled ? getContacts(domain, options) : null]);
    const id = childText(child(child(info, 'DomainGetInfoResult'), 'Whoisguard'), 'ID');
    if (!id || /^0+$/.test(id)) {
      throw new RegistrarError('invalid', `Namecheap has no privacy (WhoisGuard) subscription for ${domain}; its TLD may not allow one.`,
        { registrar, command: 'namecheap.domains.getInfo' });
    }
    if (enabled) {
      // WhoisGuard forwards mail for the hidden address to this one; the registrant is whom it protects.
      const email = contactsFrom(child(contacts ?? {}, 'DomainContactsResult'))?.registrant.email;
      if (!email) throw new RegistrarError('failed', `Namecheap gave no registrant e-mail for ${domain} to forward privacy mail to.`, { registrar });
      confirm(await call('namecheap.whoisguard.enable', { WhoisguardID: id, ForwardedToEmail: email }, options), 'WhoisguardEnableResult', 'IsSuccess', 'namecheap.whoisguard.enable', domain);
    } else {
      confirm(await call('namecheap.whoisguard.disable', { WhoisguardID: id }, options), 'WhoisguardDisableResult', 'IsSuccess', 'namecheap.whoisguard.disable', domain);
    }
  }

  return {
    id: registrar,
    name: 'Namecheap',

    async checkAvailability(domains, options) {
      const batches: string[][] = [];
      for (let i = 0; i < domains.length; i += NAMECHEAP_CHECK_BATCH) batches.push(domains.slice(i, i + NAMECHEAP_CHECK_BATCH));
      const answers = await Promise.allSettled(batches.map((batch) => checkBatch(batch, options)));
      const failure = answers.find((answer) => answer.status === 'rejected');
      // One refused batch costs its own names, not the others'; all refused is the registrar's refusal.
      if (failure && answers.every((answer) => answer.status === 'rejected')) throw failure.reason;
      return answers.flatMap((answer, i) => answer.status === 'fulfilled' ? answer.value : batches[i].map((domain) => ({
        domain, available: false, premium: false, premiumPriceCents: null,
        error: answer.reason instanceof Error ? answer.reason.message : 'Namecheap could not check this name.',
      })));
    },

    async listTldCosts(options) {
      return tldCostsFrom(await call('namecheap.users.getPricing', { ProductType: 'DOMAIN' }, options));
    },

    async register(request, options) {
      const command = 'namecheap.domains.create';
      // domains.create takes no idempotency key: the caller asks getInfo before a retry.
      const response = await call(command, {
        DomainName: request.domain,
        Years: String(request.years),
        ...contactParams(request.contacts),
        ...(request.nameservers.length > 0 ? { Nameservers: request.nameservers.join(',') } : {}),
        // Sources disagree on the defaults, so both are always sent; the free subscription is added
        // even without privacy so that it can be switched on later.
        AddFreeWhoisguard: 'yes',
        WGEnabled: request.privacy ? 'yes' : 'no',
      }, options);
      const result = child(response, 'DomainCreateResult');
      // A non-real-time TLD's order is accepted now and registered by the registry later; an OK
      // answer that does not say Registered is no refusal either. Both are read back later.
      if (isTrue(attr(result, 'NonRealTimeDomain'))) {
        throw new RegistrarError('pending', `Namecheap accepted the order for ${request.domain}; the registry completes it later (non-real-time TLD).`, { registrar, command });
      }
      if (!isTrue(attr(result, 'Registered'))) {
        throw new RegistrarError('unavailable', `Namecheap answered the order for ${request.domain} without saying it registered it.`, { registrar, command });
      }
      if (request.privacy && !isTrue(attr(result, 'WhoisguardEnable'))) {
        // The name is bought: a privacy hiccup must not report the registration as failed.
        await setPrivacy(request.domain, true, options).catch(() => undefined);
      }
      return {
        domain: request.domain,
        expiresAt: await expiryAfterOrder(request.domain, request.years, options),
        registrarOrderId: attr(result, 'OrderID') || null,
        chargedCents: toCents(attr(result, 'ChargedAmount')),
      };
    },

    async renew(domain, years, _idempotencyKey, options) {
      const command = 'namecheap.domains.renew';
      const result = child(await call(command, { DomainName: domain, Years: String(years) }, options), 'DomainRenewResult');
      if (attr(result, 'Renew') !== null && !isTrue(attr(result, 'Renew'))) {
        throw new RegistrarError('failed', `Namecheap did not renew ${domain}.`, { registrar, command });
      }
      return {
        domain,
        expiresAt: toIsoDate(childText(child(result, 'DomainDetails'), 'ExpiredDate') || null) ?? await expiryAfterOrder(domain, years, options),
        registrarOrderId: attr(result, 'OrderID') || null,
        chargedCents: toCents(attr(result, 'ChargedAmount')),
      };
    },

    async getInfo(domain, options): Promise<DomainInfo> {
      const [info, contacts, list] = await Promise.all([
        getInfo(domain, options),
        getContacts(domain, options),
        listPageOf(1, { SearchTerm: domain }, options),
      ]);
      return domainInfoFrom(domain, info, contacts, list);
    },

    async setNameservers(domain, nameservers, options) {
      const { sld, tld } = splitDomain(domain, registrar);
      if (nameservers.length === 0) {
        const command = 'namecheap.domains.dns.setDefault';
        confirm(await call(command, { SLD: sld, TLD: tld }, options), 'DomainDNSSetDefaultResult', 'Updated', command, domain);
        return;
      }
      const command = 'namecheap.domains.dns.setCustom';
      confirm(await call(command, { SLD: sld, TLD: tld, Nameservers: nameservers.join(',') }, options), 'DomainDNSSetCustomResult', 'Updated', command, domain);
    },

    async setContacts(domain, contacts, options) {
      const command = 'namecheap.domains.setContacts';
      confirm(await call(command, { DomainName: domain, ...contactParams(contacts) }, options), 'DomainSetContactResult', 'IsSuccess', command, domain);
    },

    setAutoRenew() {
      return Promise.resolve().then(() => unsupported(
        "Namecheap's API has no command to change auto-renew; it is switched in the Namecheap dashboard."));
    },

    async setLock(domain, locked, options) {
      const command = 'namecheap.domains.setRegistrarLock';
      confirm(await call(command, { DomainName: domain, LockAction: locked ? 'LOCK' : 'UNLOCK' }, options), 'DomainSetRegistrarLockResult', 'IsSuccess', command, domain);
    },

    getTransferCode() {
      return Promise.resolve().then(() => unsupported(
        "Namecheap's API does not give out transfer (EPP) codes; Namecheap e-mails the code to the registrant from its dashboard."));
    },

    setPrivacy,

    async listDomains(options) {
      const domains: OwnedDomain[] = [];
      for (let page = 1; ; page++) {
        const { rows, total, pageSize } = listPage(await listPageOf(page, { SortBy: 'NAME' }, options));
        domains.push(...rows.map(ownedDomain));
        if (rows.length === 0 || page * (pageSize || LIST_PAGE_SIZE) >= total) return domains;
      }
    },

    async listDomainPage(page, options) {
      const { rows, total, pageSize } = listPage(await listPageOf(page, { SortBy: 'NAME' }, options));
      return { domains: rows.map(listedDomain), nextPage: rows.length > 0 && page * (pageSize || LIST_PAGE_SIZE) < total ? page + 1 : null };
    },

    // getInfo, getContacts and a getList search, asked at once.
    getInfoCalls: 3,
    // BasicDNS, FreeDNS and PremiumDNS hosts (dns1.registrar-servers.com, pdns1.…).
    ownDnsSuffix: 'registrar-servers.com',

    async testConnection(options): Promise<ConnectionTest> {
      const log = [`Endpoint ${endpoint.url}, calling from client IP ${endpoint.clientIp}.`];
      try {
        log.push('Asking namecheap.users.getBalances (checks the API user, key and IP whitelist).');
        const balances = child(await call('namecheap.users.getBalances', {}, options), 'UserGetBalancesResult');
        log.push(`Accepted: available balance ${attr(balances, 'AvailableBalance') ?? 'unknown'} ${attr(balances, 'Currency') ?? ''}`.trimEnd() + '.');
        log.push('Asking namecheap.domains.getList for the first page of domains.');
        const { total } = listPage(await listPageOf(1, {}, options));
        log.push(`Accepted: ${total} domain${total === 1 ? '' : 's'} in the account.`);
        return { ok: true, log };
      } catch (error) {
        if (!(error instanceof RegistrarError)) throw error;
        log.push(`Failed (${error.kind}): ${error.message}`);
        if (error.kind === 'auth') {
          log.push(`Check NAMECHEAP_API_USER, NAMECHEAP_API_KEY and NAMECHEAP_USERNAME, that API access is enabled, and that ${endpoint.clientIp} is whitelisted in Namecheap's API access page.`);
        }
        return { ok: false, log };
      }
    },
  };
}
