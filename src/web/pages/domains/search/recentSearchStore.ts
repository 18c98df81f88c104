import { useSyncExternalStore } from 'react';
import { addRecentSearch, type RecentSearch } from '../../../../common/domains/search.ts';

/**
 * The last searches, in memory for the browser tab (spec §9): a module of its own, so they
 * survive leaving /domains/search and coming back, and are gone on reload. They belong to the
 * user who made them: another user signing in on the same tab starts with none.
 */
let store: { userId: string | null; searches: readonly RecentSearch[] } = { userId: null, searches: [] };
const listeners = new Set<() => void>();
const NONE: readonly RecentSearch[] = [];

export function rememberSearch(userId: string, entry: RecentSearch): void {
  const current = store.userId === userId ? store.searches : NONE;
  store = { userId, searches: addRecentSearch(current, entry) };
  for (const listener of listeners) listener();
}

/** The same array until the next search, as useSyncExternalStore needs. */
export function recentSearchesOf(userId: string | null): readonly RecentSearch[] {
  return userId !== null && store.userId === userId ? store.searches : NONE;
}

export function subscribeToRecentSearches(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRecentSearches(userId: string | null): readonly RecentSearch[] {
  return useSyncExternalStore(subscribeToRecentSearches, () => recentSearchesOf(userId));
}
