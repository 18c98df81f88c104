import { Button, Group, Modal, Stack, Text } from '@mantine/core';

interface ConfirmDeleteModalProps { title: string; question: string; busy: boolean; onConfirm(): void; onClose(): void }

/** The confirmation a delete asks for (spec §5: bulk webhook delete asks to confirm); the flow designer uses it too. */
export function ConfirmDeleteModal({ title, question, busy, onConfirm, onClose }: ConfirmDeleteModalProps) {
  return (
    <Modal opened onClose={onClose} title={title}>
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
