import { useInfiniteQuery } from '@tanstack/react-query';
import { USERS_PAGE_SIZE } from '../../../../common/adminUsersTexts.ts';
import type { SortOrder, UserSortField } from '../../../../common/contracts/adminUsers.ts';
import type { GlobalRole } from '../../../../common/constants.ts';
import { callFunction } from '../../../api/client.ts';

export interface UserListFilters {
  email: string;
  globalRole: GlobalRole | null;
  sortBy: UserSortField;
  sortOrder: SortOrder;
}

/**
 * Users 25 at a time, keyset-paged by the server (there may be 100,000). Keyed under
 * 'getAllUsers' so every user write refreshes it; the previous rows stay while a new filter loads.
 */
export function useUserPages(filters: UserListFilters) {
  return useInfiniteQuery({
    queryKey: ['getAllUsers', 'pages', filters],
    queryFn: ({ pageParam }) => callFunction('getAllUsers', {
      limit: USERS_PAGE_SIZE, startAfter: pageParam, sortBy: filters.sortBy, sortOrder: filters.sortOrder,
      ...(filters.email.trim() ? { email: filters.email.trim() } : {}),
      ...(filters.globalRole ? { globalRole: filters.globalRole } : {}),
    }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: (previous) => previous,
  });
}
