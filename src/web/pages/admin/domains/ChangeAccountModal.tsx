import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { AccountOption } from '../../../../common/admin/accounts/contract.ts';
import type { ManagedDomainRow } from '../../../../common/admin/domainInventory/contract.ts';
import { FAILED_TO_UPDATE_DOMAIN, PLEASE_SELECT_ACCOUNT } from '../../../../common/admin/domainInventory/texts.ts';
import { useFnMutation } from '../../../api/hooks.ts';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';
import { AccountSearchPicker } from '../accounts/AccountSearchPicker.tsx';

/**
 * Change Account: moves one domain to the account picked. It sends the account the row showed,
 * so a domain another operator moved meanwhile is refused rather than moved again.
 */
export function ChangeAccountModal({ row, onClose }: { row: ManagedDomainRow | null; onClose(): void }) {
  const [account, setAccount] = useState<AccountOption | null>(null);
  const feedback = useFeedback();
  const update = useFnMutation('updateManagedDomain', ['listManagedDomains']);

  const close = () => {
    setAccount(null);
    feedback.clear();
    onClose();
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!row) return;
    if (!account) return feedback.error(PLEASE_SELECT_ACCOUNT);
    try {
      await update.mutateAsync({ domain: row.domain, oldAccountId: row.accountId, newAccountId: account.id });
      close();
    } catch (error) {
      feedback.failure(FAILED_TO_UPDATE_DOMAIN, error);
    }
  };

  return (
    <Modal opened={row !== null} onClose={close} title="Change account">
      <form onSubmit={save} noValidate aria-label="Change account">
        <Stack>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <b>{row?.domain}</b> belongs to {row?.accountName ? <b>{row.accountName}</b> : 'no account'}.
          </Text>
          <AccountSearchPicker label="New account" excludeId={row?.accountId ?? undefined} selected={account} onSelect={setAccount} />
          {!account && <Text size="xs" c="dimmed">{PLEASE_SELECT_ACCOUNT}</Text>}
          <FeedbackAlert feedback={feedback} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>Cancel</Button>
            <Button type="submit" disabled={!account} loading={update.isPending}>Save</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
