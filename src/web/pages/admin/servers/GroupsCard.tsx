import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ServerGroupView } from '../../../../common/hosting/serversContract.ts';

/** The server groups: where a product's new accounts may go, and how they are spread. */
export function GroupsCard({ groups, onAdd, onEdit, onDelete, busyId }: {
  groups: ServerGroupView[]; onAdd(): void; onEdit(group: ServerGroupView): void; onDelete(group: ServerGroupView): void; busyId: string | null;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">Server groups</Title>
          <Button size="compact-sm" variant="default" onClick={onAdd}>Add group</Button>
        </Group>
        {groups.length === 0 ? (
          <Text size="sm" c="dimmed">No groups yet. A product places its accounts on the servers of one group.</Text>
        ) : (
          <Table>
            <Table.Thead><Table.Tr><Table.Th>Group</Table.Th><Table.Th>Fill policy</Table.Th><Table.Th ta="right">Servers</Table.Th><Table.Th>Actions</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {groups.map((group) => (
                <Table.Tr key={group.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{group.name}</Table.Td>
                  <Table.Td>{group.fillPolicy === 'fill' ? 'Fill' : 'Spread'}</Table.Td>
                  <Table.Td ta="right">{group.servers}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Button size="compact-xs" variant="default" onClick={() => onEdit(group)} aria-label={`Edit group ${group.name}`}>Edit</Button>
                      <Button size="compact-xs" variant="subtle" color="red" loading={busyId === group.id} onClick={() => onDelete(group)} aria-label={`Delete group ${group.name}`}>Delete</Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
