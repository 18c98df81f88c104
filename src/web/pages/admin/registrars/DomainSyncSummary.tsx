import { Alert, List, Text } from '@mantine/core';
import type { FnOutput } from '../../../api/client.ts';

export type DomainSyncAnswer = FnOutput<'syncSupplierDomains'>;

/** Skipped names shown before '...and N more' (as the inventory's failure lists). */
const SHOWN = 10;

/** What a domain sync did besides its sentence: the totals, and the names it left alone with why. */
export function DomainSyncSummary({ supplier, answer, onClose }: { supplier: string; answer: DomainSyncAnswer; onClose(): void }) {
  const { totals, skipped } = answer;
  const more = totals.skipped - Math.min(skipped.length, SHOWN);
  return (
    <Alert color={answer.success ? 'gray' : 'yellow'} title={`${supplier}: domain sync`} withCloseButton closeButtonLabel="Dismiss" onClose={onClose} role="region">
      <Text size="sm">
        {totals.pages} page{totals.pages === 1 ? '' : 's'} read: {totals.created} created (unassigned, ready for bulk mapping),{' '}
        {totals.updated} refreshed ({totals.changed} changed), {totals.skipped} left alone.
      </Text>
      {skipped.length > 0 && (
        <List size="sm" spacing={2} mt={6}>
          {skipped.slice(0, SHOWN).map((s) => (
            <List.Item key={s.domain} style={{ overflowWrap: 'anywhere' }}>{s.domain}: {s.reason}</List.Item>
          ))}
          {more > 0 && <List.Item>...and {more} more</List.Item>}
        </List>
      )}
    </Alert>
  );
}
