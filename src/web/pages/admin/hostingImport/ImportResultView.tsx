import { Alert, List, Text } from '@mantine/core';
import type { HostingImportResultItem } from '../../../../common/hosting/importContract.ts';

/** How an import ended: the sentence, and each account it skipped with why. */
export function ImportResultView({ result }: { result: { imported: number; skipped: number; message: string; items: HostingImportResultItem[] } }) {
  const skipped = result.items.filter((i) => i.outcome === 'skipped');
  return (
    <Alert color={skipped.length === 0 ? 'green' : 'yellow'} role="status" title={result.message}>
      {skipped.length > 0 && (
        <List size="sm" spacing={2}>
          {skipped.map((item) => <List.Item key={item.username}><Text span fw={500} size="sm">{item.username}</Text>: {item.message}</List.Item>)}
        </List>
      )}
    </Alert>
  );
}
