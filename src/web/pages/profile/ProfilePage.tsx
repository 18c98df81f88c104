import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useFn } from '../../api/hooks.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useSession } from '../../session/SessionProvider.tsx';
import { PendingInvitations } from './PendingInvitations.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { SecuritySection } from './SecuritySection.tsx';
import { SessionsSection } from './SessionsSection.tsx';
import { TwoFactorSection } from './TwoFactorSection.tsx';
import { ENROL_SECOND_FACTOR_FIRST } from '../../../common/profile/twoFactorTexts.ts';
import { PasskeysSection } from './PasskeysSection.tsx';
import { PageSection } from '../../components/PageSection.tsx';

/** Whether the user belongs to any account: a way to start one, or where members are managed. */
function MembershipNote({ hasAccounts }: { hasAccounts: boolean }) {
  if (!hasAccounts) {
    return (
      <Alert color="yellow" title="You are not a member of any account yet">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">Create a new account, or accept an invitation below if someone invited you to theirs.</Text>
          <Button component={Link} to="/create-account" size="xs">Create New Account</Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="blue" title="You are a member of an account">
      <Text size="sm">
        Account members, invitations and roles are managed in{' '}
        <Anchor component={Link} to="/account-settings">Account Settings</Anchor>.
      </Text>
    </Alert>
  );
}

export default function ProfilePage() {
  const { user, state } = useSession();
  const profile = useFn('getProfile', {});

  return (
    <Stack gap="lg" maw={720}>
      <PageHeader title="Your Profile" context="Your name and contact details, the invitations waiting for you, how you sign in and where you are signed in." />

      {state?.mustEnrolSecondFactor && <Alert color="orange" title="Set up two-factor authentication">{ENROL_SECOND_FACTOR_FIRST}</Alert>}
      {profile.isPending && <PageLoader />}
      {profile.isError && (
        <>
          <Alert color="red">Failed to check account status.</Alert>
          <Alert color="red">Failed to load profile info.</Alert>
        </>
      )}
      {profile.data && (
        <>
          <MembershipNote hasAccounts={profile.data.hasAccounts} />
          <PageSection title="Profile Information">
            <ProfileForm profile={profile.data} />
          </PageSection>
        </>
      )}

      {/* An operator held back by REQUIRE_ADMIN_2FA may not read invitations until they enrol. */}
      {!state?.mustEnrolSecondFactor && (
        <PageSection title="Pending invitations">
          <PendingInvitations />
        </PageSection>
      )}

      <PageSection title="Security">
        <SecuritySection email={profile.data?.email || user?.email || null} />
        <TwoFactorSection />
        <PasskeysSection />
      </PageSection>

      <PageSection title="Where you are signed in"><SessionsSection /></PageSection>

      <Anchor component={Link} to="/">Back to Dashboard</Anchor>
    </Stack>
  );
}
