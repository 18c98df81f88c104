import { describe, expect, it } from 'vitest';
import type { SearchResult } from '../../../../common/domains/contract.ts';
import { SEARCH_INVALID_NAME, SEARCH_NO_SUPPORTED_TLDS } from '../../../../common/domains/search.ts';
import { FunctionCallError } from '../../../api/functionCallError.ts';
import {
  SEARCH_FAILED, availabilitySummary, checkFailedText, pricePerYear, registerPath, retryTerms, searchErrorText,
  searchedTlds, withResult,
} from './resultDisplay.ts';

const row = (domain: string, extra: Partial<SearchResult> = {}): SearchResult => ({
  domain, available: true, price: 12.34, priceCents: 1234, premium: false, supplier: 'Sandbox', error: null, ...extra,
});

describe('a result row', () => {
  it('shows our price per year with two decimals, or none', () => {
    expect(pricePerYear({ priceCents: 1234 })).toBe('$12.34/yr');
    expect(pricePerYear({ priceCents: 900 })).toBe('$9.00/yr');
    expect(pricePerYear({ priceCents: null })).toBeNull();
  });

  it('links Register to the form with the name and the price as a hint', () => {
    expect(registerPath(row('example.com'))).toBe('/domains/register?domain=example.com&price=12.34');
    expect(registerPath(row('example.co.uk', { priceCents: 1000 }))).toBe('/domains/register?domain=example.co.uk&price=10.00');
    expect(registerPath(row('example.com', { priceCents: null }))).toBe('/domains/register?domain=example.com');
  });

  it('says why a name could not be checked, without saying it twice', () => {
    expect(checkFailedText('Could not check availability right now.')).toBe('Could not check availability right now.');
    expect(checkFailedText('The request timed out. Please try again.')).toBe('Could not check: The request timed out. Please try again.');
  });

  it('retries one name as that name alone with its own TLD ticked', () => {
    expect(retryTerms('example.com')).toEqual({ query: 'example', tlds: ['com'] });
    expect(retryTerms('example.co.uk')).toEqual({ query: 'example', tlds: ['co.uk'] });
  });

  it('puts a retried answer in its place and leaves the others', () => {
    const rows = [row('a.com'), row('a.net', { available: false, error: 'Could not check availability right now.' }), row('a.org')];
    const fresh = row('a.net', { priceCents: 1500 });
    expect(withResult(rows, fresh)).toEqual([rows[0], fresh, rows[2]]);
  });

  it('reads the TLDs a search checked from its rows', () => {
    expect(searchedTlds([row('a.com'), row('a.co.uk')])).toEqual(['com', 'co.uk']);
  });
});

describe('availabilitySummary', () => {
  it('counts only names that were checked and are free', () => {
    expect(availabilitySummary([row('a.com'), row('a.net', { available: false }), row('a.org', { available: true, error: 'x' })]))
      .toBe('1 of 3 names is available.');
    expect(availabilitySummary([row('a.com'), row('a.net')])).toBe('2 of 2 names are available.');
    expect(availabilitySummary([row('a.com')])).toBe('1 of 1 name is available.');
    expect(availabilitySummary([row('a.com', { available: false })])).toBe('This name is not available.');
    expect(availabilitySummary([row('a.com', { available: false }), row('a.net', { available: false })])).toBe('None of these names is available.');
  });
});

describe('searchErrorText', () => {
  it('shows the spec\'s own search texts as the server gives them', () => {
    expect(searchErrorText(new FunctionCallError('invalid-argument', SEARCH_INVALID_NAME))).toBe(SEARCH_INVALID_NAME);
    expect(searchErrorText(new FunctionCallError('invalid-argument', SEARCH_NO_SUPPORTED_TLDS))).toBe(SEARCH_NO_SUPPORTED_TLDS);
  });

  it('puts any other sentence of ours after "Search failed:"', () => {
    expect(searchErrorText(new FunctionCallError('invalid-argument', 'A TLD is not valid.'))).toBe('Search failed: A TLD is not valid.');
    expect(searchErrorText(new FunctionCallError('unavailable', 'Could not reach the server. Please check your connection.')))
      .toBe('Search failed: Could not reach the server. Please check your connection.');
  });

  it('falls back to "Search failed. Please try again." when nothing could be acted on', () => {
    expect(searchErrorText(new FunctionCallError('internal', 'Internal error (request id 7).'))).toBe(SEARCH_FAILED);
    expect(searchErrorText(new FunctionCallError('unknown', ''))).toBe(SEARCH_FAILED);
    expect(searchErrorText(new TypeError('x is undefined'))).toBe(SEARCH_FAILED);
  });
});
