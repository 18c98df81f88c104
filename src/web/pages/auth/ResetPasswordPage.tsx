import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MIN_PASSWORD_LENGTH } from '../../../common/constants.ts';
import { resetPassword } from '../../api/auth.ts';
import { isResetLinkInvalid, resetPasswordErrorText } from '../../api/errorTexts.ts';
import { FeedbackAlert, useFeedback } from '../../components/MutationFeedback.tsx';
import { useSession } from '../../session/SessionProvider.tsx';
import { AuthCard } from './AuthCard.tsx';
import type { LoginLocationState } from './LoginPage.tsx';
import { PasswordField } from './PasswordField.tsx';

const LINK_INVALID = 'This password reset link is invalid or has expired.';
const PASSWORD_CHANGED = 'Your password has been changed. You can now sign in with your new password.';

/** Opened from the reset e-mail's link (?token=...); better-auth's own redirect reports ?error=INVALID_TOKEN. */
export default function ResetPasswordPage() {
  const { config, refresh } = useSession();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [linkInvalid, setLinkInvalid] = useState(!token || params.get('error') === 'INVALID_TOKEN');
  // A refused token is not an error to read but a page of its own (ask for a new link); every other outcome is feedback.
  const feedback = useFeedback();
  const minLength = config?.minPasswordLength ?? MIN_PASSWORD_LENGTH;

  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: {
      password: (v) => (v.length < minLength ? `Password must be at least ${minLength} characters long.` : null),
      confirmPassword: (v, values) => (v !== values.password ? 'Passwords do not match.' : null),
    },
  });

  const submit = form.onSubmit(async ({ password }) => {
    feedback.clear();
    try {
      await resetPassword(token!, password);
      // The reset signs out every session of this user, this browser's included.
      await refresh();
      feedback.success(PASSWORD_CHANGED);
    } catch (caught) {
      if (isResetLinkInvalid(caught)) setLinkInvalid(true);
      else feedback.error(resetPasswordErrorText(caught));
    }
  });

  if (feedback.current?.ok) {
    return (
      <AuthCard title="Password Changed">
        <FeedbackAlert feedback={feedback} />
        <Button component={Link} to="/login" fullWidth>Go to Login</Button>
      </AuthCard>
    );
  }

  if (linkInvalid) {
    const loginState: LoginLocationState = { forgotPassword: true };
    return (
      <AuthCard title="Reset Password">
        <Alert color="red">{LINK_INVALID}</Alert>
        <Text size="sm">A reset link works once and for one hour. Ask for a new one and use the newest e-mail.</Text>
        <Button component={Link} to="/login" state={loginState} fullWidth>Request a new reset link</Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Set a New Password">
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordField
            label="New password"
            autoComplete="new-password"
            description={`At least ${minLength} characters.`}
            required
            withAsterisk={false}
            {...form.getInputProps('password')}
          />
          <PasswordField label="Confirm new password" autoComplete="new-password" required withAsterisk={false} {...form.getInputProps('confirmPassword')} />
          <FeedbackAlert feedback={feedback} />
          <Button type="submit" fullWidth loading={form.submitting}>Set New Password</Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Remembered it? <Anchor component={Link} to="/login">Back to Login</Anchor>
      </Text>
    </AuthCard>
  );
}
