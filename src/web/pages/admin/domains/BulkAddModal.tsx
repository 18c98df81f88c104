import { Badge, Button, Group, Modal, Progress, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { AccountOption } from '../../../../common/admin/accounts/contract.ts';
import { ENTER_AT_LEAST_ONE_DOMAIN, FAILED_TO_CREATE, MANUAL_REGISTRAR, SELECT_ACCOUNT_FOR_BULK_IMPORT, UNKNOWN_ERROR } from '../../../../common/admin/domainInventory/texts.ts';
import { callFunction } from '../../../api/client.ts';
import { AccountSearchPicker } from '../accounts/AccountSearchPicker.tsx';
import { parseDomainList } from './domainLists.ts';
import { RegistrarSelect } from './RegistrarSelect.tsx';
import { RunFailures } from './RunFailures.tsx';
import { useDomainRun } from './useDomainRun.ts';

/**
 * Bulk Add (spec §2, §5): names split on commas or newlines, an account (required: the button stays
 * disabled, no error text), a Preview step, then one createManagedDomain per name with a bar that
 * advances per name. It closes itself when every name was added; otherwise it lists the failures.
 */
export function BulkAddModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const [text, setText] = useState('');
  const [account, setAccount] = useState<AccountOption | null>(null);
  const [registrar, setRegistrar] = useState(MANUAL_REGISTRAR);
  const [step, setStep] = useState<'edit' | 'preview'>('edit');
  const [emptyTried, setEmptyTried] = useState(false);
  const { state, run, reset } = useDomainRun();
  const domains = parseDomainList(text);
  const preview = () => {
    if (domains.length === 0) setEmptyTried(true);
    else setStep('preview');
  };

  const close = () => {
    if (state.running) return;
    setText('');
    setAccount(null);
    setRegistrar(MANUAL_REGISTRAR);
    setStep('edit');
    setEmptyTried(false);
    reset();
    onClose();
  };

  const add = async () => {
    if (!account) return;
    const outcome = await run(domains, (domain) => callFunction('createManagedDomain', {
      domain, accountId: account.id, registrar, managementMode: registrar === MANUAL_REGISTRAR ? 'manual' : 'api',
      expiryAt: null, autoRenewEnabled: false, nameservers: [], notes: null,
    }));
    if (outcome.failures.length === 0) close();
    // What failed stays in the box for another try.
    else setText(outcome.failures.map((f) => f.domain).join('\n'));
  };

  const started = state.total > 0;
  return (
    <Modal opened={opened} onClose={close} title="Bulk Add" size="lg" closeOnClickOutside={!state.running}>
      <Stack>
        {step === 'edit' ? (
          <>
            <Textarea
              label="Domains" description="Separate them with commas or new lines; each is added once." placeholder={'example.com\nexample.net'}
              autosize minRows={5} maxRows={12} value={text} onChange={(e) => { setText(e.currentTarget.value); setEmptyTried(false); }} data-autofocus
              error={emptyTried && domains.length === 0 ? ENTER_AT_LEAST_ONE_DOMAIN : undefined}
            />
            <AccountSearchPicker label="Account" selected={account} onSelect={setAccount} />
            {/* The account is required (Preview stays disabled); a hint, never an error (spec §5). */}
            {!account && <Text size="xs" c="dimmed">{SELECT_ACCOUNT_FOR_BULK_IMPORT}</Text>}
            <RegistrarSelect label="Registrar" value={registrar} onChange={(value) => setRegistrar(value ?? MANUAL_REGISTRAR)} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>Cancel</Button>
              <Button disabled={account === null} onClick={preview}>Preview</Button>
            </Group>
          </>
        ) : (
          <>
            <Text size="sm">
              {`${domains.length} ${domains.length === 1 ? 'domain' : 'domains'} will be added to `}<b>{account?.name}</b>.
            </Text>
            <ScrollArea.Autosize mah={220} type="auto">
              <Group gap={6}>{domains.map((d) => <Badge key={d} variant="light" tt="none">{d}</Badge>)}</Group>
            </ScrollArea.Autosize>
            {started && (
              <Stack gap={4}>
                <Progress value={(state.done / state.total) * 100} aria-label="Bulk Add progress" animated={state.running} />
                <Text size="xs" c="dimmed" aria-live="polite">{`${state.done} of ${state.total} done, ${state.failures.length} failed`}</Text>
              </Stack>
            )}
            <RunFailures
              title={FAILED_TO_CREATE} failures={state.running ? [] : state.failures}
              describe={(f) => (f.reason ? `${FAILED_TO_CREATE}: ${f.reason}` : UNKNOWN_ERROR)}
            />
            <Group justify="flex-end">
              <Button variant="default" disabled={state.running} onClick={() => { reset(); setStep('edit'); }}>Back</Button>
              <Button loading={state.running} disabled={domains.length === 0} onClick={() => void add()}>
                {`Add ${domains.length} ${domains.length === 1 ? 'domain' : 'domains'}`}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
