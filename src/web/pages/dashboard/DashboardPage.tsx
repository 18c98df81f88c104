import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { dashboardLoadText } from '../../api/errorTexts.ts';
import { useFn } from '../../api/hooks.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useLogout } from '../../layout/useLogout.ts';
import { useSession } from '../../session/SessionProvider.tsx';
import { AccountOverviewCard, BillingCard, SupportTicketsCard } from './DashboardCards.tsx';
import { LoadFailedAlert } from '../../components/LoadFailedAlert.tsx';

export default function DashboardPage() {
  const { user, activeAccountId } = useSession();
  const logout = useLogout();
  const dashboard = useFn('getDashboard', { accountId: activeAccountId ?? '' }, { enabled: Boolean(activeAccountId) });

  return (
    <Stack gap="lg">
      <PageHeader
        title="Dashboard" context={`Welcome, ${user?.name || user?.email}!`}
        actions={(
          <>
            <Button component={Link} to="/profile" variant="default">Profile</Button>
            <Button variant="light" color="red" onClick={logout}>Logout</Button>
          </>
        )}
      />

      <Group gap="sm">
        <Button component={Link} to="/tickets/new">New Ticket</Button>
        <Button component={Link} to="/services" variant="outline">Order New Services</Button>
      </Group>

      {activeAccountId ? (
        <>
          {dashboard.isError && (
            <LoadFailedAlert onRetry={() => dashboard.refetch()}>{dashboardLoadText(dashboard.error)}</LoadFailedAlert>
          )}
          {!dashboard.isError && (
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
              <AccountOverviewCard data={dashboard.data} />
              <SupportTicketsCard data={dashboard.data} />
              <BillingCard data={dashboard.data} />
            </SimpleGrid>
          )}
        </>
      ) : (
        <SetUpAccountPrompt />
      )}
    </Stack>
  );
}

/** Shown when the user belongs to no account yet: start one, or join through an invitation on the profile. */
function SetUpAccountPrompt() {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">Set up your account</Title>
        <Text>
          You are not linked to an account yet. Create a new account for your organisation, or join an existing one
          by accepting an invitation on your profile.
        </Text>
        <Group gap="sm">
          <Button component={Link} to="/create-account">Create New Account</Button>
          <Button component={Link} to="/profile" variant="default">Join an Account</Button>
        </Group>
      </Stack>
    </Card>
  );
}
