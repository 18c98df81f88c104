import { Alert, Button, Grid, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_SELECTED_TLDS, type RecentSearch, SEARCH_EMPTY_QUERY, SEARCH_INVALID_NAME, SELECTABLE_TLDS, parseDomainQuery } from '../../../common/domains/search.ts';
import { useFn } from '../../api/hooks.ts';
import { LoadFailedAlert } from '../../components/LoadFailedAlert.tsx';
import { NoActiveAccountNotice } from '../../components/NoActiveAccountNotice.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageSection } from '../../components/PageSection.tsx';
import { useSession } from '../../session/SessionProvider.tsx';
import { PopularTlds } from './search/PopularTlds.tsx';
import { PricingPanel } from './search/PricingPanel.tsx';
import { RecentSearches } from './search/RecentSearches.tsx';
import { useRecentSearches } from './search/recentSearchStore.ts';
import { searchErrorText } from './search/resultDisplay.ts';
import { SearchForm } from './search/SearchForm.tsx';
import { SearchingResults, SearchResults } from './search/SearchResults.tsx';
import { buildSearchRequest, type SearchTerms, termsFromParams, termsToParams } from './search/searchRequest.ts';
import { registerCentsByTld } from './search/tldPrices.ts';
import { useDomainSearch } from './search/useDomainSearch.ts';

const BLANK_FORM: SearchTerms = { query: '', tlds: [...DEFAULT_SELECTED_TLDS] };
/** Texts about what was typed go under the box; the others (no account, nothing priced) above the results. */
const QUERY_ERRORS: readonly string[] = [SEARCH_EMPTY_QUERY, SEARCH_INVALID_NAME];

const sameTerms = (a: SearchTerms | null, b: SearchTerms | null) =>
  a === b || (a !== null && b !== null && a.query === b.query && a.tlds.join() === b.tlds.join());

/**
 * The form follows the URL: a search run from the form, a recent search, the back button. It
 * is set while rendering when the URL's search changes (React's pattern for state derived from
 * a changing prop), so typing is never overwritten and focus stays in place.
 */
function useSearchFormState(urlTerms: SearchTerms | null) {
  const [form, setForm] = useState<SearchTerms>(urlTerms ?? BLANK_FORM);
  const [shown, setShown] = useState(urlTerms);
  if (!sameTerms(shown, urlTerms)) {
    setShown(urlTerms);
    if (urlTerms) setForm(urlTerms);
  }
  return [form, setForm] as const;
}

function EmptySearch() {
  return (
    <PageSection title="Find your domain">
      <Text size="sm">
        Type a name such as <b>mybusiness</b> to check it with the extensions you ticked, or a whole domain such
        as <b>mybusiness.com</b> to check that one and six alternatives. Available names show our price per year and
        a Register button.
      </Text>
    </PageSection>
  );
}

/** /domains/search: checks names across extensions for the active account, with our prices and the last searches. */
export default function DomainSearchPage() {
  const { activeAccountId, user } = useSession();
  const [params, setParams] = useSearchParams();
  const urlTerms = termsFromParams(params);
  const [form, setForm] = useSearchFormState(urlTerms);
  const [formError, setFormError] = useState<string | null>(null);

  const pricing = useFn('getTldPricing', {}, { staleTime: 5 * 60_000 });
  const pricedTlds = useMemo(() => (pricing.data ? registerCentsByTld(pricing.data.pricing) : null), [pricing.data]);

  const request = urlTerms ? buildSearchRequest(urlTerms, activeAccountId, pricedTlds) : null;
  const { query: search, retry, retrying } = useDomainSearch(request?.ok ? request.input : null, user?.id ?? null);
  const recent = useRecentSearches(user?.id ?? null);

  const run = (terms: SearchTerms) => {
    setForm(terms);
    const checked = buildSearchRequest(terms, activeAccountId, pricedTlds);
    if (!checked.ok) {
      setFormError(checked.error);
      return;
    }
    setFormError(null);
    const next = termsToParams(terms);
    if (next.toString() === params.toString() && !search.isFetching) void search.refetch();
    else setParams(next);
  };

  const pickPopular = (tld: string) => {
    const parsed = parseDomainQuery(form.query);
    run({ ...form, query: parsed.ok ? `${parsed.name}.${tld}` : form.query });
  };

  const repeat = (entry: RecentSearch) => {
    const selectable: readonly string[] = SELECTABLE_TLDS;
    // The ticks matter to a name searched alone; a full domain keeps the current ones.
    const tlds = entry.mode === 'domain' ? entry.tlds.filter((tld) => selectable.includes(tld)) : form.tlds;
    run({ query: entry.originalQuery, tlds });
  };

  // A search opened from a link is checked like one typed: its texts show the same way.
  const error = formError ?? (request && !request.ok ? request.error : null);
  const queryError = error !== null && QUERY_ERRORS.includes(error) ? error : null;
  const pageError = error !== null && queryError === null ? error : null;

  let results;
  if (!request?.ok) results = urlTerms === null ? <EmptySearch /> : null;
  else if (search.isError) {
    const text = searchErrorText(search.error);
    // A failure may pass; a refusal of what was typed needs a new query instead.
    results = text.startsWith('Search failed')
      ? <LoadFailedAlert onRetry={() => void search.refetch()}>{text}</LoadFailedAlert>
      : <Alert color="red" role="alert">{text}</Alert>;
  }
  else {
    const answer = search.data;
    results = (
      <Stack gap="sm">
        {answer?.message && (
          <Alert color={answer.mode === 'full-domain-unsupported' ? 'yellow' : 'green'} role="status">{answer.message}</Alert>
        )}
        <PageSection title="Search results">
          {answer
            ? <SearchResults results={answer.results} retrying={retrying} onRetry={(domain) => void retry(domain)} />
            : <SearchingResults domains={request.expectedDomains} />}
        </PageSection>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title="Domain Search" context="Check whether a name is free and register it for your account."
        actions={<Button component={Link} to="/domains" variant="default">My Domains</Button>}
      />
      {!activeAccountId && <NoActiveAccountNotice action="search for and register domains" />}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <PageSection title="Search">
              <SearchForm
                terms={form}
                onChange={setForm}
                onSubmit={run}
                queryError={queryError}
                searching={search.isFetching}
              />
              <PopularTlds pricedTlds={pricedTlds} failed={pricing.isError} onPick={pickPopular} />
            </PageSection>
            {pageError && <Alert color="red" role="alert">{pageError}</Alert>}
            {results}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <PricingPanel pricedTlds={pricedTlds} failed={pricing.isError} onRetry={() => void pricing.refetch()} />
            <RecentSearches searches={recent} onRepeat={repeat} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
