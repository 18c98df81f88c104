import { Anchor, Badge, Button, Code, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { auditActionLabel, auditEntryTargetPath } from '../../../../common/admin/audit/texts.ts';
import type { AuditEntryView } from '../../../../common/admin/audit/contract.ts';
import { RelativeTime } from '../../../components/RelativeTime.tsx';
import classes from '../../../components/StackedTable.module.css';
import { JsonBlock } from '../../../components/Labeled.tsx';

export const AUDIT_COLUMNS = ['Time', 'Operator', 'Action', 'Target', 'Reason', 'Data'] as const;

const wrap = { overflowWrap: 'anywhere' } as const;

function Operator({ entry }: { entry: AuditEntryView }) {
  const { actor, actingAsAccount } = entry;
  return (
    <Stack gap={2} align="flex-start">
      {actor
        ? (
          <>
            {actor.userId
              ? <Anchor component={Link} to={`/super-admin/users/${encodeURIComponent(actor.userId)}`} size="sm" style={{ overflowWrap: 'break-word' }}>{actor.email ?? actor.userId}</Anchor>
              : <Text size="sm" style={wrap}>{actor.email}</Text>}
            {actor.displayName && <Text size="xs" c="dimmed" style={wrap}>{actor.displayName}</Text>}
          </>
        )
        : <Text size="sm" c="dimmed">System</Text>}
      {actingAsAccount && (
        <Badge variant="light" color="orange" className={classes.badge} style={{ textTransform: 'none' }}>
          As account{' '}
          <Anchor component={Link} to={`/super-admin/accounts/${encodeURIComponent(actingAsAccount.id)}`} size="xs" inherit>
            {actingAsAccount.name ?? actingAsAccount.id}
          </Anchor>
        </Badge>
      )}
    </Stack>
  );
}

function Target({ entry }: { entry: AuditEntryView }) {
  const path = auditEntryTargetPath(entry);
  return (
    <Stack gap={2} align="flex-start">
      <Text size="xs" c="dimmed">{entry.targetType}</Text>
      {entry.targetId && (path
        ? <Anchor component={Link} to={path} size="sm" style={wrap}>{entry.targetId}</Anchor>
        : <Text size="sm" style={wrap}>{entry.targetId}</Text>)}
    </Stack>
  );
}

export function AuditEntryRows({ entry }: { entry: AuditEntryView }) {
  const [open, setOpen] = useState(false);
  const hasData = entry.before != null || entry.after != null;
  return (
    <>
      <Table.Tr>
        <Table.Td data-label="Time" style={{ whiteSpace: 'nowrap' }}><RelativeTime value={entry.createdAt} /></Table.Td>
        <Table.Td data-label="Operator"><Operator entry={entry} /></Table.Td>
        <Table.Td data-label="Action">
          <Stack gap={2} align="flex-start">
            <Text size="sm" fw={600}>{auditActionLabel(entry.action)}</Text>
            <Code>{entry.action}</Code>
          </Stack>
        </Table.Td>
        <Table.Td data-label="Target"><Target entry={entry} /></Table.Td>
        <Table.Td data-label="Reason"><Text size="sm" style={wrap}>{entry.reason ?? '—'}</Text></Table.Td>
        <Table.Td data-label="Data">
          {hasData
            ? <Button size="compact-xs" variant="subtle" aria-expanded={open} onClick={() => setOpen((o) => !o)}>{open ? 'Hide data' : 'Show data'}</Button>
            : <Text size="sm" c="dimmed">—</Text>}
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr>
          <Table.Td colSpan={AUDIT_COLUMNS.length}>
            {/* One child: on a phone the cell is a flex line, and before, after and the request stack inside it. */}
            <Stack gap={4} style={{ width: '100%' }}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <JsonBlock label="Before" value={entry.before} empty="Nothing recorded" />
                <JsonBlock label="After" value={entry.after} empty="Nothing recorded" />
              </SimpleGrid>
              {entry.requestId && <Text size="xs" c="dimmed">Request {entry.requestId}</Text>}
            </Stack>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
