import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { AccountOption } from '../../../../common/admin/accounts/contract.ts';
import { AccountSearchPicker } from '../accounts/AccountSearchPicker.tsx';

/** Picks the customer account one panel account goes to (the back office's account search). */
export function ChooseAccountModal({ username, onChoose, onClose }: { username: string | null; onChoose(account: AccountOption): void; onClose(): void }) {
  const [account, setAccount] = useState<AccountOption | null>(null);
  const close = () => { setAccount(null); onClose(); };
  return (
    <Modal opened={username !== null} onClose={close} title="Customer account">
      <Stack>
        <Text size="sm">The service for <b>{username}</b> goes into this account.</Text>
        <AccountSearchPicker label="Account" selected={account} onSelect={setAccount} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>Cancel</Button>
          <Button disabled={!account} onClick={() => { if (account) onChoose(account); close(); }}>Choose</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
