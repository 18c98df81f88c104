import { describe, expect, it, vi } from 'vitest';
import type { RecentSearch } from '../../../../common/domains/search.ts';
import { recentSearchesOf, rememberSearch, subscribeToRecentSearches } from './recentSearchStore.ts';

const search = (query: string, timestamp: number): RecentSearch => ({ query, originalQuery: query, tlds: ['com'], mode: 'domain', timestamp });

describe('the recent searches of the tab', () => {
  it('keeps the last five of a user, newest first, and tells the page', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToRecentSearches(listener);
    for (let i = 1; i <= 6; i += 1) rememberSearch('user-a', search(`name${i}`, i));
    unsubscribe();
    expect(recentSearchesOf('user-a').map((s) => s.query)).toEqual(['name6', 'name5', 'name4', 'name3', 'name2']);
    expect(listener).toHaveBeenCalledTimes(6);
  });

  it('gives the same list until the next search, as useSyncExternalStore needs', () => {
    rememberSearch('user-b', search('one', 1));
    expect(recentSearchesOf('user-b')).toBe(recentSearchesOf('user-b'));
  });

  it('shows another user who signs in on the same tab none of them', () => {
    rememberSearch('user-c', search('secret-project', 1));
    expect(recentSearchesOf('user-d')).toEqual([]);
    expect(recentSearchesOf(null)).toEqual([]);
    rememberSearch('user-d', search('mine', 2));
    expect(recentSearchesOf('user-d').map((s) => s.query)).toEqual(['mine']);
    expect(recentSearchesOf('user-c')).toEqual([]);
  });
});
