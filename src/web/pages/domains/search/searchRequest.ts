import type { FnInput } from '../../../api/client.ts';
import {
  DEFAULT_SELECTED_TLDS, SEARCH_EMPTY_QUERY, SEARCH_NO_ACCOUNT, SELECTABLE_TLDS, decideSearch, normalizeTld,
  parseDomainQuery, searchedQuery,
} from '../../../../common/domains/search.ts';

/** What the customer asked for: the box's text and the ticked TLDs (without dots). */
export interface SearchTerms {
  query: string;
  tlds: string[];
}

export type SearchInput = FnInput<'searchDomains'>;

export type SearchRequest =
  | {
    ok: true;
    input: SearchInput;
    /** The names the search will check, when the prices are known: one skeleton row each while it runs. */
    expectedDomains: string[] | null;
  }
  | { ok: false; error: string };

/** The contract's limit on `originalQuery`; a longer paste is still searched by its host. */
const ORIGINAL_QUERY_MAX = 500;

/**
 * The spec's checks in its order (empty, no account, not a name, no supported TLDs), then the
 * call with its extra fields. The server decides the mode and TLDs again from its own prices;
 * `pricedTlds` (cents per TLD, or null while the prices load) only fills `searchMode` and
 * the rows to expect.
 */
export function buildSearchRequest(
  terms: SearchTerms,
  accountId: string | null,
  pricedTlds: Readonly<Record<string, number>> | null,
): SearchRequest {
  if (terms.query.trim() === '') return { ok: false, error: SEARCH_EMPTY_QUERY };
  if (!accountId) return { ok: false, error: SEARCH_NO_ACCOUNT };
  const parsed = parseDomainQuery(terms.query);
  if (!parsed.ok) return parsed;
  const decision = pricedTlds ? decideSearch({ parsed, selectedTlds: terms.tlds, pricedTlds }) : null;
  if (decision && !decision.ok) return decision;
  return {
    ok: true,
    input: {
      query: searchedQuery(parsed),
      tlds: terms.tlds,
      accountId,
      enhancedSearch: true,
      originalQuery: parsed.originalQuery.slice(0, ORIGINAL_QUERY_MAX),
      ...(decision ? { searchMode: decision.mode } : {}),
      requestedTld: parsed.tld,
      parsedInput: { name: parsed.name, tld: parsed.tld },
    },
    expectedDomains: decision ? decision.tlds.map((tld) => `${parsed.name}.${tld}`) : null,
  };
}

/** The TLDs of the `tlds` URL parameter ('com,net'); absent means the defaults, empty means none ticked. */
export function tldsFromParam(param: string | null): string[] {
  if (param === null) return [...DEFAULT_SELECTED_TLDS];
  const wanted = new Set(param.split(',').map(normalizeTld));
  // Kept in the checkboxes' order, so one search has one URL and one cache entry.
  return SELECTABLE_TLDS.filter((tld) => wanted.has(tld));
}

export function tldsToParam(tlds: readonly string[]): string {
  return tldsFromParam(tlds.join(',')).join(',');
}

/** The URL parameters of a search: ?q=example&tlds=com,net. */
export function termsToParams(terms: SearchTerms): URLSearchParams {
  return new URLSearchParams({ q: terms.query, tlds: tldsToParam(terms.tlds) });
}

export function termsFromParams(params: URLSearchParams): SearchTerms | null {
  const query = params.get('q');
  return query === null ? null : { query, tlds: tldsFromParam(params.get('tlds')) };
}
