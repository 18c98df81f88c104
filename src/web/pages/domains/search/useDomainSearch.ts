import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SearchResult } from '../../../../common/domains/contract.ts';
import { callFunction, type FnOutput, FunctionCallError } from '../../../api/client.ts';
import { rememberSearch } from './recentSearchStore.ts';
import { retryTerms, searchedTlds, withResult } from './resultDisplay.ts';
import { buildSearchRequest, type SearchInput } from './searchRequest.ts';

type SearchAnswer = FnOutput<'searchDomains'>;

/** One search per account, name and ticked TLDs: the extra fields the server ignores are left out of the key. */
const searchKey = (input: SearchInput | null) =>
  ['searchDomains', input?.accountId ?? null, input?.query ?? null, input?.tlds ?? []] as const;

/**
 * The search the URL names, cached a minute so coming back from the registration form shows the
 * same answers at once; each answer is remembered among the recent searches. `retry` checks one
 * name again (a supplier that timed out) and puts its answer in place.
 */
export function useDomainSearch(input: SearchInput | null, userId: string | null) {
  const client = useQueryClient();
  const key = searchKey(input);
  const query = useQuery<SearchAnswer, FunctionCallError>({
    queryKey: key,
    enabled: input !== null,
    staleTime: 60_000,
    retry: false,
    queryFn: async () => {
      const answer = await callFunction('searchDomains', input!);
      if (userId) {
        rememberSearch(userId, {
          query: input!.query,
          originalQuery: input!.originalQuery ?? input!.query,
          tlds: searchedTlds(answer.results),
          mode: answer.mode,
          timestamp: Date.now(),
        });
      }
      return answer;
    },
  });

  const [retrying, setRetrying] = useState<ReadonlySet<string>>(new Set());
  const accountId = input?.accountId ?? null;
  const retry = async (domain: string) => {
    const request = buildSearchRequest(retryTerms(domain), accountId, null);
    if (!request.ok) return;
    const put = (fresh: SearchResult) => client.setQueryData<SearchAnswer>(key, (old) => old && { ...old, results: withResult(old.results, fresh) });
    setRetrying((now) => new Set(now).add(domain));
    try {
      const answer = await callFunction('searchDomains', request.input);
      const fresh = answer.results.find((r) => r.domain === domain);
      if (fresh) put(fresh);
    } catch (error) {
      const old = client.getQueryData<SearchAnswer>(key)?.results.find((r) => r.domain === domain);
      if (old) put({ ...old, error: error instanceof Error && error.message ? error.message : old.error });
    } finally {
      setRetrying((now) => {
        const next = new Set(now);
        next.delete(domain);
        return next;
      });
    }
  };

  return { query, retry, retrying };
}
