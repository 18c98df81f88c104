import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { deleteFailed } from '../../../../common/admin/accounts/texts.ts';
import type { AccountOption, AdminAccount } from '../../../../common/admin/accounts/contract.ts';
import { errorDetail } from '../../../api/errorTexts.ts';
import { useFnMutation } from '../../../api/hooks.ts';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';
import { AccountSearchPicker } from './AccountSearchPicker.tsx';

interface DeleteAccountModalProps {
  account: AdminAccount;
  onClose(): void;
  onDeleted(message: string): void;
}

/** Delete account: everything the account holds goes with it, except its domains when a receiving account is chosen. */
export function DeleteAccountModal({ account, onClose, onDeleted }: DeleteAccountModalProps) {
  const remove = useFnMutation('adminDeleteAccount', ['getAllAccounts', 'searchAccounts', 'getAdminAccountDetails']);
  const feedback = useFeedback();
  const [transfer, setTransfer] = useState(false);
  const [target, setTarget] = useState<AccountOption | null>(null);
  const domains = account.domainCount;

  const confirm = async () => {
    feedback.clear();
    try {
      const result = await remove.mutateAsync({ accountId: account.id, transferDomainsTo: transfer ? target?.id ?? null : null });
      onDeleted(result.domainsTransferred > 0
        ? `Deleted ${account.name}; ${result.domainsTransferred} domain(s) moved to ${target?.name}.`
        : `Deleted ${account.name}.`);
    } catch (error) {
      feedback.error(deleteFailed(errorDetail(error)));
    }
  };

  return (
    <Modal opened onClose={onClose} title="Delete account">
      <Stack>
        <Text>
          Delete <b>{account.name}</b> with its members, domain orders, subscriptions, invoices and tickets? This cannot be undone.
        </Text>
        <Checkbox
          label={`Transfer its ${domains} domain(s) to another account`}
          checked={transfer}
          disabled={domains === 0}
          onChange={(e) => { setTransfer(e.currentTarget.checked); setTarget(null); }}
        />
        {!transfer && domains > 0 && <Text size="sm" c="red">Without a transfer its domains are deleted too.</Text>}
        {transfer && <AccountSearchPicker label="Receiving account" excludeId={account.id} selected={target} onSelect={setTarget} />}
        <FeedbackAlert feedback={feedback} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button color="red" onClick={confirm} loading={remove.isPending} disabled={transfer && !target}>Delete account</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
