import { Alert, List, Text } from '@mantine/core';
import { andMore, FAILURES_SHOWN } from '../../../../common/admin/domainInventory/texts.ts';
import { firstFailures } from './domainLists.ts';
import type { DomainRunFailure } from './useDomainRun.ts';

/** The domains a run could not do: the first ten, then '...and N more' (spec §9). */
export function RunFailures({ title, failures, describe }: { title: string; failures: readonly DomainRunFailure[]; describe(f: DomainRunFailure): string }) {
  if (failures.length === 0) return null;
  const { shown, more } = firstFailures(failures, FAILURES_SHOWN);
  return (
    <Alert color="red" role="alert" title={title}>
      <List size="sm" spacing={2}>
        {shown.map((f) => <List.Item key={f.domain} style={{ overflowWrap: 'anywhere' }}><b>{f.domain}</b>: {describe(f)}</List.Item>)}
      </List>
      {more > 0 && <Text size="sm" mt={4}>{andMore(more)}</Text>}
    </Alert>
  );
}
