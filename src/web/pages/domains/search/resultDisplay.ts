import { formatAmount } from '../../../../common/billing/billing.ts';
import type { SearchResult } from '../../../../common/domains/contract.ts';
import {
  SEARCH_EMPTY_QUERY, SEARCH_INVALID_NAME, SEARCH_NO_ACCOUNT, SEARCH_NO_SUPPORTED_TLDS,
} from '../../../../common/domains/search.ts';
import { FunctionCallError } from '../../../api/functionCallError.ts';
import type { SearchTerms } from './searchRequest.ts';

export const PRICING_LOAD_FAILED = 'Could not load domain pricing information.';
export const SEARCH_FAILED = 'Search failed. Please try again.';
export const searchFailedMessage = (message: string) => `Search failed: ${message}`;

/** Per year, as the spec shows domain prices: '$12.34/yr'; null when the search gave none (taken, not checked). */
export function pricePerYear(result: Pick<SearchResult, 'priceCents'>): string | null {
  return result.priceCents === null ? null : `${formatAmount(result.priceCents)}/yr`;
}

/** 'Could not check: {why}'; the server's own sentence already says it ('Could not check availability right now.'). */
export function checkFailedText(error: string): string {
  return /^could not check\b/i.test(error) ? error : `Could not check: ${error}`;
}

/** The registration form of an available name, with our price per year as a hint (the form reads ours again). */
export function registerPath(result: Pick<SearchResult, 'domain' | 'priceCents'>): string {
  const params = new URLSearchParams({ domain: result.domain });
  if (result.priceCents !== null) params.set('price', (result.priceCents / 100).toFixed(2));
  return `/domains/register?${params}`;
}

/** Checking one name again: the name alone with its TLD as the only one ticked checks exactly that name. */
export function retryTerms(domain: string): SearchTerms {
  const dot = domain.indexOf('.');
  return { query: domain.slice(0, dot), tlds: [domain.slice(dot + 1)] };
}

/** The rows with one name's new answer in place (a retried row). */
export function withResult(results: readonly SearchResult[], fresh: SearchResult): SearchResult[] {
  return results.map((row) => (row.domain === fresh.domain ? fresh : row));
}

/** The TLDs a search checked, read from its rows ('example.co.uk' checked 'co.uk'). */
export function searchedTlds(results: readonly Pick<SearchResult, 'domain'>[]): string[] {
  return results.map((r) => r.domain.slice(r.domain.indexOf('.') + 1));
}

const SPEC_SEARCH_TEXTS: readonly string[] = [SEARCH_EMPTY_QUERY, SEARCH_NO_ACCOUNT, SEARCH_INVALID_NAME, SEARCH_NO_SUPPORTED_TLDS];

/**
 * A refused or failed search in the spec's words: its own validation texts as the server gives
 * them, 'Search failed: {message}' for any other sentence of ours, and 'Search failed. Please
 * try again.' when there is nothing a customer could act on (an internal error).
 */
export function searchErrorText(error: unknown): string {
  if (!(error instanceof FunctionCallError)) return SEARCH_FAILED;
  if (SPEC_SEARCH_TEXTS.includes(error.message)) return error.message;
  if (error.code === 'internal' || error.code === 'unknown' || !error.message) return SEARCH_FAILED;
  return searchFailedMessage(error.message);
}

/** The line above the results: '2 of 7 names are available.' */
export function availabilitySummary(results: readonly Pick<SearchResult, 'available' | 'error'>[]): string {
  const available = results.filter((r) => r.available && r.error === null).length;
  if (available === 0) return results.length === 1 ? 'This name is not available.' : 'None of these names is available.';
  return `${available} of ${results.length} ${results.length === 1 ? 'name' : 'names'} ${available === 1 ? 'is' : 'are'} available.`;
}
