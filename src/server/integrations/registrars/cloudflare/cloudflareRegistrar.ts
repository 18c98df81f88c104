import { type Clock, systemClock } from '../../../clock.ts';
import type { Config } from '../../../config.ts';
import {
  type CallOptions, type ConnectionTest, type OwnedDomain, type OwnedDomainPage, type Registrar, RegistrarError,
} from '../registrar.ts';
import { type CloudflareConnection, cloudflareCall, redact } from './cloudflareClient.ts';
import { type CloudflareDomain, infoOf, ownedOf, readDomain } from './cloudflareDomain.ts';

/** Names per list page; the documented maximum of the v4 list endpoints. */
export const CLOUDFLARE_PAGE_SIZE = 50;
/** A bound on paging, so an API that keeps answering the same page cannot loop forever. */
const MAX_PAGES = 2000;

/**
 * Cloudflare Registrar through its v4 account endpoints (reference/registrars.md §4): it lists
 * the account's names and changes lock, auto-renew and privacy. Registration, renewal,
 * availability and prices are not offered by those endpoints (the beta registrations API is
 * billed to the account's card, outside our order flow), so this supplier is never priced and
 * never a candidate: domain sync, settings and manual completion only.
 */
export function createCloudflareRegistrar(config: Config, options: { clock?: Clock; timeoutMs?: number } = {}): Registrar | null {
  if (!config.CLOUDFLARE_API_TOKEN || !config.CLOUDFLARE_ACCOUNT_ID) return null;
  const clock = options.clock ?? systemClock;
  const connection: CloudflareConnection = {
    baseUrl: config.CLOUDFLARE_API_URL.replace(/\/$/, ''), token: config.CLOUDFLARE_API_TOKEN, accountId: config.CLOUDFLARE_ACCOUNT_ID, timeoutMs: options.timeoutMs,
  };
  const unsupported = (what: string) => new RegistrarError('unsupported', `Cloudflare's registrar API does not offer ${what}.`, { registrar: 'cloudflare' });
  const path = (domain: string) => `/domains/${encodeURIComponent(domain)}`;

  async function readOne(domain: string, callOptions?: CallOptions): Promise<CloudflareDomain> {
    const answer = await cloudflareCall(connection, 'domains.get', 'GET', path(domain), { signal: callOptions?.signal });
    const read = readDomain(answer.result);
    // The call succeeded but says nothing we can read: whatever was asked before may have happened.
    if (!read) throw new RegistrarError('unavailable', `cloudflare answered domains.get for ${domain} without a domain.`, { registrar: 'cloudflare', command: 'domains.get' });
    return read;
  }

  async function update(domain: string, change: { locked?: boolean; auto_renew?: boolean; privacy?: boolean }, callOptions?: CallOptions): Promise<void> {
    await cloudflareCall(connection, 'domains.update', 'PUT', path(domain), { body: change, signal: callOptions?.signal });
  }

  const registrar: Registrar = {
    id: 'cloudflare',
    name: 'Cloudflare',
    getInfoCalls: 1,
    renewsOnlyByAutoRenew: true,

    checkAvailability: () => Promise.reject(unsupported('availability checks')),
    listTldCosts: () => Promise.reject(unsupported('TLD prices')),
    register: () => Promise.reject(unsupported('registering names')),
    renew: () => Promise.reject(unsupported('renewing names (Cloudflare renews by auto-renew only)')),
    setNameservers: () => Promise.reject(unsupported('setting nameservers (a Cloudflare-registered name uses its Cloudflare zone\'s)')),
    setContacts: () => Promise.reject(unsupported('changing contacts')),
    getTransferCode: () => Promise.reject(unsupported('the transfer code (the dashboard shows it)')),

    async getInfo(domain, callOptions) {
      return infoOf(await readOne(domain, callOptions), clock.now());
    },
    setLock: (domain, locked, callOptions) => update(domain, { locked }, callOptions),
    setAutoRenew: (domain, enabled, callOptions) => update(domain, { auto_renew: enabled }, callOptions),
    setPrivacy: (domain, enabled, callOptions) => update(domain, { privacy: enabled }, callOptions),

    async listDomainPage(page, callOptions): Promise<OwnedDomainPage> {
      const answer = await cloudflareCall(connection, 'domains.list', 'GET', '/domains', {
        query: { page: String(page), per_page: String(CLOUDFLARE_PAGE_SIZE) }, signal: callOptions?.signal,
      });
      if (!Array.isArray(answer.result)) {
        throw new RegistrarError('unavailable', 'cloudflare answered domains.list without a list.', { registrar: 'cloudflare', command: 'domains.list' });
      }
      const now = clock.now();
      const domains = answer.result.map(readDomain).filter((d): d is CloudflareDomain => d !== null).map((d) => ownedOf(d, now));
      const info = answer.result_info;
      const more = info?.total_pages !== undefined ? page < info.total_pages : answer.result.length >= CLOUDFLARE_PAGE_SIZE;
      return { domains, nextPage: more && answer.result.length > 0 ? page + 1 : null };
    },

    async listDomains(callOptions) {
      const all: OwnedDomain[] = [];
      const seen = new Set<string>();
      for (let page: number | null = 1, n = 0; page !== null && n < MAX_PAGES; n++) {
        const answer: OwnedDomainPage = await registrar.listDomainPage!(page, callOptions);
        for (const domain of answer.domains) {
          if (seen.has(domain.domain)) continue;
          seen.add(domain.domain);
          all.push(domain);
        }
        page = answer.nextPage;
      }
      return all;
    },

    async testConnection(callOptions): Promise<ConnectionTest> {
      const log: string[] = [`Calling Cloudflare's API at ${new URL(connection.baseUrl).host} (registrar domains of the account).`];
      try {
        const answer = await cloudflareCall(connection, 'domains.list', 'GET', '/domains', { query: { page: '1', per_page: '1' }, signal: callOptions?.signal });
        const total = answer.result_info?.total_count ?? (Array.isArray(answer.result) ? answer.result.length : 0);
        log.push(`The token was accepted; the account holds ${total} domain${total === 1 ? '' : 's'} at Cloudflare Registrar.`);
        log.push('Cloudflare is used for domain sync and settings only: its API neither sells nor prices names.');
        return { ok: true, log: log.map((line) => redact(line, connection.token)) };
      } catch (error) {
        log.push(`Failed: ${error instanceof Error ? error.message : String(error)}`);
        return { ok: false, log: log.map((line) => redact(line, connection.token)) };
      }
    },
  };
  return registrar;
}
