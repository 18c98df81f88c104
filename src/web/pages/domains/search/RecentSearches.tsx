import { Stack, Text, UnstyledButton } from '@mantine/core';
import { type RecentSearch, tldLabel } from '../../../../common/domains/search.ts';
import { PageSection } from '../../../components/PageSection.tsx';
import classes from './RecentSearches.module.css';

const tldList = (search: RecentSearch) => search.tlds.map(tldLabel).join(', ');
const timeOf = (search: RecentSearch) => new Date(search.timestamp).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** The last 5 searches of this browser tab; picking one runs it again. */
export function RecentSearches({ searches, onRepeat }: { searches: readonly RecentSearch[]; onRepeat(search: RecentSearch): void }) {
  return (
    <PageSection title="Recent searches" gap="sm">
      {searches.length === 0 ? (
        <Text size="sm" c="dimmed">Your last five searches show here until you close this tab.</Text>
      ) : (
        <Stack gap={4} component="ul" className={classes.list}>
          {searches.map((search) => (
            <li key={`${search.query}|${search.tlds.join()}`}>
              <UnstyledButton
                className={classes.item}
                onClick={() => onRepeat(search)}
                aria-label={`Search again: ${search.originalQuery} (${tldList(search)})`}
              >
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>{search.originalQuery}</Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{tldList(search)} · {timeOf(search)}</Text>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      )}
    </PageSection>
  );
}
