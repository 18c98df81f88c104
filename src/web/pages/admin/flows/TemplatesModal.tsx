import { Badge, Button, Code, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { FLOW_TEMPLATES, type FlowBlueprint } from '../../../../common/admin/webhooks/texts.ts';

/** The spec's five flow templates; choosing one opens Create Flow with its triggers and severities. */
export function TemplatesModal({ onChoose, onClose }: { onChoose(template: FlowBlueprint): void; onClose(): void }) {
  return (
    <Modal opened onClose={onClose} title="Flow templates" size="lg">
      <Stack>
        {FLOW_TEMPLATES.map((t) => (
          <Paper key={t.key} withBorder p="sm">
            <Group justify="space-between" align="flex-start" wrap="wrap">
              <Stack gap={4} style={{ flex: '1 1 240px' }}>
                <Text fw={600}>{t.name}</Text>
                <Text size="sm" c="dimmed">{t.description}</Text>
                <Group gap={4}>
                  {t.patterns.map((p) => <Code key={p}>{p}</Code>)}
                  {t.severities.map((s) => <Badge key={s} size="sm" variant="light" color="gray">{s}</Badge>)}
                </Group>
              </Stack>
              <Button size="xs" onClick={() => onChoose(t)}>Use template</Button>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Modal>
  );
}
