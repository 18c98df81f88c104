import { Alert, Button, Code, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  CODES_SAVED, COPY_CODES, DOWNLOAD_CODES, RECOVERY_CODES_HELP, RECOVERY_CODES_TITLE,
} from '../../../common/profile/twoFactorTexts.ts';

/** A text file of the codes, offered as a download without a round trip to the server. */
function downloadHref(codes: string[]): string {
  return `data:text/plain;charset=utf-8,${encodeURIComponent(`Provider Portal recovery codes\n\n${codes.join('\n')}\n`)}`;
}

/** The recovery codes, shown once right after they were made, with copy and download. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Alert color="yellow" title={RECOVERY_CODES_TITLE} w="100%">
      <Stack gap="sm">
        <Text size="sm">{RECOVERY_CODES_HELP}</Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4} data-testid="recovery-codes">
          {codes.map((code) => <Code key={code} fz="sm">{code}</Code>)}
        </SimpleGrid>
        <Group gap="sm">
          <CopyButton value={codes.join('\n')}>
            {({ copied, copy }) => <Button variant="default" size="xs" onClick={copy}>{copied ? 'Copied' : COPY_CODES}</Button>}
          </CopyButton>
          <Button component="a" variant="default" size="xs" href={downloadHref(codes)} download="recovery-codes.txt">{DOWNLOAD_CODES}</Button>
          <Button size="xs" onClick={onDone}>{CODES_SAVED}</Button>
        </Group>
      </Stack>
    </Alert>
  );
}
