import { Anchor, Button, Card, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router';
import { ACCOUNT_NAME_REQUIRED } from '../../../common/accounts/contract.ts';
import { useFnMutation } from '../../api/hooks.ts';
import { FeedbackAlert, useFeedback } from '../../components/MutationFeedback.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useSession } from '../../session/SessionProvider.tsx';

/** Creates an account owned by the user; the server makes it the active account, then home. */
export default function CreateAccountPage() {
  const { user, refresh } = useSession();
  const navigate = useNavigate();
  const create = useFnMutation('createAccount', ['listMyAccounts', 'getProfile']);
  const feedback = useFeedback();
  const form = useForm({ initialValues: { accountName: '' } });

  const submit = form.onSubmit(async ({ accountName }) => {
    if (!accountName.trim() || !user) {
      feedback.error(ACCOUNT_NAME_REQUIRED);
      return;
    }
    feedback.clear();
    try {
      await create.mutateAsync({ accountName: accountName.trim() });
      await refresh();
      navigate('/', { replace: true });
    } catch (caught) {
      feedback.failure('Failed to create account', caught);
    }
  });

  return (
    <Stack gap="lg" maw={560}>
      <PageHeader title="Create a New Account" context="An account holds your services, tickets and billing. You become its owner and can invite others later." />
      <Card withBorder radius="md" padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput label="Account Name" required withAsterisk={false} maxLength={100} {...form.getInputProps('accountName')} />
            <FeedbackAlert feedback={feedback} />
            <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>Create Account</Button>
          </Stack>
        </form>
      </Card>
      <Anchor component={Link} to="/">Back to Dashboard</Anchor>
    </Stack>
  );
}
