import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';

interface SecretModalProps {
  webhookName: string;
  secret: string;
  /** What to tell the operator: shown once after create, or the rotation's overlap. */
  message: string;
  onClose(): void;
}

/** The signing secret, the one time the server hands it out, with a Copy button. */
export function SecretModal({ webhookName, secret, message, onClose }: SecretModalProps) {
  return (
    <Modal opened onClose={onClose} title={`Signing secret of ${webhookName}`} size="lg">
      <Stack>
        <Alert color="yellow" role="status">{message}</Alert>
        <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid="webhook-secret">{secret}</Code>
        <Text size="sm" c="dimmed">
          Each delivery carries webhook-id, webhook-timestamp and webhook-signature headers; any Standard Webhooks library verifies them with this secret.
        </Text>
        <Group justify="flex-end">
          <CopyButton value={secret}>
            {({ copied, copy }) => <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>{copied ? 'Copied' : 'Copy'}</Button>}
          </CopyButton>
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
