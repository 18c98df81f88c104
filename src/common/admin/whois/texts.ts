/** Lookups one operator may start per minute: registries rate-limit our address, not the operator. */
export const WHOIS_LOOKUPS_PER_MINUTE = 10;

export const WHOIS_DOMAIN_REQUIRED = 'Enter a domain name, such as example.com.';
export const WHOIS_DOMAIN_INVALID = 'This is not a domain name. Enter a name such as example.com, without http:// or a path.';
export const WHOIS_DOMAIN_TOO_LONG = 'A domain name has at most 253 characters.';
export const WHOIS_RATE_LIMITED = (seconds: number) =>
  `Too many lookups. Wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;
export const WHOIS_UNSUPPORTED = (tld: string) => `No RDAP or WHOIS service is known for .${tld}, so this name cannot be looked up.`;
export const WHOIS_UNAVAILABLE = 'The registry did not answer the lookup. Try again in a few minutes.';
export const WHOIS_NOT_REGISTERED = 'The registry has no record of this name: it is not registered.';

export const WHOIS_SOURCE_LABELS = { rdap: 'RDAP', whois: 'WHOIS (port 43)' } as const;
