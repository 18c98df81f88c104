import { type DomainInspection, type DomainLookupClient, DomainLookupError, type LookupOptions } from './domainLookup.ts';
import { createBootstrapCache, rdapBaseFor } from './rdapBootstrap.ts';
import { lookupFromRdap } from './rdapDomain.ts';
import { fetchRdapDomain } from './rdapFetch.ts';
import { lookupFromWhois } from './whoisParse.ts';
import { whoisQuery } from './whoisQuery.ts';
import { builtInWhoisHost } from './whoisServers.ts';

export interface RdapClientOptions {
  /** The IANA bootstrap file (config RDAP_BOOTSTRAP_URL). */
  bootstrapUrl: string;
  /** Per request: the bootstrap download, the RDAP query (with its redirects), the WHOIS exchange. */
  fetchTimeoutMs?: number;
  /** 43 unless a test's fake listens elsewhere. */
  whoisPort?: number;
  /** The WHOIS server of a TLD ('com', 'co.uk'), or null for none; replaces the built-in table. */
  whoisHostFor?: (tld: string) => string | null;
  /** Milliseconds since the epoch, for the bootstrap cache's day. */
  now?: () => number;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * Looks a domain up at its registry: RDAP first (the service ICANN requires), found through the
 * IANA bootstrap file, then port-43 WHOIS when the TLD has no RDAP service or its server fails.
 * A registry's "no such domain" (RDAP 404, WHOIS "No match") answers null.
 */
export function createRdapClient(options: RdapClientOptions): DomainLookupClient {
  const timeoutMs = options.fetchTimeoutMs ?? 10_000;
  // Wall time: how old the cached IANA file is, not business time.
  const bootstrap = createBootstrapCache({ url: options.bootstrapUrl, timeoutMs, now: options.now ?? Date.now });
  const whoisHostFor = options.whoisHostFor ?? builtInWhoisHost;

  const client: DomainLookupClient = {
    lookup: async (input, options) => (await client.inspect(input, options)).lookup,

    async inspect(input: string, { signal }: LookupOptions = {}): Promise<DomainInspection> {
      const domain = input.trim().toLowerCase().replace(/\.$/, '');
      const labels = domain.split('.');
      if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) throw new DomainLookupError('invalid', `Not a domain name: ${input}`);
      const tld = labels.slice(1).join('.');
      const cancelled = () => new DomainLookupError('unavailable', `The lookup of ${domain} was cancelled.`);

      let rdapProblem: string;
      const services = await bootstrap.get(signal).catch((error: Error) => {
        if (signal?.aborted) throw cancelled();
        rdapProblem = error.message;
        return null;
      });
      const base = services && rdapBaseFor(services, domain);
      if (base) {
        try {
          const answer = await fetchRdapDomain({ base, domain, timeoutMs, signal });
          return { domain, source: 'rdap', lookup: answer.found ? lookupFromRdap(answer.domain) : null, raw: answer.text };
        } catch (error) {
          if (signal?.aborted) throw cancelled();
          rdapProblem = (error as Error).message;
        }
      } else if (services) {
        rdapProblem = `.${tld} has no RDAP service`;
      }

      const host = whoisHostFor(tld);
      if (!host) {
        // Only a TLD that the bootstrap file lists without RDAP has nothing to ask; a failed server or bootstrap may answer later.
        throw new DomainLookupError(base || !services ? 'unavailable' : 'unsupported', `${domain} could not be looked up: ${rdapProblem!}, and no WHOIS server is known for .${tld}.`);
      }
      let text: string;
      try {
        text = await whoisQuery({ host, port: options.whoisPort ?? 43, query: domain, timeoutMs, signal });
      } catch (error) {
        if (signal?.aborted) throw cancelled();
        throw new DomainLookupError('unavailable', `${domain} could not be looked up: ${rdapProblem!}, and ${(error as Error).message}.`);
      }
      return { domain, source: 'whois', lookup: lookupFromWhois(text, tld), raw: text };
    },
  };
  return client;
}
