import { Accordion, Badge, Button, Code, Group, List, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FnOutput } from '../../../api/client.ts';

type Catalog = FnOutput<'getEventCatalog'>;

interface EventCatalogueProps {
  catalog: Catalog | undefined;
  loading: boolean;
  /** Create Flow on one event type; off while no webhook is active. */
  onCreate(type: string): void;
  canCreate: boolean;
}

/** The searchable catalogue by category (spec §2 Flow Designer), each type with its payload fields and Create Flow. */
export function EventCatalogue({ catalog, loading, onCreate, canCreate }: EventCatalogueProps) {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<string[]>([]);
  const needle = search.trim().toLowerCase();
  const categories = (catalog?.categories ?? []).map((c) => ({
    ...c,
    types: c.types.filter((t) => !needle || t.type.includes(needle) || t.description.toLowerCase().includes(needle)),
  })).filter((c) => c.types.length > 0);

  return (
    <Paper withBorder p="md">
      <Stack>
        <TextInput label="Search events" placeholder="e.g. domain.renewed or invoice" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
        {loading && <Stack gap="xs" aria-hidden>{[1, 2, 3, 4].map((i) => <Skeleton key={i} height={36} />)}</Stack>}
        {!loading && categories.length === 0 && <Text c="dimmed" role="status">No event type matches “{search.trim()}”.</Text>}
        {/* While searching, every category with a match is open. */}
        <Accordion multiple value={needle ? categories.map((c) => c.category) : open} onChange={setOpen} variant="separated">
          {categories.map((c) => (
            <Accordion.Item key={c.category} value={c.category}>
              <Accordion.Control>
                <Group gap="xs"><Text fw={600}>{c.label}</Text><Badge variant="light" color="gray">{c.types.length}</Badge></Group>
              </Accordion.Control>
              <Accordion.Panel>
                <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="sm">
                  {c.types.map((t) => (
                    <Paper key={t.type} withBorder p="sm">
                      <Group justify="space-between" align="flex-start" wrap="wrap">
                        <Stack gap={2} style={{ flex: '1 1 240px', minWidth: 0 }}>
                          <Code style={{ alignSelf: 'flex-start', overflowWrap: 'anywhere' }}>{t.type}</Code>
                          <Text size="sm">{t.description}</Text>
                          {Object.keys(t.payload).length > 0 && (
                            <List size="xs" c="dimmed" spacing={0}>
                              {Object.entries(t.payload).map(([field, about]) => <List.Item key={field}><Code>{field}</Code> {about}</List.Item>)}
                            </List>
                          )}
                        </Stack>
                        <Button size="xs" variant="light" disabled={!canCreate} onClick={() => onCreate(t.type)} aria-label={`Create flow for ${t.type}`}>
                          Create Flow
                        </Button>
                      </Group>
                    </Paper>
                  ))}
                </SimpleGrid>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Stack>
    </Paper>
  );
}
