/**
 * Domain search: the query parser, the search-mode decision and the recent-search list of the
 * spec (customer portal, sections 4, 5 and 9), shared by /domains/search and `searchDomains`.
 * TLDs are written without the leading dot ('com', 'co.uk'), as the registrar layer writes
 * them; messages show them with it ('.com').
 */
import { formatAmount } from '../billing/billing.ts';

/** The TLD checkboxes of /domains/search. */
export const SELECTABLE_TLDS = ['com', 'net', 'org', 'info', 'biz', 'co', 'io', 'app', 'dev', 'tech'] as const;
export const DEFAULT_SELECTED_TLDS: readonly string[] = ['com', 'net'];
/** The popular priority list; shown only where priced. */
export const POPULAR_TLDS = ['com', 'net', 'org', 'io', 'co', 'app', 'dev', 'biz'] as const;
export const POPULAR_TLDS_MAX = 8;
/** A supported full-domain search: the typed TLD plus up to this many others. */
export const SUPPORTED_EXTRA_TLDS = 6;
/** A name-only search with no TLD ticked: this many of the popular list. */
export const NO_SELECTION_TLDS = 4;
/** A name-only search checks at most this many ticked TLDs (the number of checkboxes). */
export const SELECTED_TLDS_MAX = SELECTABLE_TLDS.length;
export const RECENT_SEARCHES_MAX = 5;
export const PRICING_PANEL_SIZE = 10;
export const TLD_MIN_LENGTH = 2;
export const TLD_MAX_LENGTH = 10;
/** One DNS label (RFC 1035). */
export const NAME_MAX_LENGTH = 63;

/**
 * Second-level labels under which registries sell names (co.uk, com.au, org.nz, ac.jp...). A
 * two-part TLD is recognised only when its last part is a two-letter country code and its
 * first part is one of these, so 'mail.example.com' stays the TLD 'com'.
 */
export const SECOND_LEVEL_LABELS: readonly string[] = [
  'ac', 'co', 'com', 'edu', 'gov', 'ltd', 'me', 'net', 'nom', 'org', 'plc', 'sch',
];

export const SEARCH_EMPTY_QUERY = 'Please enter a domain name to search.';
export const SEARCH_NO_ACCOUNT = 'Please select an active account first.';
export const SEARCH_INVALID_NAME = 'Please enter a valid domain name.';
export const SEARCH_NO_SUPPORTED_TLDS = 'No supported TLDs available for search. Please try again later.';

export const tldLabel = (tld: string) => `.${tld}`;

/** '.com is supported ($12.99)' */
export function tldSupportedMessage(tld: string, priceCents: number): string {
  return `${tldLabel(tld)} is supported (${formatAmount(priceCents)})`;
}

/** '.xyz is not supported. Showing popular alternatives instead.' */
export function tldUnsupportedMessage(tld: string): string {
  return `${tldLabel(tld)} is not supported. Showing popular alternatives instead.`;
}

export interface ParsedDomainQuery {
  /** A valid DNS label: a-z, 0-9 and inner hyphens, 1 to 63 characters. */
  name: string;
  /** The TLD typed after the name ('com', 'co.uk'), or null for a name alone. */
  tld: string | null;
  /** What was typed, trimmed, as the spec's originalQuery. */
  originalQuery: string;
}

export type DomainQueryParse = ({ ok: true } & ParsedDomainQuery) | { ok: false; error: string };

const TLD_PART = new RegExp(`^[a-z]{${TLD_MIN_LENGTH},${TLD_MAX_LENGTH}}$`);
const COUNTRY_CODE = /^[a-z]{2}$/;

/** Drops `char` from the end; a loop, since /-+$/ backtracks quadratically on a long paste. */
function trimEndChar(text: string, char: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === char) end -= 1;
  return text.slice(0, end);
}

function trimChar(text: string, char: string): string {
  let start = 0;
  while (start < text.length && text[start] === char) start += 1;
  return trimEndChar(text.slice(start), char);
}

/** The name a name part gives: a leading 'www.' dropped, then only a-z, 0-9 and inner hyphens. */
function nameOf(namePart: string): string {
  const withoutWww = namePart.startsWith('www.') ? namePart.slice(4) : namePart;
  return trimChar(withoutWww.replace(/[^a-z0-9-]/g, ''), '-');
}

/**
 * Beyond the spec, a pasted address is reduced to its host: the scheme, user, port, path,
 * query and fragment go ('https://www.Example.com/path' is 'www.example.com'), and so do
 * whitespace (so 'example .com' keeps its TLD) and a root's trailing dot.
 */
function hostOf(query: string): string {
  let host = query.replace(/\s+/g, '').replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/^\/+/, '');
  host = host.split(/[/?#]/, 1)[0] ?? '';
  host = host.slice(host.lastIndexOf('@') + 1);
  host = host.split(':', 1)[0] ?? '';
  return trimEndChar(host, '.');
}

/** The TLD at the end of a host and the part before it; no TLD when the last label is not one. */
function splitTld(host: string): { namePart: string; tld: string | null } {
  const labels = host.split('.');
  const top = labels[labels.length - 1] ?? '';
  if (labels.length < 2 || !TLD_PART.test(top)) return { namePart: host, tld: null };
  const second = labels[labels.length - 2] ?? '';
  const beforeSecond = labels.slice(0, -2).join('.');
  // 'co.uk' typed alone is the name 'co' under .uk: a two-part TLD needs a name before it.
  if (COUNTRY_CODE.test(top) && SECOND_LEVEL_LABELS.includes(second) && nameOf(beforeSecond) !== '') {
    return { namePart: beforeSecond, tld: `${second}.${top}` };
  }
  return { namePart: labels.slice(0, -1).join('.'), tld: top };
}

/**
 * The spec's parsing: lower-cased and trimmed; a TLD after the last dot when it is 2 to 10
 * letters (or a two-part TLD, see SECOND_LEVEL_LABELS); the name part stripped to a-z, 0-9 and
 * hyphen. Beyond the spec: a pasted address is reduced to its host (hostOf), a leading 'www.'
 * is dropped when a name follows it, leading and trailing hyphens go, and a name longer than
 * one DNS label (63) is refused. Other subdomains are kept, their dots stripped like any other
 * character ('mail.example.com' searches 'mailexample'), as the spec's stripping rule says.
 */
export function parseDomainQuery(input: unknown): DomainQueryParse {
  const originalQuery = typeof input === 'string' ? input.trim() : '';
  if (originalQuery === '') return { ok: false, error: SEARCH_EMPTY_QUERY };
  const { namePart, tld } = splitTld(hostOf(originalQuery.toLowerCase()));
  const name = nameOf(namePart);
  if (name === '' || name.length > NAME_MAX_LENGTH) return { ok: false, error: SEARCH_INVALID_NAME };
  return { ok: true, name, tld, originalQuery };
}

/** The query as searched: 'example' or 'example.co.uk'. */
export const searchedQuery = (parsed: Pick<ParsedDomainQuery, 'name' | 'tld'>) =>
  parsed.tld === null ? parsed.name : `${parsed.name}.${parsed.tld}`;

/** 'COM', '.com' and ' com ' are 'com'; anything that is not a TLD is null. */
export function normalizeTld(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const tld = raw.trim().toLowerCase().replace(/^\./, '');
  const parts = tld.split('.');
  if (parts.length > 2 || !parts.every((part) => TLD_PART.test(part))) return null;
  return tld;
}

/** The TLDs with a usable price (whole cents, not negative), keys normalised. */
function usablePrices(pricedTlds: Readonly<Record<string, number>>): Map<string, number> {
  const prices = new Map<string, number>();
  for (const [key, cents] of Object.entries(pricedTlds)) {
    const tld = normalizeTld(key);
    if (tld !== null && !prices.has(tld) && Number.isSafeInteger(cents) && cents >= 0) prices.set(tld, cents);
  }
  return prices;
}

/**
 * Every priced TLD in the order searches take them: the popular list first, then the other
 * selectable TLDs, then the rest alphabetically. The spec's counts are filled from here, so a
 * price list lacking some popular TLDs still gives a full search (docs/decisions.md).
 */
function priorityOrder(prices: ReadonlyMap<string, number>): string[] {
  const ranked: readonly string[] = [...POPULAR_TLDS, ...SELECTABLE_TLDS];
  const rest = [...prices.keys()].filter((tld) => !ranked.includes(tld)).sort();
  return [...new Set([...ranked, ...rest])].filter((tld) => prices.has(tld));
}

/** The popular TLDs the page lists: those priced, in priority order, up to 8. */
export function popularTlds(pricedTlds: Readonly<Record<string, number>>): string[] {
  const prices = usablePrices(pricedTlds);
  return POPULAR_TLDS.filter((tld) => prices.has(tld)).slice(0, POPULAR_TLDS_MAX);
}

/** The pricing side panel: 10 TLDs in priority order and how many more are priced. */
export function pricingPanel(pricedTlds: Readonly<Record<string, number>>): {
  shown: { tld: string; priceCents: number }[];
  moreCount: number;
} {
  const prices = usablePrices(pricedTlds);
  const ordered = priorityOrder(prices);
  return {
    shown: ordered.slice(0, PRICING_PANEL_SIZE).map((tld) => ({ tld, priceCents: prices.get(tld) ?? 0 })),
    moreCount: Math.max(0, ordered.length - PRICING_PANEL_SIZE),
  };
}

export const SEARCH_MODES = ['domain', 'full-domain-supported', 'full-domain-unsupported'] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];

export interface SearchDecision {
  mode: SearchMode;
  /** Only priced TLDs, without duplicates. */
  tlds: string[];
  message: string | null;
}

export interface DecideSearchInput {
  parsed: Pick<ParsedDomainQuery, 'name' | 'tld'>;
  selectedTlds: readonly string[];
  /** TLD to its per-year registration price in cents. */
  pricedTlds: Readonly<Record<string, number>>;
}

/**
 * The spec's three modes. A name alone searches the ticked TLDs that are priced (none ticked,
 * or none of them priced: the first 4 by priority); a typed TLD with a price searches it and up
 * to 6 others; a typed TLD without one searches up to 8 alternatives instead.
 */
export function decideSearch({ parsed, selectedTlds, pricedTlds }: DecideSearchInput):
  ({ ok: true } & SearchDecision) | { ok: false; error: string } {
  const prices = usablePrices(pricedTlds);
  const ordered = priorityOrder(prices);
  if (ordered.length === 0) return { ok: false, error: SEARCH_NO_SUPPORTED_TLDS };

  if (parsed.tld === null) {
    const selected = [...new Set(selectedTlds.map(normalizeTld))]
      .filter((tld): tld is string => tld !== null && prices.has(tld))
      .slice(0, SELECTED_TLDS_MAX);
    const tlds = selected.length > 0 ? selected : ordered.slice(0, NO_SELECTION_TLDS);
    return { ok: true, mode: 'domain', tlds, message: null };
  }
  const typedPrice = prices.get(parsed.tld);
  if (typedPrice === undefined) {
    return {
      ok: true,
      mode: 'full-domain-unsupported',
      tlds: ordered.slice(0, POPULAR_TLDS_MAX),
      message: tldUnsupportedMessage(parsed.tld),
    };
  }
  const others = ordered.filter((tld) => tld !== parsed.tld).slice(0, SUPPORTED_EXTRA_TLDS);
  return {
    ok: true,
    mode: 'full-domain-supported',
    tlds: [parsed.tld, ...others],
    message: tldSupportedMessage(parsed.tld, typedPrice),
  };
}

export interface RecentSearch {
  /** The query as searched ('example' or 'example.com'). */
  query: string;
  originalQuery: string;
  tlds: string[];
  mode: SearchMode;
  /** Milliseconds since the epoch. */
  timestamp: number;
}

const sameSearch = (a: RecentSearch, b: RecentSearch) =>
  a.query === b.query && a.tlds.length === b.tlds.length && [...a.tlds].sort().join() === [...b.tlds].sort().join();

/** The list with `entry` first; an earlier search of the same query and TLDs moves up, 5 kept. */
export function addRecentSearch(recent: readonly RecentSearch[], entry: RecentSearch): RecentSearch[] {
  return [entry, ...recent.filter((old) => !sameSearch(old, entry))].slice(0, RECENT_SEARCHES_MAX);
}
