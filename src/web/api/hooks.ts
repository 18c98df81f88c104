import { type UseQueryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
