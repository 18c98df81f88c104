import { type DomainLookup, DomainLookupError, hostName, isoDate, statusWords, unique } from './domainLookup.ts';

/** 'Key: value', where the colon is followed by a space or the end (so 'host 2001:db8::1' is no key). */
const KEY_VALUE = /^\s*([A-Za-z][^:]*?)\s*:(?:\s+(.*))?$/;

/** Phrases of registries saying the name is not registered. */
const NOT_FOUND = /no match for|not found|no data found|no entries found|no object found|status:\s*(free|available)|is available for registration|this query returned 0 objects/i;

const FIELDS = {
  expiresAt: ['registry expiry date', 'registrar registration expiration date', 'expiry date', 'expiration date', 'expires on', 'expires', 'expire date', 'paid-till', 'renewal date'],
  registeredAt: ['creation date', 'created date', 'created on', 'registered on', 'registration date', 'registration time', 'created', 'domain registration date'],
  updatedAt: ['updated date', 'last updated', 'last modified', 'last update', 'changed', 'modified'],
  registrar: ['registrar', 'sponsoring registrar', 'registrar name', 'registrar organization'],
  nameservers: ['name server', 'name servers', 'nameserver', 'nameservers', 'nserver'],
  status: ['domain status', 'status', 'state'],
} as const;

const indentOf = (line: string) => line.length - line.trimStart().length;

/**
 * Every key's values, in order. A key with nothing after its colon heads a block (Nominet's
 * 'Registrar:' and 'Name servers:'): its more indented lines that are not keys themselves are
 * its values.
 */
function entriesOf(text: string): Map<string, string[]> {
  const entries = new Map<string, string[]>();
  const add = (key: string, value: string) => entries.set(key, [...(entries.get(key) ?? []), value]);
  const lines = text.split(/\r?\n/);
  lines.forEach((line, index) => {
    if (/^\s*(%|#|>>>)/.test(line)) return;
    const match = KEY_VALUE.exec(line);
    if (!match) return;
    const key = match[1].toLowerCase().replace(/\s+/g, ' ');
    const value = match[2]?.trim() ?? '';
    if (value) return add(key, value);
    for (const next of lines.slice(index + 1)) {
      if (!next.trim()) break;
      if (indentOf(next) <= indentOf(line)) break;
      if (!KEY_VALUE.test(next)) add(key, next.trim());
    }
  });
  return entries;
}

/**
 * The common lines of a WHOIS answer in our shape, or null when the registry says the name is
 * not registered. There is no standard format (RFC 3912), so names of fields are matched
 * loosely and the first of each wins.
 */
export function lookupFromWhois(text: string, tld: string): DomainLookup | null {
  const entries = entriesOf(text);
  const first = (keys: readonly string[]) => keys.flatMap((key) => entries.get(key) ?? [])[0] ?? null;
  const all = (keys: readonly string[]) => keys.flatMap((key) => entries.get(key) ?? []);
  const lookup: DomainLookup = {
    source: 'whois',
    registrar: first(FIELDS.registrar)?.replace(/\s*\[Tag = [^\]]*\]\s*$/i, '') || null,
    // 'clientTransferProhibited https://icann.org/epp#clientTransferProhibited': the code is the first word.
    status: unique(all(FIELDS.status).map((value) => statusWords(value.split(/\s+http/)[0]))),
    registeredAt: isoDate(first(FIELDS.registeredAt)),
    expiresAt: isoDate(first(FIELDS.expiresAt)),
    updatedAt: isoDate(first(FIELDS.updatedAt)),
    // 'ns1.example.net 192.0.2.1': the host is the first word.
    nameservers: unique(all(FIELDS.nameservers).map((value) => hostName(value.split(/\s+/)[0]))),
  };
  const found = lookup.registrar || lookup.registeredAt || lookup.expiresAt || lookup.nameservers.length > 0;
  if (!found && NOT_FOUND.test(text)) return null;
  if (!found) throw new DomainLookupError('unavailable', `The WHOIS answer for .${tld} had nothing we could read.`);
  return lookup;
}
