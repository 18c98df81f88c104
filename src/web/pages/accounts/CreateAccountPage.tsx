import { Alert, Anchor, Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ACCOUNT_NAME_REQUIRED } from '../../../common/contracts/accounts.ts';
import { useFnMutation } from '../../api/hooks.ts';
import { useSession } from '../../session/SessionProvider.tsx';

/** Creates an account owned by the user; the server makes it the active account, then home. */
export default function CreateAccountPage() {
  const { user, refresh } = useSession();
  const navigate = useNavigate();
  const create = useFnMutation('createAccount', ['listMyAccounts', 'getProfile']);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ initialValues: { accountName: '' } });

  const submit = form.onSubmit(async ({ accountName }) => {
    if (!accountName.trim() || !user) {
      setError(ACCOUNT_NAME_REQUIRED);
      return;
    }
    setError(null);
    try {
      await create.mutateAsync({ accountName: accountName.trim() });
      await refresh();
      navigate('/', { replace: true });
    } catch (caught) {
      setError(`Failed to create account: ${caught instanceof Error ? caught.message : String(caught)}`);
    }
  });

  return (
    <Stack gap="lg" maw={560}>
      <Title order={1}>Create a New Account</Title>
      <Card withBorder radius="md" padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              An account holds your services, tickets and billing. You become its owner and can invite others later.
            </Text>
            <TextInput label="Account Name" required withAsterisk={false} maxLength={100} {...form.getInputProps('accountName')} />
            {error && <Alert color="red">{error}</Alert>}
            <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>Create Account</Button>
          </Stack>
        </form>
      </Card>
      <Anchor component={Link} to="/">Back to Dashboard</Anchor>
    </Stack>
  );
}
