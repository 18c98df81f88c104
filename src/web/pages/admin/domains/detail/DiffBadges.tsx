import { Badge, Group } from '@mantine/core';
import type { FieldDiff } from '../../../../../common/admin/domainDetail/contract.ts';

/** Conflict: the supplier and the registry disagree. Changed: a source differs from our record. */
export function DiffBadges({ diff }: { diff: Pick<FieldDiff, 'conflict' | 'changed'> }) {
  if (!diff.conflict && !diff.changed) return <Badge variant="light" color="gray" tt="none" size="sm">Matches</Badge>;
  return (
    <Group gap={4} wrap="wrap">
      {diff.conflict && <Badge variant="light" color="red" tt="none" size="sm">Conflict</Badge>}
      {diff.changed && <Badge variant="light" color="orange" tt="none" size="sm">Changed</Badge>}
    </Group>
  );
}
