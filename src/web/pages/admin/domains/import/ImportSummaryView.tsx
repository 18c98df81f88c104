import { Alert, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { WHMCS_ERRORS_SHOWN } from '../../../../../common/admin/whmcsImport/texts.ts';

export interface ImportCounts {
  total: number;
  created: number;
  updated: number;
  skipped: number;
  errors: { domain: string | null; line: number; error: string }[];
  /** All errors, when `errors` holds only the first ones (a run read back after a time-out). */
  errorCount?: number;
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text fw={600} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>{value.toLocaleString()}</Text>
    </div>
  );
}

/** The counts of a preview (what apply would do) or an apply (what it did), and the first 10 errors (spec section 9). */
export function ImportSummaryView({ counts, applied }: { counts: ImportCounts; applied: boolean }) {
  const errorCount = counts.errorCount ?? counts.errors.length;
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, xs: 5 }} spacing="xs" aria-label={applied ? 'Import summary' : 'Preview summary'}>
        <Count label="Rows" value={counts.total} />
        <Count label={applied ? 'Created' : 'To create'} value={counts.created} />
        <Count label={applied ? 'Updated' : 'To update'} value={counts.updated} />
        <Count label="Skipped" value={counts.skipped} />
        <Count label="Errors" value={errorCount} />
      </SimpleGrid>
      {errorCount > 0 && (
        <Alert color="yellow" role="note" title={`${errorCount.toLocaleString()} row${errorCount === 1 ? '' : 's'} not imported`}>
          <List size="sm" spacing={2}>
            {counts.errors.slice(0, WHMCS_ERRORS_SHOWN).map((e) => (
              <List.Item key={`${e.line}-${e.error}`}>Line {e.line}{e.domain ? ` (${e.domain})` : ''}: {e.error}</List.Item>
            ))}
          </List>
          {errorCount > WHMCS_ERRORS_SHOWN && <Text size="sm" mt={4}>...and {errorCount - WHMCS_ERRORS_SHOWN} more</Text>}
        </Alert>
      )}
    </Stack>
  );
}
