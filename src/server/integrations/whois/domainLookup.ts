/** What the registry says of a domain, from RDAP or (as a fallback) port-43 WHOIS. */
export interface DomainLookup {
  source: 'rdap' | 'whois';
  registrar: string | null;
  /** RDAP status words ('client transfer prohibited', 'active'); WHOIS's EPP codes are turned into the same words. */
  status: string[];
  /** ISO instants; null when the registry does not say. */
  registeredAt: string | null;
  expiresAt: string | null;
  updatedAt: string | null;
  /** Lower-case host names without a trailing dot. */
  nameservers: string[];
}

export type DomainLookupErrorKind =
  /** Not a domain name. */
  | 'invalid'
  /** Neither RDAP nor a WHOIS server is known for the TLD. */
  | 'unsupported'
  /** The registry could not be asked (down, slow, malformed answer, cancelled): worth retrying later. */
  | 'unavailable';

export class DomainLookupError extends Error {
  constructor(readonly kind: DomainLookupErrorKind, message: string) {
    super(message);
    this.name = 'DomainLookupError';
  }
}

export interface LookupOptions {
  signal?: AbortSignal;
}

/** A lookup with the registry's own answer beside what we read from it. */
export interface DomainInspection {
  /** The normalised name that was asked. */
  domain: string;
  source: 'rdap' | 'whois';
  /** null when the registry says the name does not exist. */
  lookup: DomainLookup | null;
  /** The answer as received: RDAP's JSON body or WHOIS's text. */
  raw: string;
}

export interface DomainLookupClient {
  /** null when the registry says the name does not exist. */
  lookup(domain: string, options?: LookupOptions): Promise<DomainLookup | null>;
  inspect(domain: string, options?: LookupOptions): Promise<DomainInspection>;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * An ISO instant from the date forms registries write: RFC 3339, '2026-03-14 10:00:00' (read as
 * UTC, not the server's zone), '14-Mar-2026' (.uk), '2026.03.14'; null for anything else.
 */
export function isoDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  let text = value.trim();
  const dayMonthYear = /^(\d{1,2})[-\s]([A-Za-z]{3})[a-z]*[-\s](\d{4})$/.exec(text);
  if (dayMonthYear) {
    const month = MONTHS.indexOf(dayMonthYear[2].toLowerCase());
    if (month < 0) return null;
    text = `${dayMonthYear[3]}-${String(month + 1).padStart(2, '0')}-${dayMonthYear[1].padStart(2, '0')}`;
  }
  text = text.replace(/^(\d{4})[./](\d\d)[./](\d\d)/, '$1-$2-$3');
  if (/^\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d(\.\d+)?)?$/.test(text)) text = `${text.replace(' ', 'T')}Z`;
  if (!/^\d{4}-\d\d-\d\d/.test(text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** EPP's 'clientTransferProhibited' as RDAP's 'client transfer prohibited' (RFC 8056; 'ok' is 'active'). */
export function statusWords(status: string): string {
  const words = status.trim().replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().replace(/\s+/g, ' ');
  return words === 'ok' ? 'active' : words;
}

export function hostName(value: string): string {
  return value.trim().toLowerCase().replace(/\.$/, '');
}

export function unique(values: string[]): string[] {
  return [...new Set(values.filter((value) => value.length > 0))];
}
