import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';

/** Shown by pages that work on the active account when the user has none yet. */
export function NoActiveAccountNotice({ action }: { action: string }) {
  return (
    <Alert color="yellow" title="No active account">
      <Text size="sm">
        You need an active account to {action}.{' '}
        <Anchor component={Link} to="/create-account">Create a new account</Anchor>
        {' '}or{' '}
        <Anchor component={Link} to="/profile">join one from your profile</Anchor>
        {' '}if you have been invited.
      </Text>
    </Alert>
  );
}
