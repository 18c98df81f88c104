import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { BILLING_EMAIL_REQUIRED, BILLING_PROFILE_SAVED } from '../../../common/billing/texts.ts';
import type { BillingProfile } from '../../../common/billing/contract.ts';
import { useFnMutation } from '../../api/hooks.ts';
import { FeedbackAlert, useFeedback } from '../../components/MutationFeedback.tsx';

/** The billing contact, e-mail, address and tax ID, for the account's owner and admins. */
export function BillingProfileForm({ accountId, profile }: { accountId: string; profile: BillingProfile }) {
  const save = useFnMutation('updateBillingProfile', ['getBillingOverview']);
  const feedback = useFeedback();
  const form = useForm({
    initialValues: profile,
    validate: { billingEmail: (v) => (v.trim() ? null : BILLING_EMAIL_REQUIRED) },
  });

  // A fresh answer from the server (after saving, or another admin's save) becomes the baseline,
  // unless this admin is in the middle of typing.
  const { setValues, resetDirty, isDirty } = form;
  useEffect(() => {
    if (isDirty()) return;
    setValues(profile);
    resetDirty(profile);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new profile from the server resets the form
  }, [profile.billingName, profile.billingEmail, profile.billingAddress, profile.taxId]);

  const submit = form.onSubmit(async (values) => {
    feedback.clear();
    try {
      const result = await save.mutateAsync({
        accountId,
        billingName: values.billingName.trim(),
        billingEmail: values.billingEmail.trim().toLowerCase(),
        billingAddress: values.billingAddress.trim(),
        taxId: values.taxId.trim(),
      });
      setValues(result.profile);
      resetDirty(result.profile);
      feedback.success(result.message || BILLING_PROFILE_SAVED);
    } catch (error) {
      feedback.failure('Failed to save', error);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Billing profile">
      <Stack>
        <TextInput label="Billing contact name" autoComplete="name" {...form.getInputProps('billingName')} />
        <TextInput label="Billing email" type="email" autoComplete="email" required withAsterisk {...form.getInputProps('billingEmail')} />
        <Textarea label="Billing address" autoComplete="street-address" autosize minRows={3} maxRows={8} {...form.getInputProps('billingAddress')} />
        <TextInput label="Tax ID" description="Optional" {...form.getInputProps('taxId')} />
        <FeedbackAlert feedback={feedback} />
        <Group>
          <Button type="submit" loading={form.submitting}>Save Billing Profile</Button>
        </Group>
      </Stack>
    </form>
  );
}
