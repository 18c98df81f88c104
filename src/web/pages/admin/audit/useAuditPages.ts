import { useInfiniteQuery } from '@tanstack/react-query';
import { AUDIT_PAGE_SIZE } from '../../../../common/adminAuditTexts.ts';
import { callFunction } from '../../../api/client.ts';

export interface AuditFilters {
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  dateFrom: string;
  dateTo: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { actorEmail: '', action: '', targetType: '', targetId: '', dateFrom: '', dateTo: '' };

/** The log 50 at a time, keyset-paged by the server; blank filters are left out, the previous rows stay while a new filter loads. */
export function useAuditPages(filters: AuditFilters) {
  const given = Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v));
  return useInfiniteQuery({
    queryKey: ['listAuditLog', 'pages', given],
    queryFn: ({ pageParam }) => callFunction('listAuditLog', { limit: AUDIT_PAGE_SIZE, startAfter: pageParam, ...given }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: (previous) => previous,
  });
}
