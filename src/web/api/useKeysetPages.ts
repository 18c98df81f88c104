import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { FunctionName } from '../../common/contracts/index.ts';
import { callFunction, type FnInput, type FnOutput } from './client.ts';

/** Where a page of rows names the next one: most lists say `nextCursor`, the orders and accounts `pagination.nextStartAfter`. */
type PageWithCursor = { nextCursor: string | null } | { pagination: { nextStartAfter: string | null } };

/** The functions that answer a page of rows with the cursor of the next one. */
export type KeysetFunction = {
  [N in FunctionName]: [Extract<FnOutput<N>, PageWithCursor>] extends [never] ? never : N
}[FunctionName];

type KeysetInput<N extends FunctionName> = NonNullable<FnInput<N>>;

/**
 * What a list asks for besides the cursor. Values read from the address are plain strings the
 * contract checked already (useUrlFilters), so they stand for any field's type.
 */
export type ListInput<N extends KeysetFunction> = { [K in keyof KeysetInput<N>]?: KeysetInput<N>[K] | string | null };

/** The cursor's name in the function's input: `startAfter` in the back office, `cursor` in the customer lists. */
type CursorField = 'startAfter' | 'cursor';

function nextCursorOf(page: unknown): string | null {
  const answer = page as Partial<{ nextCursor: string | null; pagination: { nextStartAfter: string | null } }>;
  return answer.nextCursor ?? answer.pagination?.nextStartAfter ?? null;
}

/** Blank filters are left out, so the server's defaults apply and equal lists share one cache entry. */
function withoutBlanks(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input)
    .map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value])
    .filter(([, value]) => value !== '' && value !== null && value !== undefined));
}

/**
 * A list keyset-paged by the server, a page at a time. Keyed under the function's name, so every
 * write that refreshes the function refreshes the list; while a new filter or sort loads, the
 * previous rows stay on screen (`isPlaceholderData`).
 */
export function useKeysetPages<N extends KeysetFunction>(name: N, input: ListInput<N>, cursorField: CursorField = 'startAfter') {
  const given = withoutBlanks(input as Record<string, unknown>);
  return useInfiniteQuery({
    queryKey: [name, 'pages', given],
    queryFn: ({ pageParam }) => callFunction(name, { ...given, ...(pageParam ? { [cursorField]: pageParam } : {}) } as FnInput<N>),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursorOf,
    placeholderData: keepPreviousData,
  });
}
