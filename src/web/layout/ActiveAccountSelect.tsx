import { Button, NativeSelect, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { failureText } from '../api/errorTexts.ts';
import { useSession } from '../session/SessionProvider.tsx';

/** Select value of the '+ new account' entry; account ids never take this form. */
const NEW_ACCOUNT = '__new_account__';

/** The active-account selector at the top of the sidebar, with '+ new account'. */
export function ActiveAccountSelect() {
  const { state, activeAccountId, setActiveAccount } = useSession();
  const navigate = useNavigate();
  const [switching, setSwitching] = useState(false);
  const memberships = state?.memberships ?? [];

  const choose = async (value: string | null) => {
    if (!value || value === activeAccountId) return;
    if (value === NEW_ACCOUNT) {
      navigate('/create-account');
      return;
    }
    setSwitching(true);
    try {
      await setActiveAccount(value);
    } catch (error) {
      notifications.show({ color: 'red', title: 'Active account', message: failureText('Could not switch account', error) });
    } finally {
      setSwitching(false);
    }
  };

  return (
    <Stack gap="xs">
      {memberships.length > 0 && (
        // The browser's own select: it opens the phone's native picker, and mounting it costs a
        // fraction of a combobox (the sidebar renders on every signed-in first load).
        <NativeSelect
          label="Active account"
          data={[
            ...(activeAccountId ? [] : [{ value: '', label: 'Choose an account', disabled: true }]),
            ...memberships.map((m) => ({ value: m.accountId, label: m.accountName })),
            { value: NEW_ACCOUNT, label: '+ new account' },
          ]}
          value={activeAccountId ?? ''}
          onChange={(event) => void choose(event.currentTarget.value)}
          disabled={switching}
        />
      )}
      {!activeAccountId && (
        <>
          <Text size="sm" c="dimmed">No active account.</Text>
          <Button component={Link} to="/profile" size="xs" variant="light">
            Create/Join
          </Button>
        </>
      )}
    </Stack>
  );
}
