import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { errorDetail } from '../../../api/errorTexts.ts';
import { useFnMutation } from '../../../api/hooks.ts';
import { PageSection } from '../../../components/PageSection.tsx';

/** The transfer (EPP) code, on request: the server lets only the owner and admins see it, and audits each reveal. */
export function TransferCodePanel({ domain }: { domain: string }) {
  const reveal = useFnMutation('getDomainTransferCode');
  return (
    <PageSection title="Transfer code">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">The code another registrar asks for to move this domain away. Keep it private.</Text>
        {reveal.isSuccess ? (
          <Group gap="sm" wrap="nowrap">
            <Code fz="md" style={{ overflowWrap: 'anywhere' }}>{reveal.data.transferCode}</Code>
            <CopyButton value={reveal.data.transferCode}>
              {({ copied, copy }) => (
                <Button size="xs" variant={copied ? 'light' : 'default'} color={copied ? 'green' : undefined} onClick={copy}>
                  {copied ? 'Copied' : 'Copy code'}
                </Button>
              )}
            </CopyButton>
          </Group>
        ) : (
          <Group>
            <Button variant="default" size="xs" loading={reveal.isPending} onClick={() => reveal.mutate({ domain })}>Show transfer code</Button>
          </Group>
        )}
        {reveal.isError && <Alert color="red" role="alert">{errorDetail(reveal.error)}</Alert>}
      </Stack>
    </PageSection>
  );
}
