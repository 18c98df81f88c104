/**
 * What a list scaffold reads of its query: TanStack's infinite query answers all of it; a plain
 * query (a list the server answers whole) has no next page.
 */
export interface ListQuery {
  /** The first page has not come yet. */
  isPending: boolean;
  isError: boolean;
  /** The rows shown are the previous filter's, while the new one loads. */
  isPlaceholderData: boolean;
  refetch(): unknown;
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  isFetchNextPageError?: boolean;
  fetchNextPage?(): unknown;
}
