import { describe, expect, it } from 'vitest';
import {
  SEARCH_EMPTY_QUERY, SEARCH_INVALID_NAME, SEARCH_NO_ACCOUNT, SEARCH_NO_SUPPORTED_TLDS,
} from '../../../../common/domains/search.ts';
import { buildSearchRequest, termsFromParams, termsToParams, tldsFromParam } from './searchRequest.ts';

const PRICED = { com: 1299, net: 1499, org: 1199, io: 3999, co: 2599, app: 1599, dev: 1399, biz: 999 };

function input(query: string, tlds: string[] = ['com', 'net'], priced: Record<string, number> | null = PRICED) {
  const request = buildSearchRequest({ query, tlds }, 'acc-1', priced);
  if (!request.ok) throw new Error(request.error);
  return request;
}

describe('buildSearchRequest', () => {
  it('checks in the spec\'s order: empty query, then the account, then the name, then the prices', () => {
    expect(buildSearchRequest({ query: '   ', tlds: [] }, null, {})).toEqual({ ok: false, error: SEARCH_EMPTY_QUERY });
    expect(buildSearchRequest({ query: '!!!', tlds: [] }, null, {})).toEqual({ ok: false, error: SEARCH_NO_ACCOUNT });
    expect(buildSearchRequest({ query: '!!!', tlds: [] }, 'acc-1', {})).toEqual({ ok: false, error: SEARCH_INVALID_NAME });
    expect(buildSearchRequest({ query: 'example', tlds: [] }, 'acc-1', {})).toEqual({ ok: false, error: SEARCH_NO_SUPPORTED_TLDS });
  });

  it('sends the cleaned name, the ticks, the account and the spec\'s extra fields', () => {
    const { input: sent } = input('  My-Shop!  ', ['com', 'org']);
    expect(sent).toEqual({
      query: 'my-shop',
      tlds: ['com', 'org'],
      accountId: 'acc-1',
      enhancedSearch: true,
      originalQuery: 'My-Shop!',
      searchMode: 'domain',
      requestedTld: null,
      parsedInput: { name: 'my-shop', tld: null },
    });
  });

  it('names a typed TLD and its mode, and expects the typed name first', () => {
    const request = input('Example.io');
    expect(request.input).toMatchObject({ query: 'example.io', requestedTld: 'io', searchMode: 'full-domain-supported' });
    expect(request.expectedDomains?.[0]).toBe('example.io');
    expect(request.expectedDomains).toHaveLength(7);
  });

  it('expects the popular alternatives for a TLD we do not sell', () => {
    const request = input('example.xyz');
    expect(request.input.searchMode).toBe('full-domain-unsupported');
    expect(request.expectedDomains).toEqual(['com', 'net', 'org', 'io', 'co', 'app', 'dev', 'biz'].map((t) => `example.${t}`));
  });

  it('still searches while the prices load, leaving the mode and the rows to the answer', () => {
    const request = input('example', ['com'], null);
    expect(request.input).not.toHaveProperty('searchMode');
    expect(request.expectedDomains).toBeNull();
  });

  it('keeps originalQuery within the contract\'s 500 characters for a long pasted address', () => {
    const long = `https://example.com/${'a'.repeat(600)}`;
    const request = input(long);
    expect(request.input.query).toBe('example.com');
    expect(request.input.originalQuery).toHaveLength(500);
  });
});

describe('the search in the URL', () => {
  it('round-trips the query and the ticks in the checkboxes\' order', () => {
    const params = termsToParams({ query: 'example', tlds: ['net', 'com'] });
    expect(params.toString()).toBe('q=example&tlds=com%2Cnet');
    expect(termsFromParams(params)).toEqual({ query: 'example', tlds: ['com', 'net'] });
  });

  it('uses the default ticks when the link has none, and none when it says so', () => {
    expect(tldsFromParam(null)).toEqual(['com', 'net']);
    expect(tldsFromParam('')).toEqual([]);
    expect(termsFromParams(new URLSearchParams('q=example'))).toEqual({ query: 'example', tlds: ['com', 'net'] });
  });

  it('drops what is not one of the ten checkboxes from a hand-made link', () => {
    expect(tldsFromParam('.COM,xyz,c@m,io,io')).toEqual(['com', 'io']);
  });

  it('is no search without a query', () => {
    expect(termsFromParams(new URLSearchParams('tlds=com'))).toBeNull();
  });
});
