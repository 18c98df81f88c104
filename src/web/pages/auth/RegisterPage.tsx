import { Anchor, Button, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { MIN_PASSWORD_LENGTH } from '../../../common/constants.ts';
import { signUpEmail } from '../../api/auth.ts';
import { googleReturnErrorText, signUpErrorText } from '../../api/errorTexts.ts';
import { FeedbackAlert, useFeedback } from '../../components/MutationFeedback.tsx';
import { useSession } from '../../session/SessionProvider.tsx';
import { AuthCard, EMAIL_PATTERN } from './AuthCard.tsx';
import { GoogleButton } from './GoogleButton.tsx';
import { PasswordField } from './PasswordField.tsx';
import { useReturnTo } from './useReturnTo.ts';

export default function RegisterPage() {
  const { user, loading, refresh, config } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { returnTo, nextQuery } = useReturnTo();
  const googleError = params.get('error');
  const feedback = useFeedback(googleError ? googleReturnErrorText('sign-up', googleError) : null);
  const minLength = config?.minPasswordLength ?? MIN_PASSWORD_LENGTH;

  const form = useForm({
    initialValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
    validate: {
      email: (v) => (!v.trim() ? 'Email is required.' : EMAIL_PATTERN.test(v.trim()) ? null : 'Please enter a valid email address.'),
    },
  });

  if (!loading && user) return <Navigate to={returnTo} replace />;

  /** The spec's rules, checked in its order and shown as one message above the button. */
  const ruleViolation = (v: typeof form.values): string | null => {
    if (!v.firstName.trim() || !v.lastName.trim()) return 'Please enter your first and last name.';
    if (v.password.length < minLength) return `Password must be at least ${minLength} characters long.`;
    if (v.password !== v.confirmPassword) return 'Passwords do not match.';
    return null;
  };

  const submit = form.onSubmit(async (values) => {
    const violation = ruleViolation(values);
    if (violation) {
      feedback.error(violation);
      return;
    }
    feedback.clear();
    try {
      // The verification link in the mail brings the person back to the same page; a browser that is
      // not signed in is asked to sign in there (the link itself signs nobody in: login CSRF).
      await signUpEmail(`${values.firstName.trim()} ${values.lastName.trim()}`, values.email.trim(), values.password, returnTo);
      notifications.show({
        color: 'blue',
        title: 'Check your e-mail',
        message: `We sent a verification link to ${values.email.trim()}. Open it to confirm your address.`,
      });
      await refresh();
      navigate(returnTo, { replace: true });
    } catch (caught) {
      feedback.error(signUpErrorText(caught));
    }
  });

  return (
    <AuthCard title="Create Account">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Group grow align="flex-start">
            <TextInput label="First name" autoComplete="given-name" required withAsterisk={false} {...form.getInputProps('firstName')} />
            <TextInput label="Last name" autoComplete="family-name" required withAsterisk={false} {...form.getInputProps('lastName')} />
          </Group>
          <TextInput label="Email" type="email" autoComplete="email" required withAsterisk={false} {...form.getInputProps('email')} />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            description={`At least ${minLength} characters.`}
            required
            withAsterisk={false}
            {...form.getInputProps('password')}
          />
          <PasswordField label="Confirm password" autoComplete="new-password" required withAsterisk={false} {...form.getInputProps('confirmPassword')} />
          <FeedbackAlert feedback={feedback} />
          <Button type="submit" fullWidth loading={form.submitting}>Create Account</Button>
        </Stack>
      </form>
      {config?.signInMethods.google && (
        <>
          <Divider label="or" labelPosition="center" />
          <GoogleButton flow="sign-up" returnTo={returnTo} onError={feedback.error} />
        </>
      )}
      <Text size="sm" ta="center">
        Already have an account? <Anchor component={Link} to={`/login${nextQuery}`}>Login here</Anchor>
      </Text>
    </AuthCard>
  );
}
