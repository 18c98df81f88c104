import { describe, expect, it } from 'vitest';
import { DEFAULT_QUERY, isFiltered, nextSort, queryFromParams, queryToParams } from './domainListQuery.ts';

describe('nextSort', () => {
  it('a new column starts ascending, whatever the order of the previous one', () => {
    expect(nextSort({ sortBy: 'registrationDate', sortOrder: 'desc' }, 'domain')).toEqual({ sortBy: 'domain', sortOrder: 'asc' });
    expect(nextSort({ sortBy: 'domain', sortOrder: 'asc' }, 'expirationDate')).toEqual({ sortBy: 'expirationDate', sortOrder: 'asc' });
  });

  it('a repeated click on the same column toggles the order both ways', () => {
    const once = nextSort({ sortBy: 'status', sortOrder: 'asc' }, 'status');
    expect(once).toEqual({ sortBy: 'status', sortOrder: 'desc' });
    expect(nextSort(once, 'status')).toEqual({ sortBy: 'status', sortOrder: 'asc' });
  });
});

describe('the list query in the address', () => {
  it('round-trips every value and leaves the defaults out', () => {
    const query = { search: 'shop', status: 'expired', sortBy: 'domain', sortOrder: 'asc' } as const;
    expect(queryFromParams(queryToParams(query))).toEqual(query);
    expect(queryToParams(DEFAULT_QUERY).toString()).toBe('');
    expect(queryToParams({ ...DEFAULT_QUERY, status: 'active' }).toString()).toBe('status=active');
  });

  it('falls back to the default for each unknown value and normalises the search', () => {
    const query = queryFromParams(new URLSearchParams('search=%20Shop.COM%20&status=deleted&sortBy=price&sortOrder=up'));
    expect(query).toEqual({ ...DEFAULT_QUERY, search: 'shop.com' });
  });

  it('counts the search and status as filters, not the sort', () => {
    expect(isFiltered(DEFAULT_QUERY)).toBe(false);
    expect(isFiltered({ ...DEFAULT_QUERY, sortBy: 'domain', sortOrder: 'asc' })).toBe(false);
    expect(isFiltered({ ...DEFAULT_QUERY, search: 'a' })).toBe(true);
    expect(isFiltered({ ...DEFAULT_QUERY, status: 'pending' })).toBe(true);
  });
});
