import { Badge, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { SearchResult } from '../../../../common/domains/contract.ts';
import { SkeletonRows, StackedTable } from '../../../components/StackedTable.tsx';
import tableClasses from '../../../components/StackedTable.module.css';
import { availabilitySummary, checkFailedText, pricePerYear, registerPath } from './resultDisplay.ts';

const COLUMNS = ['Domain', 'Status', 'Price', 'Action'];
const NUMERIC = ['Price'];
/** Rows to hold the place of a search whose names are not known yet (the prices still loading). */
const UNKNOWN_ROWS = 4;

function StatusCell({ result }: { result: SearchResult }) {
  if (result.error !== null) return <Text size="sm" c="red.8">{checkFailedText(result.error)}</Text>;
  return (
    <Group gap={6} wrap="wrap" justify="inherit">
      {result.available
        ? <Badge color="green" variant="light" className={tableClasses.badge}>Available</Badge>
        : <Badge color="gray" variant="light" className={tableClasses.badge}>Taken</Badge>}
      {result.premium && <Badge color="yellow" variant="light" className={tableClasses.badge}>Premium</Badge>}
    </Group>
  );
}

interface ResultRowProps {
  result: SearchResult;
  retrying: boolean;
  onRetry(domain: string): void;
  /** This search's address, so the form's 'Back to search' returns to these results. */
  searchPath: string;
}

function ResultRow({ result, retrying, onRetry, searchPath }: ResultRowProps) {
  const price = result.available ? pricePerYear(result) : null;
  return (
    <Table.Tr>
      <Table.Td data-primary style={{ overflowWrap: 'anywhere' }}>{result.domain}</Table.Td>
      <Table.Td data-label="Status"><StatusCell result={result} /></Table.Td>
      <Table.Td data-label="Price" ta="right">{price ?? '—'}</Table.Td>
      <Table.Td ta="right">
        {result.error !== null ? (
          <Button size="xs" variant="default" loading={retrying} onClick={() => onRetry(result.domain)} aria-label={`Retry ${result.domain}`}>
            Retry
          </Button>
        ) : result.available && result.premium ? (
          // The registry's own price, above the one we show per TLD: registerDomain refuses it and sends the customer to support.
          <Button size="xs" variant="default" component={Link} to="/tickets/new" aria-label={`Ask support about ${result.domain}`}>Ask support</Button>
        ) : result.available && (
          <Button size="xs" component={Link} to={registerPath(result)} state={{ searchPath }} aria-label={`Register ${result.domain}`}>Register</Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** A row per name being checked: the name is known, its answer is not yet. */
function PendingRows({ domains }: { domains: readonly string[] }) {
  return domains.map((domain) => (
    <Table.Tr key={domain}>
      <Table.Td data-primary style={{ overflowWrap: 'anywhere' }}>{domain}</Table.Td>
      <Table.Td data-label="Status"><Skeleton height={20} width={72} radius="xl" aria-hidden /></Table.Td>
      <Table.Td data-label="Price" ta="right"><Skeleton height={16} width={80} ml="auto" aria-hidden /></Table.Td>
      <Table.Td ta="right"><Skeleton height={30} width={80} ml="auto" aria-hidden /></Table.Td>
    </Table.Tr>
  ));
}

/** The results' place while the suppliers answer, the same size as the answer so nothing moves when it lands. */
export function SearchingResults({ domains }: { domains: readonly string[] | null }) {
  return (
    <Stack gap="xs" aria-busy>
      <Text size="sm" c="dimmed" role="status">Checking availability…</Text>
      <StackedTable label="Search results" columns={COLUMNS} numeric={NUMERIC}>
        {domains ? <PendingRows domains={domains} /> : <SkeletonRows columns={COLUMNS} count={UNKNOWN_ROWS} wide={['Domain']} />}
      </StackedTable>
    </Stack>
  );
}

interface SearchResultsProps {
  results: readonly SearchResult[];
  retrying: ReadonlySet<string>;
  onRetry(domain: string): void;
}

/** Each name checked: available or taken, our price per year, and Register (or Retry when it could not be checked). */
export function SearchResults({ results, retrying, onRetry }: SearchResultsProps) {
  const location = useLocation();
  const searchPath = `${location.pathname}${location.search}`;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed" role="status">
        {availabilitySummary(results)}
      </Text>
      <StackedTable label="Search results" columns={COLUMNS} numeric={NUMERIC}>
        {results.map((result) => (
          <ResultRow key={result.domain} result={result} retrying={retrying.has(result.domain)} onRetry={onRetry} searchPath={searchPath} />
        ))}
      </StackedTable>
    </Stack>
  );
}
