/**
 * Port-43 servers of the spec's TLDs and the two-part ones the sandbox sells. Since January 2025
 * gTLD registries need not run WHOIS any more: this is a fallback for when RDAP fails, not a
 * promise that these still answer.
 */
const WHOIS_SERVERS: Record<string, string> = {
  com: 'whois.verisign-grs.com',
  net: 'whois.verisign-grs.com',
  org: 'whois.publicinterestregistry.org',
  info: 'whois.nic.info',
  biz: 'whois.nic.biz',
  co: 'whois.nic.co',
  io: 'whois.nic.io',
  app: 'whois.nic.google',
  dev: 'whois.nic.google',
  tech: 'whois.nic.tech',
  uk: 'whois.nic.uk',
  'co.uk': 'whois.nic.uk',
  'org.uk': 'whois.nic.uk',
  au: 'whois.auda.org.au',
  'com.au': 'whois.auda.org.au',
};

/** The built-in server for a TLD ('co.uk' before 'uk'). */
export function builtInWhoisHost(tld: string): string | null {
  const labels = tld.split('.');
  for (let start = 0; start < labels.length; start += 1) {
    const host = WHOIS_SERVERS[labels.slice(start).join('.')];
    if (host) return host;
  }
  return null;
}
