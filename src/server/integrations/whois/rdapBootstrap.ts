import { untilAborted } from './cancellation.ts';
import { DomainLookupError } from './domainLookup.ts';

/** RFC 9224: each service is [[tld labels], [base URLs]]. */
export interface RdapService {
  tlds: string[];
  bases: string[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function parseBootstrap(json: unknown): RdapService[] {
  const services = (json as { services?: unknown })?.services;
  if (!Array.isArray(services)) throw new Error('the RDAP bootstrap file has no services');
  return services.flatMap((service): RdapService[] => {
    if (!Array.isArray(service) || !Array.isArray(service[0]) || !Array.isArray(service[1])) return [];
    const tlds = service[0].filter((tld): tld is string => typeof tld === 'string').map((tld) => tld.trim().toLowerCase().replace(/^\./, ''));
    const bases = service[1].filter((base): base is string => typeof base === 'string' && /^https?:\/\//i.test(base))
      .map((base) => (base.endsWith('/') ? base : `${base}/`));
    return tlds.length > 0 && bases.length > 0 ? [{ tlds, bases }] : [];
  });
}

/** The RDAP base for a name: the longest TLD that matches ('co.uk' before 'uk'), https preferred. */
export function rdapBaseFor(services: RdapService[], domain: string): string | null {
  const labels = domain.split('.');
  for (let start = 1; start < labels.length; start += 1) {
    const suffix = labels.slice(start).join('.');
    const service = services.find((candidate) => candidate.tlds.includes(suffix));
    if (service) return service.bases.find((base) => base.startsWith('https:')) ?? service.bases[0];
  }
  return null;
}

/**
 * The IANA bootstrap file, kept in memory for a day (it changes a few times a year). Lookups
 * that start together share one download, which is not cancelled when one of them gives up; a
 * failed download is not kept, so the next lookup tries again.
 */
export function createBootstrapCache(options: { url: string; timeoutMs: number; now: () => number }) {
  let cached: { services: RdapService[]; fetchedAt: number } | null = null;
  let pending: Promise<RdapService[]> | null = null;

  async function download(): Promise<RdapService[]> {
    let response: Response;
    try {
      response = await fetch(options.url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(options.timeoutMs) });
    } catch {
      throw new Error('the RDAP bootstrap file could not be fetched');
    }
    if (!response.ok) throw new Error(`the RDAP bootstrap file answered HTTP ${response.status}`);
    let json: unknown;
    try {
      json = JSON.parse(await response.text());
    } catch {
      throw new Error('the RDAP bootstrap file is not JSON');
    }
    const services = parseBootstrap(json);
    cached = { services, fetchedAt: options.now() };
    return services;
  }

  return {
    get(signal?: AbortSignal): Promise<RdapService[]> {
      if (cached && options.now() - cached.fetchedAt < DAY_MS) return Promise.resolve(cached.services);
      if (signal?.aborted) return Promise.reject(new DomainLookupError('unavailable', 'The domain lookup was cancelled.'));
      if (!pending) {
        pending = download().finally(() => { pending = null; });
        // Every lookup that gave up leaves the download running; its failure is theirs to ignore.
        pending.catch(() => {});
      }
      return untilAborted(pending, signal, 'The domain lookup was cancelled.');
    },
  };
}
