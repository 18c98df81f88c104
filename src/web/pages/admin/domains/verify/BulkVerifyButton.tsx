import { Alert, Button, List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { DOMAIN_DETAIL_TEXTS } from '../../../../../common/admin/domainDetail/texts.ts';
import { useFnMutation } from '../../../../api/hooks.ts';
import { failureText } from '../../../../api/errorTexts.ts';

/** The spec shows the first 10 failures of a bulk action, then '...and N more'. */
const FAILURES_SHOWN = 10;

/** The inventory footer's Bulk Verify: verifies the selected domains, then says what succeeded and what failed. */
export function BulkVerifyButton({ domains, onDone }: { domains: string[]; onDone: () => void }) {
  const verify = useFnMutation('adminVerifyManagedDomainsBulk');
  const [open, setOpen] = useState(false);

  const run = () => {
    setOpen(true);
    verify.mutate({ domains }, { onSettled: () => onDone() });
  };
  const failures = verify.data?.results.filter((r) => !r.success) ?? [];

  return (
    <>
      <Button variant="default" onClick={run} disabled={domains.length === 0} loading={verify.isPending}>Bulk Verify</Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Bulk Verify" centered>
        <Stack gap="sm">
          {verify.isPending && <Text size="sm" aria-busy>Verifying {domains.length} domain{domains.length === 1 ? '' : 's'} at their suppliers and registries…</Text>}
          {verify.isError && <Alert color="red" role="alert">{failureText(DOMAIN_DETAIL_TEXTS.verifyFailed, verify.error)}</Alert>}
          {verify.data && (
            <>
              <Alert color={verify.data.failed ? 'orange' : 'green'} role="status">{verify.data.message}</Alert>
              {failures.length > 0 && (
                <List size="sm" spacing={4}>
                  {failures.slice(0, FAILURES_SHOWN).map((f) => <List.Item key={f.domain}><Text span fw={600} size="sm">{f.domain}</Text>: {f.error}</List.Item>)}
                  {failures.length > FAILURES_SHOWN && <List.Item>...and {failures.length - FAILURES_SHOWN} more</List.Item>}
                </List>
              )}
              <Text size="xs" c="dimmed">Open a domain and choose Sync WHOIS to review and apply what its sources say.</Text>
            </>
          )}
          <Button variant="default" onClick={() => setOpen(false)} style={{ alignSelf: 'flex-end' }}>Close</Button>
        </Stack>
      </Modal>
    </>
  );
}
