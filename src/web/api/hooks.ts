import { type UseQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FunctionName } from '../../common/contracts/index.ts';
import { callFunction, type FnInput, type FnOutput, type FunctionCallError } from './client.ts';

/** Query key of a function call: invalidate by function name after a write. */
export const fnKey = <N extends FunctionName>(name: N, data?: FnInput<N>) => (data === undefined ? [name] : [name, data]);

export function useFn<N extends FunctionName>(
  name: N,
  data: FnInput<N>,
  options: Omit<UseQueryOptions<FnOutput<N>, FunctionCallError>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<FnOutput<N>, FunctionCallError>({ queryKey: fnKey(name, data), queryFn: () => callFunction(name, data), ...options });
}

/** A write; on success it refreshes the named reads. */
export function useFnMutation<N extends FunctionName>(name: N, invalidates: FunctionName[] = []) {
  const client = useQueryClient();
  return useMutation<FnOutput<N>, FunctionCallError, FnInput<N>>({
    mutationFn: (data) => callFunction(name, data),
    onSuccess: async () => {
      await Promise.all(invalidates.map((n) => client.invalidateQueries({ queryKey: [n] })));
    },
  });
}

/** The functions that answer a page of rows with the cursor of the next one. */
type PagedFunction = { [N in FunctionName]: FnOutput<N> extends { nextCursor: string | null } ? N : never }[FunctionName];

/**
 * A filtered list keyset-paged by the server (the audit log, the events, the delivery log): blank
 * filters are left out, the previous rows stay while a new filter loads.
 */
export function useFilteredPages<N extends PagedFunction, F extends { [K in keyof F]: string }>(name: N, pageSize: number, filters: F) {
  const given = Object.fromEntries(Object.entries<string>(filters).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v));
  return useInfiniteQuery({
    queryKey: [name, 'pages', given],
    queryFn: ({ pageParam }) => callFunction(name, { limit: pageSize, startAfter: pageParam, ...given } as FnInput<N>),
    initialPageParam: null as string | null,
    getNextPageParam: (last: FnOutput<N>) => (last as { nextCursor: string | null }).nextCursor,
    placeholderData: (previous) => previous,
  });
}
