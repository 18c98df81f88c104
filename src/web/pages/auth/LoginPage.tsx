import { Anchor, Button, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { lazy, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { signInEmail } from '../../api/auth.ts';
import { googleReturnErrorText, signInErrorText } from '../../api/errorTexts.ts';
import { OnceOpened } from '../../components/OnceOpened.tsx';
import { FeedbackAlert, useFeedback } from '../../components/MutationFeedback.tsx';
import { useSession } from '../../session/SessionProvider.tsx';
import { AuthCard, EMAIL_PATTERN } from './AuthCard.tsx';
import { GoogleButton } from './GoogleButton.tsx';
import { PasskeySignInButton } from './PasskeySignInButton.tsx';
import { PasswordField } from './PasswordField.tsx';
import { TwoFactorStep } from './TwoFactorStep.tsx';
import { useReturnTo } from './useReturnTo.ts';

// Few visitors ask for a reset: the dialog (and Mantine's Modal) is fetched when it first opens, not with /login.
const ForgotPasswordModal = lazy(() => import('./ForgotPasswordModal.tsx'));

/** Set by the reset-password page's "request a new link" so the dialog opens straight away. */
export interface LoginLocationState {
  forgotPassword?: boolean;
}

export default function LoginPage() {
  const { user, loading, refresh, config } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const { returnTo, nextQuery } = useReturnTo();
  const googleError = params.get('error');
  // Sign-in's failures and the reset dialog's success share one place above the button.
  const feedback = useFeedback(googleError ? googleReturnErrorText('sign-in', googleError) : null);
  const [forgotOpen, setForgotOpen] = useState(Boolean((location.state as LoginLocationState | null)?.forgotPassword));
  // The password was right and the user has two-factor authentication: the code or the passkey comes next.
  const [needsCode, setNeedsCode] = useState(false);
  const [secondFactors, setSecondFactors] = useState<string[]>([]);

  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: {
      email: (v) => (!v.trim() ? 'Email is required.' : EMAIL_PATTERN.test(v.trim()) ? null : 'Please enter a valid email address.'),
      password: (v) => (v ? null : 'Password is required.'),
    },
  });

  if (!loading && user) return <Navigate to={returnTo} replace />;

  const finish = async () => {
    await refresh();
    navigate(returnTo, { replace: true });
  };

  if (needsCode) {
    return (
      <AuthCard title="Two-factor authentication">
        <TwoFactorStep methods={secondFactors} onSignedIn={finish} onCancel={() => { setNeedsCode(false); form.setFieldValue('password', ''); }} />
      </AuthCard>
    );
  }

  const submit = form.onSubmit(async ({ email, password }) => {
    feedback.clear();
    try {
      const answer = await signInEmail(email.trim(), password);
      if (answer?.twoFactorRedirect) {
        setSecondFactors(Array.isArray(answer.twoFactorMethods) ? answer.twoFactorMethods : ['totp']);
        setNeedsCode(true);
        return;
      }
      await finish();
    } catch (caught) {
      feedback.error(signInErrorText(caught));
    }
  });

  return (
    <AuthCard title="Sign In">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Email" type="email" autoComplete="email" required withAsterisk={false} {...form.getInputProps('email')} />
          <PasswordField label="Password" autoComplete="current-password" required withAsterisk={false} {...form.getInputProps('password')} />
          <Group justify="flex-end" mt={-8}>
            <Anchor component="button" type="button" size="sm" onClick={() => setForgotOpen(true)}>
              Forgot Password?
            </Anchor>
          </Group>
          <FeedbackAlert feedback={feedback} />
          <Button type="submit" fullWidth loading={form.submitting}>Sign In</Button>
        </Stack>
      </form>
      <PasskeySignInButton returnTo={returnTo} onError={feedback.error} />
      {config?.signInMethods.google && (
        <>
          <Divider label="or" labelPosition="center" />
          <GoogleButton flow="sign-in" returnTo={returnTo} onError={feedback.error} />
        </>
      )}
      <Text size="sm" ta="center">
        Don&apos;t have an account? <Anchor component={Link} to={`/register${nextQuery}`}>Register here</Anchor>
      </Text>
      <OnceOpened opened={forgotOpen}>
        <ForgotPasswordModal
          opened={forgotOpen}
          initialEmail={form.values.email.trim()}
          onClose={() => setForgotOpen(false)}
          onSent={feedback.success}
        />
      </OnceOpened>
    </AuthCard>
  );
}
