import { Button, Group, Modal, Text } from '@mantine/core';
import { DOMAIN_DETAIL_TEXTS } from '../../../../../common/admin/domainDetail/texts.ts';

/** The spec's question before a registrar or management-mode change is taken into the form. */
export function ConfirmManagementChange({ opened, onContinue, onCancel }: { opened: boolean; onContinue(): void; onCancel(): void }) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Change how this domain is managed?" centered>
      <Text size="sm">{DOMAIN_DETAIL_TEXTS.confirmRegistrarChange}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel}>Cancel</Button>
        <Button onClick={onContinue} data-autofocus>Continue</Button>
      </Group>
    </Modal>
  );
}
