/** What a list scaffold reads of a paged query (TanStack's infinite query answers all of it). */
export interface ListQuery {
  /** The first page has not come yet. */
  isPending: boolean;
  isError: boolean;
  /** The rows shown are the previous filter's, while the new one loads. */
  isPlaceholderData: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage(): unknown;
  refetch(): unknown;
}
