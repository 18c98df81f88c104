import { Badge, Group } from '@mantine/core';
import type { FieldDiff } from '../../../../../common/admin/domainDetail/contract.ts';

/**
 * Conflict: the supplier and the registry disagree. Changed: a source differs from our record.
 * With neither source holding a value there was nothing to compare: never called a match.
 */
export function DiffBadges({ diff }: { diff: Pick<FieldDiff, 'conflict' | 'changed' | 'supplier' | 'whois'> }) {
  if (diff.supplier === null && diff.whois === null) return <Badge variant="outline" color="gray" tt="none" size="sm">Not compared</Badge>;
  if (!diff.conflict && !diff.changed) return <Badge variant="light" color="gray" tt="none" size="sm">Matches</Badge>;
  return (
    <Group gap={4} wrap="wrap">
      {diff.conflict && <Badge variant="light" color="red" tt="none" size="sm">Conflict</Badge>}
      {diff.changed && <Badge variant="light" color="orange" tt="none" size="sm">Changed</Badge>}
    </Group>
  );
}
