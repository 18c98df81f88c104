import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { ProfileView } from '../../../common/profile/contract.ts';
import { useFnMutation } from '../../api/hooks.ts';
import { FeedbackAlert, useFeedback } from '../../components/MutationFeedback.tsx';
import { useSession } from '../../session/SessionProvider.tsx';

/** Read-only e-mail, display name and optional phone number; saving also refreshes the top bar's greeting. */
export function ProfileForm({ profile }: { profile: ProfileView }) {
  const { refresh } = useSession();
  const update = useFnMutation('updateProfile', ['getProfile']);
  const feedback = useFeedback();

  const form = useForm({
    initialValues: { displayName: profile.displayName, phoneNumber: profile.phoneNumber ?? '' },
    validate: { displayName: (v) => (v.trim() ? null : 'Display name is required.') },
  });

  // A fresh answer from the server (after saving) becomes the form's new baseline.
  const { setValues, resetDirty } = form;
  useEffect(() => {
    setValues({ displayName: profile.displayName, phoneNumber: profile.phoneNumber ?? '' });
    resetDirty({ displayName: profile.displayName, phoneNumber: profile.phoneNumber ?? '' });
  }, [profile.displayName, profile.phoneNumber, setValues, resetDirty]);

  const submit = form.onSubmit(async ({ displayName, phoneNumber }) => {
    feedback.clear();
    try {
      await update.mutateAsync({ displayName: displayName.trim(), phoneNumber: phoneNumber.trim() || null });
      await refresh();
      feedback.success('Profile updated successfully!');
    } catch (error) {
      feedback.failure('Profile update failed', error);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Email" type="email" value={profile.email} readOnly disabled />
        <TextInput label="Display name" autoComplete="name" required withAsterisk={false} {...form.getInputProps('displayName')} />
        <TextInput
          label="Phone number"
          description="Optional"
          type="tel"
          autoComplete="tel"
          {...form.getInputProps('phoneNumber')}
        />
        <FeedbackAlert feedback={feedback} />
        <Group>
          <Button type="submit" loading={form.submitting}>Update Profile</Button>
        </Group>
      </Stack>
    </form>
  );
}
