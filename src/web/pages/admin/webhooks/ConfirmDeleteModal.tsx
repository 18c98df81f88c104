import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/** The confirmation every webhook delete asks for (spec §5: bulk delete asks to confirm). */
export function ConfirmDeleteModal({ question, busy, onConfirm, onClose }: { question: string; busy: boolean; onConfirm(): void; onClose(): void }) {
  return (
    <Modal opened onClose={onClose} title="Delete webhooks">
      <Stack>
        <Text>{question}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button color="red" loading={busy} onClick={onConfirm} data-autofocus>Delete</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
